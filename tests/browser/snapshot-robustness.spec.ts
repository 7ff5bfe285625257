// R1 in real Chromium: getSnapshot never throws — 10,000-deep nesting, 100k
// siblings, SVG/MathML, custom elements, malformed markup, a removed iframe.
import { test, expect, type Page } from '@playwright/test';
import { engine, loadHtml, snapshot } from './helpers/domtool';
import { allNodes, duplicates, names, node } from './helpers/tree';

test('a 10,000-deep DOM snapshots without throwing', async ({ page }) => {
  // Built in the page (the HTML parser caps nesting at 512). The wrappers are
  // display:contents: Chromium's own renderer crashes laying out a few thousand nested
  // block boxes, before any script runs; contents boxes keep the DOM 10,000 deep while
  // the layout tree stays shallow, so the traversal itself is what is tested here.
  await loadHtml(page, `<div id="root"></div>`);
  await page.evaluate(() => {
    let el = document.getElementById('root')!;
    for (let i = 0; i < 10000; i++) {
      const d = document.createElement('div');
      d.style.display = 'contents';
      el.append(d);
      el = d;
    }
    el.innerHTML = '<button>Bottom</button>';
  });
  const { json, mutations } = await snapshot(page, { timeBudgetMs: 10000 });
  expect(json.page.meta.error).toBeUndefined();
  expect(json.page.meta.totalNodes).toBeGreaterThan(10000);
  expect(mutations).toEqual([]);
  if (engine() === 'webkit') {
    // WebKit builds no renderer for an element 512 or more levels deep in the DOM
    // (display:contents included): the button is not drawn, so it is not in the snapshot.
    expect(await drawnHeight(page, 'button')).toBe(0);
    expect(names(json)).not.toContain('Bottom');
    return;
  }
  expect(node(json, 'Bottom').actionable).toBe(true);
});

/** The drawn height of the first element matching `selector` (0 when the engine did not lay it out). */
function drawnHeight(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => document.querySelector(sel)!.getBoundingClientRect().height, selector);
}

test('a 2,000-deep DOM of plain block boxes', async ({ page }) => {
  await loadHtml(page, `<div id="root"></div>`);
  await page.evaluate(() => {
    let el = document.getElementById('root')!;
    for (let i = 0; i < 2000; i++) {
      const d = document.createElement('div');
      el.append(d);
      el = d;
    }
    el.innerHTML = '<a href="/deep">Deep link</a>';
  });
  const { json } = await snapshot(page, { timeBudgetMs: 10000 });
  expect(json.page.meta.error).toBeUndefined();
  if (engine() !== 'chromium') {
    // Gecko lays out no box nested deeper than about 1,026 levels, WebKit no element
    // 512 or more levels deep: the link is not drawn (zero size), so a person cannot
    // see it and the snapshot leaves it out.
    expect(await drawnHeight(page, 'a[href="/deep"]')).toBe(0);
    expect(names(json)).not.toContain('Deep link');
    return;
  }
  expect(node(json, 'Deep link').actionable).toBe(true);
});

test('100,000 siblings: no throw, the time budget or the summaries bound the output', async ({ page }) => {
  await loadHtml(page, `<div id="root"></div>`);
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const frag = document.createDocumentFragment();
    for (let i = 0; i < 100000; i++) {
      const a = document.createElement('a');
      a.href = '/p/' + i;
      a.textContent = 'Link ' + i;
      a.style.display = 'block';
      frag.append(a);
    }
    root.append(frag);
  });
  const { json, text, ids } = await snapshot(page);
  expect(json.page.meta.error).toBeUndefined();
  expect(json.page.meta.truncated).toBe(true);
  expect(node(json, 'Link 0').actionable).toBe(true);
  expect(text.length).toBeLessThan(60000);
  expect(duplicates(ids)).toEqual([]);
});

test('SVG and MathML content', async ({ page }) => {
  await loadHtml(
    page,
    `
    <svg width="200" height="60" role="img" aria-label="Chart"><title>Chart</title><rect width="50" height="50"/></svg>
    <svg width="200" height="60"><a href="/svg-link"><text x="10" y="20">SVG link</text></a>
      <foreignObject x="0" y="25" width="200" height="30"><button xmlns="http://www.w3.org/1999/xhtml">In foreignObject</button></foreignObject></svg>
    <math><mi>x</mi><mo>=</mo><mn>2</mn></math>
    <p>After math</p>`,
  );
  const { json, mutations } = await snapshot(page);
  expect(json.page.meta.error).toBeUndefined();
  expect(node(json, 'Chart', 'img')).toBeDefined();
  expect(allNodes(json).some((n) => n.text === 'After math')).toBe(true);
  expect(mutations).toEqual([]);
});

test('custom elements (defined, undefined, with a role) are walked like any element', async ({ page }) => {
  await loadHtml(
    page,
    `
    <x-card><h3>Card title</h3><x-button role="button" tabindex="0">Custom action</x-button></x-card>
    <not-defined-yet><a href="/u">Undefined element link</a></not-defined-yet>
    <script>customElements.define('x-card', class extends HTMLElement {});</script>`,
  );
  const { json } = await snapshot(page);
  expect(node(json, 'Custom action', 'button').actionable).toBe(true);
  expect(node(json, 'Undefined element link', 'link').actionable).toBe(true);
  expect(node(json, 'Card title', 'heading').level).toBe(3);
});

test('malformed markup', async ({ page }) => {
  await loadHtml(
    page,
    `
    <p>Unclosed <b>bold <i>both</b> italic</i>
    <table><tr><td>Cell<div>stray div</td><button>In table</button></table>
    <ul><li>One<li>Two</ul></li></li>
    <form><form><input aria-label="Nested form input"></form>
    <select aria-label="Broken"><option>A<option>B</select>
    <a href="/x"><a href="/y">Nested anchors</a></a>
    <div id="dup"></div><div id="dup"><button id="dup">Duplicate ids</button></div>
    <label for="dup">Label for duplicate</label>`,
  );
  const { json, ids } = await snapshot(page);
  expect(json.page.meta.error).toBeUndefined();
  expect(node(json, 'In table', 'button').actionable).toBe(true);
  expect(node(json, 'Nested anchors', 'link').actionable).toBe(true);
  expect(duplicates(ids)).toEqual([]);
});

test('a removed iframe and a snapshot of a detached frame document return a snapshot, not an exception', async ({
  page,
}) => {
  await loadHtml(page, `<button>Top</button><iframe id="f" srcdoc="<button>Framed</button>"></iframe>`);
  const result = await page.evaluate(async () => {
    type Tool = {
      getSnapshot(o?: object): Promise<{
        meta: { error?: string };
        ids(): string[];
        getElement(id: string): Element | null;
        toText(): string;
      }>;
    };
    const api = (window as unknown as { BrowserXDomTool: { DomTool: new (o?: object) => Tool } }).BrowserXDomTool;
    const frame = document.getElementById('f') as HTMLIFrameElement;
    const frameDoc = frame.contentDocument!;
    const tool = new api.DomTool();
    const before = await tool.getSnapshot({ force: true });
    frame.remove();
    const after = await tool.getSnapshot({ force: true });
    // A DomTool pointed at the detached document (no window, no layout).
    let detached: string;
    try {
      const s = await new api.DomTool({ document: frameDoc }).getSnapshot({ force: true });
      detached = 'ok:' + (s.meta.error ?? 'no error');
    } catch (e) {
      detached = 'threw:' + String(e);
    }
    return {
      before: before.ids().length,
      after: after.ids().length,
      afterError: after.meta.error ?? null,
      text: after.toText(),
      detached,
    };
  });
  expect(result.afterError).toBeNull();
  expect(result.after).toBeLessThan(result.before);
  expect(result.text).toContain('"Top"');
  expect(result.text).not.toContain('Framed');
  expect(result.detached.startsWith('ok:')).toBe(true);
});
