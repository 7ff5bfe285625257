// Issue 21: a clickable card, tile or row with no name of its own is titled by its heading on
// its own line ("nv_x clickable: h3 \"Trail tent 2P\""), so the agent picks the card by the
// words that name it; clicking that id reaches the card's own handler. A heading that is a link
// of its own, or text before the heading, stays where it is.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

const CARD_CSS = `<style>.card{cursor:pointer;border:1px solid #ccc;padding:8px;margin:8px;width:240px}.card img{width:60px;height:40px;display:block}</style>`;
const PIXEL =
  'data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22 width=%2260%22 height=%2240%22><rect width=%2260%22 height=%2240%22 fill=%22green%22/></svg>';

async function textAndClick(page: Page, lineEnd: string) {
  return page.evaluate(async (lineEnd) => {
    const tool = new window.BrowserXDomTool.DomTool();
    const text: string = await tool.getText();
    const line =
      text
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.endsWith(lineEnd)) ?? '';
    const r = line.startsWith('nv_') ? await tool.click(line.split(' ')[0]) : null;
    return { text, line, success: r?.success ?? false, opened: (window as any).__opened };
  }, lineEnd);
}

test('product cards (picture, heading, price) are titled by their heading; the click opens that card', async ({
  page,
}) => {
  await loadHtml(
    page,
    `${CARD_CSS}
    <div id="grid">
      <div class="card" data-sku="tent"><img src="${PIXEL}" alt="Tent photo"><div class="body"><h3>Trail tent 2P</h3><p>$249 · 4.5 stars</p></div></div>
      <div class="card" data-sku="pack"><img src="${PIXEL}" alt="Pack photo"><div class="body"><h3>Daypack 20L</h3><p>$89 · 4.8 stars</p></div></div>
    </div>
    <script>for (const c of document.querySelectorAll('.card')) c.addEventListener('click', () => { window.__opened = c.dataset.sku; });</script>`,
  );
  const out = await textAndClick(page, 'h3 "Daypack 20L"');
  expect(out.line).toMatch(/^nv_\w+ clickable: h3 "Daypack 20L"$/);
  expect(out.text).toMatch(/nv_\w+ clickable: h3 "Trail tent 2P"/);
  // The heading is said once: no separate id-less heading line under the card.
  expect(out.text.split('\n').filter((l) => l.includes('Daypack 20L'))).toHaveLength(1);
  expect(out.text).toContain('$89 · 4.8 stars');
  expect(out.text).toContain('img "Pack photo"');
  expect(out.success).toBe(true);
  expect(out.opened).toBe('pack');
});

test('a clickable table row and a tabbable tile are titled the same way', async ({ page }) => {
  await loadHtml(
    page,
    `${CARD_CSS}
    <ul style="list-style:none">
      <li class="card" tabindex="0" onclick="window.__opened='inbox'"><h4>Inbox</h4><span>12 unread</span></li>
      <li class="card" tabindex="0" onclick="window.__opened='drafts'"><h4>Drafts</h4><span>3 drafts</span></li>
    </ul>`,
  );
  const out = await textAndClick(page, 'h4 "Drafts"');
  expect(out.line).toMatch(/^nv_\w+ \w+: h4 "Drafts"$/);
  expect(out.success).toBe(true);
  expect(out.opened).toBe('drafts');
});

test('not moved: a heading that is its own link, text before the heading, a card with a name', async ({ page }) => {
  await loadHtml(
    page,
    `${CARD_CSS}
    <div class="card" onclick=""><h3><a href="#tent">Trail tent 2P</a></h3><p>$249</p></div>
    <div class="card" onclick=""><span>New!</span><h3>Daypack 20L</h3></div>
    <div class="card" onclick="" aria-label="Stove card" role="group"><h3>Camp stove</h3></div>`,
  );
  const text: string = await page.evaluate(() => new window.BrowserXDomTool.DomTool().getText());
  expect(text).toMatch(/^\s*h3 \[Trail tent 2P\]\(nv_\w+\)$/m);
  expect(text).not.toMatch(/: h3 "Daypack 20L"/);
  expect(text).toMatch(/^\s*h3 "Daypack 20L"$/m);
  expect(text).not.toMatch(/: h3 "Camp stove"/);
});
