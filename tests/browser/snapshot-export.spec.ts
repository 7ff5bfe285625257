// S10 optional exports: per-node layout boxes and CSS/XPath selectors that resolve back
// to the same element; snapshot options passed straight to getText / get_serialized_dom.
import { expect, test } from '@playwright/test';
import { loadHtml } from './helpers/domtool';

const HTML = `
  <main>
    <form id="login"><label for="u">User</label><input id="u" name="user">
      <button type="submit" data-testid="login-submit">Sign in</button></form>
    <ul><li><a href="/a">First</a></li><li><a href="/b">Second</a></li></ul>
    ${'<p>filler paragraph with enough words to cost tokens in the text output.</p>'.repeat(400)}
  </main>`;

test('includeSelectors and includeLayout: every element node gets selectors that resolve to it, and a box', async ({
  page,
}) => {
  await loadHtml(page, HTML);
  const checked = await page.evaluate(async () => {
    const w = window as unknown as {
      BrowserXDomTool: {
        DomTool: new (
          o?: object,
        ) => {
          getSnapshot(
            o?: object,
          ): Promise<{ serialize(): { page: { body: unknown } }; getElement(id: string): Element | null }>;
        };
      };
    };
    const tool = new w.BrowserXDomTool.DomTool({ includeSelectors: true, includeLayout: true, tokenBudget: 0 });
    const snap = await tool.getSnapshot();
    const out: { id: string; css: boolean; xpath: boolean; layout: boolean }[] = [];
    const walk = (n: {
      node_id: string;
      tag: string;
      actionable?: boolean;
      selectors?: { css: string; xpath: string };
      layout?: object;
      children?: unknown[];
    }) => {
      if (n.actionable) {
        const el = snap.getElement(n.node_id);
        const css = !!n.selectors && document.querySelector(n.selectors.css) === el;
        const xp =
          !!n.selectors &&
          document.evaluate(n.selectors.xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
            .singleNodeValue === el;
        out.push({ id: n.node_id, css, xpath: xp, layout: !!n.layout });
      }
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    walk(snap.serialize().page.body as Parameters<typeof walk>[0]);
    return out;
  });
  expect(checked.length).toBe(4);
  for (const row of checked) expect(row, row.id).toEqual({ id: row.id, css: true, xpath: true, layout: true });
});

test('getText and get_serialized_dom take snapshot options (tokenBudget: 0 shows everything)', async ({ page }) => {
  await loadHtml(page, HTML);
  const r = await page.evaluate(async () => {
    const w = window as unknown as {
      BrowserXDomTool: {
        DomTool: new (
          o?: object,
        ) => {
          getText(o?: object): Promise<string>;
          get_serialized_dom(o?: object): Promise<{ page: { meta: { truncated: boolean } } }>;
        };
      };
    };
    const tool = new w.BrowserXDomTool.DomTool();
    // The default time budget (250 ms of wall time) also cuts a snapshot, and on a loaded
    // machine it did (meta.truncated true in the train at load 35): this test is about the
    // token budget, so the full snapshots get all the time they need.
    const noTimeLimit = { tokenBudget: 0, timeBudgetMs: 60_000 };
    return {
      budget: await tool.getText(),
      full: await tool.getText(noTimeLimit),
      fullJson: (await tool.get_serialized_dom(noTimeLimit)).page.meta.truncated,
      budgetJson: (await tool.get_serialized_dom()).page.meta.truncated,
    };
  });
  expect(r.budget).toContain('# truncated:');
  expect(r.full).not.toContain('# truncated:');
  expect(r.full.length).toBeGreaterThan(r.budget.length);
  expect(r.fullJson).toBe(false);
  expect(r.budgetJson).toBe(true);
});
