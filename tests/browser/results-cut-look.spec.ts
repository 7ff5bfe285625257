// What an action's result counts comes from a look at the page after it; that look has a
// time budget (default 250 ms). When it stops early — a busy machine, a big page — the
// counts are of the part it read: the result says so (effect.appeared.cut and the line),
// and a look that read everything says nothing more.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';

const FILTERS = `
  <main>
    <h1>Shop</h1>
    <button id="load" type="button">Load 300 filters</button>
    <form id="filters"></form>
  </main>
  <script>
    document.getElementById('load').addEventListener('click', () => {
      const form = document.getElementById('filters');
      for (let i = 0; i < 300; i++) {
        const label = document.createElement('label');
        const box = document.createElement('input');
        box.type = 'checkbox';
        label.append(box, ' Filter number ' + i);
        form.append(label);
      }
    });
  </script>`;

async function loadFilters(page: Page, timeBudgetMs: number): Promise<any> {
  await loadHtml(page, FILTERS);
  return page.evaluate(async (timeBudgetMs) => {
    const w = window as any;
    const tool = new w.BrowserXDomTool.DomTool({ timeBudgetMs, settleTimeoutMs: 10_000 });
    const text: string = await tool.getText();
    return tool.click(/(nv_\w+) button "Load 300 filters"/.exec(text)![1]);
  }, timeBudgetMs);
}

test('new controls counted from a look cut by its time budget are said to be a partial count', async ({ page }) => {
  // A budget of 0 ms: the walk stops at its first check (after 128 elements), before most of the 300 new filters.
  const r = await loadFilters(page, 0);
  expect(await page.evaluate(() => document.querySelectorAll('#filters input').length)).toBe(300);
  const appeared = r.effect.appeared;
  expect(appeared.cut).toBe('time budget 0 ms');
  expect((appeared.controls?.length ?? 0) + (appeared.moreControls ?? 0)).toBeLessThan(300);
  expect(r.text).toMatch(/the look after the action stopped at its time budget 0 ms/);
  expect(r.text).not.toMatch(/\(\+\d+ more\)/);
});

test('a look that read the whole page counts exactly and says nothing about a cut', async ({ page }) => {
  // A busy machine still reads 300 checkboxes within 10 s.
  const r = await loadFilters(page, 10_000);
  const appeared = r.effect.appeared;
  expect(appeared.cut).toBeUndefined();
  expect(appeared.controls.length).toBe(12);
  expect(appeared.moreControls).toBe(288);
  expect(r.text).toMatch(/^ok; new: nv_\w+ checkbox "Filter number 0"[^;]* \(\+288 more\)$/);
});
