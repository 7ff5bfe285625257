// Issue 17: a long page does not starve what is in view. Under a token budget, a long child
// list (a 1,500-row table, a feed) is walked from just above the viewport: the rows above it are
// not read, and the list's summary (or one line of its own) says how many and which way to
// scroll; what is on screen is listed (a short time budget is spent on it), and find() finds it. A full snapshot still reads all.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

const TABLE = `<h1>Orders</h1><table id="t"><tbody></tbody></table><script>
  let h = '<tr><th>Customer</th><th>Total</th><th>Action</th></tr>';
  for (let i = 0; i < 1500; i++) h += '<tr><td>Customer ' + i + '</td><td>$' + i + '.00</td><td><a href="#c' + i + '">Open</a> <button>Delete</button></td></tr>';
  document.querySelector('#t tbody').innerHTML = h;
</script>`;

const text = (page: Page, options: object) =>
  page.evaluate((o) => new window.BrowserXDomTool.DomTool(o).getText(), options);

test('scrolled to row 1200 of 1,500: the rows in view are listed, the rows above count in the list summary', async ({
  page,
}) => {
  await loadHtml(page, TABLE);
  await page.evaluate(() => document.querySelectorAll('tr')[1201].scrollIntoView());
  const out: string = await text(page, { timeBudgetMs: 20000 });
  expect(out).toContain('Customer 1200');
  expect(out).toMatch(/^\s*\[Open\]\(nv_\w+\)|nv_\w+ button "Delete"/m);
  // The rows left unread count in the list's summary: all 1,501 rows (the header row is one), most of them above.
  const above = /… List of 1501 row items\. Showing \d+; (\d+) more above \(scroll up to see them\)\./.exec(out);
  expect(above, out.slice(0, 600)).not.toBeNull();
  expect(Number(above![1])).toBeGreaterThan(1150);
  expect(out).not.toContain('Customer 5 ');
  // find() looks where the agent looks.
  const found = await page.evaluate(() => new window.BrowserXDomTool.DomTool().find('Customer 1200'));
  expect(found.total).toBe(1);
});

test("a list too short to summarize keeps the walk's own line for what it left unread", async ({ page }) => {
  await loadHtml(page, TABLE);
  await page.evaluate(() => document.querySelectorAll('tr')[1201].scrollIntoView());
  // A generous token budget: nothing is summarized, so the walk's line stands on its own.
  const out: string = await text(page, { tokenBudget: 100000, maxNodes: 100000, timeBudgetMs: 20000 });
  const above = /… (\d+) row items above the visible area, not read \(scroll up to see them\)\./.exec(out);
  expect(above, out.slice(0, 400)).not.toBeNull();
  expect(Number(above![1])).toBeGreaterThan(1150);
  expect(out).toContain('Customer 1499');
});

test('not at the top, not in a full snapshot: nothing is left out', async ({ page }) => {
  await loadHtml(page, TABLE);
  const top: string = await text(page, { timeBudgetMs: 20000 });
  expect(top).not.toContain('above the visible area');
  expect(top).toContain('Customer 0');
  await page.evaluate(() => document.querySelectorAll('tr')[1201].scrollIntoView());
  const full: string = await text(page, { tokenBudget: 0, timeBudgetMs: 1e9, maxNodes: 1e9 });
  expect(full).not.toContain('above the visible area');
  expect(full).toContain('Customer 0');
  expect(full).toContain('Customer 1499');
});
