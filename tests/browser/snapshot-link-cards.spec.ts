// Issue 34: a card links to its page from its picture, its title and often its price or a
// "Read more"; each link was a line with an id saying the same name again. Inside one card
// they fold into the title link (one line, one id, the name once); what a folded link adds
// (a price, "Read more", a picture's own description) stays as text. Links that share a target
// on purpose (header logo and navigation, a pager's "2" and "Next", two items of a list, a
// picture opening a new tab) stay apart. The kept id acts on the title link itself (A3).
import { expect, test, type Page } from '@playwright/test';
import { loadUrl, snapshot } from './helpers/domtool';

type Click = { href: string; text: string; heading: boolean };

test.use({ viewport: { width: 1280, height: 720 } });

const lines = (text: string, words: string) => text.split('\n').filter((l) => l.includes(words));
const idOn = (line: string) => /\((nv_\w+)\)|^\s*(nv_\w+) /.exec(line)?.slice(1).find(Boolean) ?? null;

async function clickId(page: Page, id: string): Promise<{ success: boolean; click: Click | undefined }> {
  return page.evaluate(async (id) => {
    const w = window as unknown as {
      __domtoolTest: { click(id: string): Promise<{ success: boolean }> };
      __clicks: Click[];
    };
    const r = await w.__domtoolTest.click(id);
    return { success: r.success, click: w.__clicks[w.__clicks.length - 1] };
  }, id);
}

/** Every link of the card holding `title` that goes where its title link goes, with what it says. */
function sameTargetLinks(page: Page, title: string) {
  return page.evaluate((title) => {
    const titleLink = [...document.querySelectorAll<HTMLAnchorElement>('h2 a, h3 a')].find(
      (a) => a.textContent?.trim() === title,
    )!;
    const card = titleLink.closest('li, article, .result, .card')!;
    return [...card.querySelectorAll('a')]
      .filter((a) => a.href === titleLink.href)
      .map((a) => (a.textContent?.trim() || a.querySelector('img')?.alt) ?? '');
  }, title);
}

test("a card's picture, title, price and Read-more links to one page fold into its title link, which acts", async ({
  page,
}) => {
  await loadUrl(page, '/fixtures/widgets/link-cards.html');
  const { text, mutations } = await snapshot(page, { fresh: true });
  expect(mutations).toEqual([]);

  // Shop tile: the picture link said the product name again (its alt) and went to the same page.
  expect(await sameTargetLinks(page, 'Trail Dome Tent')).toEqual(['Trail Dome Tent', 'Trail Dome Tent']);
  const tent = lines(text, 'Trail Dome Tent');
  expect(tent).toHaveLength(1);
  expect(tent[0]).toMatch(/^ +- h3 \[Trail Dome Tent\]\(nv_\w+\)$/);
  const clicked = await clickId(page, idOn(tent[0])!);
  expect(clicked.success).toBe(true);
  expect(clicked.click).toEqual({ href: '/p/1', text: 'Trail Dome Tent', heading: true });

  // Search result: the picture's alt says more than the title (kept as an image line), the
  // price link is the price as text; the reviews link goes elsewhere and keeps its id.
  expect(await sameTargetLinks(page, 'Ridge Pack 40L')).toEqual([
    'Sponsored Ad - Ridge Pack 40L, blue, with rain cover',
    'Ridge Pack 40L',
    '$89.99',
  ]);
  expect(text).toMatch(
    /\n +img "Sponsored Ad - Ridge Pack 40L, blue, with rain cover"\n +h2 \[Ridge Pack 40L\]\(nv_\w+\)\n/,
  );
  expect(text).toMatch(/\[4\.5 out of 5 stars \(120\)\]\(nv_\w+\) \$89\.99\n/);
  expect(lines(text, 'Ridge Pack 40L').filter((l) => /nv_/.test(l))).toHaveLength(1);

  // News: the picture (no alt) and "Read more" go to the story; the author link does not.
  expect(await sameTargetLinks(page, 'Glacier retreat doubles')).toEqual(['', 'Glacier retreat doubles', 'Read more']);
  expect(text).toMatch(/\n +By \[Ana Lee\]\(nv_\w+\) · Read more\n/);
  const story = lines(text, 'Glacier retreat doubles');
  expect(story).toHaveLength(1);
  const read = await clickId(page, idOn(story[0])!);
  expect(read.click).toEqual({ href: '/news/glacier', text: 'Glacier retreat doubles', heading: true });

  // find names one link for the card: the one that acts.
  const found = await page.evaluate(() =>
    (
      window as unknown as { __domtoolTest: { find(q: string): Promise<{ total: number; text: string }> } }
    ).__domtoolTest.find('Summit Tunnel Tent'),
  );
  expect(found.text.match(/nv_\w+ link "Summit Tunnel Tent"/g), found.text).toHaveLength(1);
});

test('links that share a target on purpose stay apart, each with its id', async ({ page }) => {
  await loadUrl(page, '/fixtures/widgets/link-cards.html');
  const { text } = await snapshot(page, { fresh: true });
  // Header logo and the navigation's Home; a pager's "2" and "Next"; two items of one list.
  for (const name of ['link "Acme"', 'link "Home"', 'link "2"', 'link "Next"'])
    expect(text).toMatch(new RegExp(`nv_\\w+ ${name}`));
  expect(text).toMatch(/- \[Summer sale\]\(nv_\w+\)\n +- \[Deals of the week\]\(nv_\w+\)/);
  // A picture that opens a new tab is not the title link that opens in this one.
  expect(text).toMatch(/nv_\w+ link "Meadow Tent" \[new-tab\]\n +h3 \[Meadow Tent\]\(nv_\w+\)/);
});
