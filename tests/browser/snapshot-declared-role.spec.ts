// Issue 21: a role the page gave is kept on the line where the accessibility tree drops it
// (role="option" outside a listbox), and its id still acts on that element.
import { expect, test } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';

test('role="option" items of a sort menu outside a listbox read as options and click', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div class="sort-menu"><div role="option" onclick="window.__sort='rating'">Rating</div><div role="option" onclick="window.__sort='price'">Price</div></div>`,
  );
  const { text } = await snapshot(page, { fresh: true });
  const m = /(nv_\w+) option: Rating/.exec(text);
  expect(m, text).toBeTruthy();
  const r = await page.evaluate(async (id) => (await (window as any).__domtoolTest.click(id)).success, m![1]);
  expect(r).toBe(true);
  expect(await page.evaluate(() => (window as any).__sort)).toBe('rating');
});
