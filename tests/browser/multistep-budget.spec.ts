// Issue 10 §4 in real Chromium: the budget keeps alerts, status regions, field errors
// and the focused control even when tiny; a long feed uses the budget (as many items as
// fit), says how many are left and which way to scroll; after a scroll, the items in
// view are the ones listed.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

/** The library's own token estimate (≈ 3.4 ASCII chars per token, +1 per line). */
function estimate(text: string): number {
  return text.split('\n').reduce((n, line) => n + Math.ceil(line.length / 3.4) + 1, 0);
}

async function getText(page: Page, options: object): Promise<string> {
  return page.evaluate((o) => new window.BrowserXDomTool.DomTool(o).getText(), options);
}

test('an alert, a status message, a field error and the focused field survive a tiny budget', async ({ page }) => {
  const filler = Array.from(
    { length: 80 },
    (_, i) => `<p>Paragraph ${i} with enough words to cost some tokens in the text.</p><a href="#l${i}">Link ${i}</a>`,
  ).join('');
  await loadHtml(
    page,
    `${filler}
    <form><label>Email <input id="email" aria-invalid="true" aria-describedby="email-err" value="ada@"></label>
    <span id="email-err">Enter a complete email address.</span>
    <label>Name <input id="name"></label></form>
    <label>Card <input id="card" aria-invalid="true" aria-errormessage="card-err" value="42"></label>
    <div><div><span id="card-err">Card number is too short.</span></div></div>
    <div role="alert">Payment failed: card declined</div>
    <div aria-live="polite"><span>3 items saved</span></div>
    <div class="Toast-container"><div><p>Draft saved to your account</p></div></div>`,
  );
  await page.focus('#name');
  const text = await getText(page, { tokenBudget: 150, timeBudgetMs: 10000 });
  expect(text).toContain('Payment failed: card declined');
  expect(text).toContain('3 items saved');
  expect(text).toMatch(/textbox "Email" \[value="ada@" invalid/);
  expect(text).toContain('Enter a complete email address.');
  // aria-errormessage, its text two wrappers deep; a toast found by its class on a wrapper the text leaves out.
  expect(text).toContain('Card number is too short.');
  expect(text).toContain('Draft saved to your account');
  expect(text).toMatch(/textbox "Name" \[focused/);
  expect(text).not.toContain('Paragraph 40');
});

test('a toast whose text lives in its shadow tree survives a tiny budget (the region is found along the rendered tree, across the shadow boundary)', async ({
  page,
}) => {
  const filler = Array.from(
    { length: 80 },
    (_, i) => `<p>Paragraph ${i} with enough words to cost some tokens in the text.</p><a href="#l${i}">Link ${i}</a>`,
  ).join('');
  await loadHtml(
    page,
    `${filler}
    <div id="host" class="toast"></div>
    <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<div><p>Upload finished: 3 files</p></div>';</script>`,
  );
  const text = await getText(page, { tokenBudget: 150, timeBudgetMs: 10000 });
  expect(text).toContain('Upload finished: 3 files');
  expect(text).not.toContain('Paragraph 40');
});

const FEED = `<h1>Feed</h1><div role="feed" id="feed"></div><script>
  const feed = document.getElementById('feed');
  for (let i = 1; i <= 200; i++) {
    const a = document.createElement('article');
    a.setAttribute('aria-label', 'Post ' + i);
    a.innerHTML = '<h2>Post ' + i + ' title</h2><p>Some words about the trip number ' + i + ' and the weather.</p><button>Like</button>';
    feed.append(a);
  }
</script>`;

test('a 200-post feed uses the default budget, says how many are left and to scroll; after a scroll, what is in view is listed', async ({
  page,
}) => {
  await loadHtml(page, FEED);
  const text = await getText(page, { timeBudgetMs: 10000 });
  const shown = (text.match(/article "Post \d+"/g) ?? []).length;
  expect(shown).toBeGreaterThan(30);
  // Most of the 4,000-token default budget is used (the estimate keeps a 20 % margin).
  expect(estimate(text)).toBeGreaterThan(2400);
  expect(estimate(text)).toBeLessThan(4000);
  const marker =
    /… List of 200 article items\. Showing first (\d+); (\d+) more below \(scroll down to see them\)\./.exec(text);
  expect(marker, text.slice(-400)).not.toBeNull();
  expect(Number(marker![1])).toBe(shown);
  expect(Number(marker![1]) + Number(marker![2])).toBe(200);

  await page.evaluate(() => document.querySelector('[aria-label="Post 120"]')!.scrollIntoView());
  const inView = await page.evaluate(() =>
    [...document.querySelectorAll('article')]
      .filter((a) => {
        const r = a.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight;
      })
      .map((a) => a.getAttribute('aria-label')!),
  );
  const scrolled = await getText(page, { timeBudgetMs: 10000 });
  for (const label of inView) expect(scrolled).toContain(`article "${label}"`);
  expect(scrolled).not.toContain('article "Post 1"');
  expect(scrolled).toMatch(/List of 200 article items\. Showing \d+; \d+ more above \(scroll up to see them\)\./);
  expect(scrolled).toMatch(/List of 200 article items\. Showing \d+; \d+ more below \(scroll down to see them\)\./);
});
