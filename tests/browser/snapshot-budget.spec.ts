// S9 summaries and budgets in real Chromium: long lists are summarized, the token /
// node / time budgets truncate deterministically with meta.truncated and a note, and
// interactive elements in the viewport are the last thing dropped. Budget tests set a
// generous timeBudgetMs so a loaded machine does not turn them into time-budget cuts.
import { test, expect, type Page } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';
import { allNodes } from './helpers/tree';

const LONG_LIST = `
  <div role="toolbar" aria-label="Actions"><button>New</button><button>Refresh</button><input aria-label="Filter"></div>
  <ul id="list"></ul>
  <script>
    const list = document.getElementById('list');
    for (let i = 1; i <= 300; i++) {
      const li = document.createElement('li');
      li.innerHTML = '<a href="/item/' + i + '">Item ' + i + '</a> <span>Description of item number ' + i + ' with a few words</span> <button>Buy ' + i + '</button>';
      list.append(li);
    }
  </script>`;

async function controlsInView(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a, button, input')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent.trim()),
  );
}

test('a 300-item list under tokenBudget 4000 is summarized and truncated with a note', async ({ page }) => {
  await loadHtml(page, LONG_LIST);
  const { text, json } = await snapshot(page, { tokenBudget: 4000, timeBudgetMs: 10000 });
  const meta = json.page.meta;
  expect(meta.truncated).toBe(true);
  expect(meta.truncation).toContain('repeated items summarized');
  const summaries = allNodes(json).filter((n) => n.summary);
  expect(summaries).toHaveLength(1);
  expect(summaries[0].summary).toMatchObject({ total: 300, label: 'listitem items' });
  expect(summaries[0].text).toMatch(
    /^List of 300 listitem items\. Showing first \d+; \d+ more below \(scroll down to see them\)\.$/,
  );
  expect(text).toContain('… List of 300 listitem items. Showing first');
  expect(text.split('\n').at(-1)).toMatch(/^# truncated: /);
  const kept = new Set(
    allNodes(json)
      .filter((n) => n.actionable)
      .map((n) => n.name),
  );
  for (const name of ['New', 'Refresh', 'Filter', 'Item 1', 'Buy 1', 'Item 8', 'Buy 8'])
    expect(kept, name).toContain(name);
  // Within budget (the engine estimates ≈ 3.4 chars per token).
  expect(text.length / 3.4).toBeLessThan(4000);
});

test('summarizing a long list keeps every interactive element that is in the viewport', async ({ page }) => {
  await loadHtml(page, LONG_LIST);
  const inView = await controlsInView(page);
  expect(inView.length).toBeGreaterThan(30);
  const { json } = await snapshot(page, { tokenBudget: 4000, timeBudgetMs: 10000 });
  const kept = new Set(
    allNodes(json)
      .filter((n) => n.actionable)
      .map((n) => n.name),
  );
  const missing = inView.filter((name) => !kept.has(name));
  expect(missing).toEqual([]);
});

test('without a budget the whole list is there and nothing is truncated', async ({ page }) => {
  await loadHtml(page, LONG_LIST);
  const { json, text } = await snapshot(page, { tokenBudget: 0, maxNodes: 100000, timeBudgetMs: 10000 });
  expect(json.page.meta.truncated).toBe(false);
  expect(allNodes(json).filter((n) => n.role === 'listitem')).toHaveLength(300);
  expect(text).toContain('"Buy 300"');
  expect(text).not.toContain('# truncated');
});

test('the budget cut is deterministic', async ({ page }) => {
  await loadHtml(page, LONG_LIST);
  const a = await snapshot(page, { tokenBudget: 1500, fresh: true, timeBudgetMs: 10000 });
  const b = await snapshot(page, { tokenBudget: 1500, fresh: true, timeBudgetMs: 10000 });
  expect(b.text).toBe(a.text);
  expect(a.json.page.meta.truncated).toBe(true);
});

test('maxNodes caps the emitted tree and keeps in-view controls first', async ({ page }) => {
  await loadHtml(page, LONG_LIST);
  const { json, text } = await snapshot(page, {
    maxNodes: 60,
    tokenBudget: 0,
    summarizeThreshold: 1000,
    timeBudgetMs: 10000,
  });
  expect(json.page.meta.truncated).toBe(true);
  expect(json.page.meta.truncation).toContain('node limit 60');
  const real = allNodes(json).filter((n) => !n.summary && n.tag !== 'body');
  expect(real.length).toBeLessThanOrEqual(60);
  const actionable = allNodes(json)
    .filter((n) => n.actionable)
    .map((n) => n.name);
  expect(actionable.slice(0, 4)).toEqual(['New', 'Refresh', 'Filter', 'Item 1']);
  expect(text).toMatch(/\d+ more nodes omitted/);
});

test('timeBudgetMs: 0 stops the traversal and says so', async ({ page }) => {
  await loadHtml(page, LONG_LIST);
  const { json, text } = await snapshot(page, { timeBudgetMs: 0, tokenBudget: 0 });
  expect(json.page.meta.truncated).toBe(true);
  expect(json.page.meta.truncation?.[0]).toBe('time budget 0 ms');
  expect(json.page.meta.error).toBeUndefined();
  expect(text).toMatch(/# truncated: traversal stopped at the 0 ms time budget after \d+ elements/);
});

test('maxDepth hoists deep content instead of dropping it', async ({ page }) => {
  await loadHtml(
    page,
    `<div id="root"></div><script>
    let el = document.getElementById('root');
    for (let i = 0; i < 30; i++) { const nav = document.createElement('nav'); nav.setAttribute('aria-label', 'L' + i); el.append(nav); el = nav; }
    el.innerHTML = '<button>Deep button</button>';
  </script>`,
  );
  const { json } = await snapshot(page, { maxDepth: 5 });
  expect(json.page.meta.truncated).toBe(true);
  expect(json.page.meta.truncation).toContain('depth limit 5');
  expect(allNodes(json).some((n) => n.name === 'Deep button' && n.actionable)).toBe(true);
});

test('long text is cut at ~500 chars with text_overflow', async ({ page }) => {
  await loadHtml(page, `<p>${'word '.repeat(300)}</p>`);
  const { json } = await snapshot(page, { tokenBudget: 0 });
  const para = allNodes(json).find((n) => n.text?.startsWith('word word'))!;
  expect(para.text_overflow).toBe(true);
  expect(para.text!.length).toBeLessThanOrEqual(500);
  expect(para.text!.endsWith('…')).toBe(true);
});
