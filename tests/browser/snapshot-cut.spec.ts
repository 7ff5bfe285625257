// Issue 17 item 6: a snapshot whose walk stopped at its time budget says so where it
// matters — find() does not answer "0 matches" as if the page had been read, and a delta
// never reports rows as added or removed only because two walks stopped at different depths.
import { expect, test } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

const rows = Array.from(
  { length: 4000 },
  (_, i) => `<tr><td>Customer ${i}</td><td><button>Open ${i}</button></td></tr>`,
).join('');

test('find() on a cut snapshot says it was cut, and finds the row with a larger time budget', async ({ page }) => {
  await loadHtml(page, `<main><table>${rows}</table></main>`);
  const out = await page.evaluate(async () => {
    const tool = new window.BrowserXDomTool.DomTool();
    const cut = await tool.find('Customer 3999', { timeBudgetMs: 1 });
    const whole = await tool.find('Customer 3999', { timeBudgetMs: 60000 });
    return { cut, whole };
  });
  expect(out.cut.total).toBe(0);
  expect(out.cut.cut).toMatch(/time budget/);
  expect(out.cut.text).toMatch(/not searched/);
  expect(out.whole.total).toBe(1);
  expect(out.whole.cut).toBeUndefined();
});

test('getChanges() after a cut snapshot answers in full instead of reporting unseen rows as added', async ({
  page,
}) => {
  await loadHtml(page, `<main><table>${rows}</table></main>`);
  const out = await page.evaluate(async () => {
    const tool = new window.BrowserXDomTool.DomTool();
    await tool.getText({ timeBudgetMs: 1 });
    const after = await tool.getChanges({ timeBudgetMs: 60000 });
    const again = await tool.getChanges({ timeBudgetMs: 60000 });
    return { kind: after.kind, reason: after.reason, added: after.added.length, againKind: again.kind };
  });
  expect(out.kind).toBe('full');
  expect(out.reason).toBe('cut');
  expect(out.added).toBe(0);
  // Two whole walks compare normally again.
  expect(out.againKind).toBe('unchanged');
});
