// R2: the page-world build in a page that has patched built-ins the way real pages
// do (fixtures/integration/hostile.html): Prototype.js Array.from and
// Array.prototype.toJSON, enumerable prototype pollution, zone.js-style wrappers,
// and a stale copy squatting window.BrowserXDomTool behind a getter.
import { test, expect } from '@playwright/test';
import { findNode, iifeBundle, lineWithId, stable } from './integration-helpers';
import type { SerializedPage } from '../../src/types';
import type {} from './helpers/page-globals';

test.beforeEach(async ({ page }) => {
  await page.goto('/fixtures/integration/hostile.html');
  // The fixture really is hostile (otherwise the test proves nothing).
  const probe = await page.evaluate(() => ({
    from: Array.from(new Set([1, 2])).length,
    json: JSON.stringify({ a: [1] }),
    stale: window.BrowserXDomTool.version,
  }));
  expect(probe).toEqual({ from: 0, json: '{"a":"[1]"}', stale: '0.0.1-stale' });
  await page.evaluate(() => {
    window.__browserxDebugDomTool = true;
  });
  await page.addScriptTag({ content: iifeBundle() });
});

test('installs over the squatting stale copy', async ({ page }) => {
  const r = await page.evaluate(() => ({
    brand: window.BrowserXDomTool.__brand,
    displaced: window.BrowserXDomTool.displaced.version,
    debug: typeof window.__browserxDebugDomTool.getText,
  }));
  expect(r).toEqual({ brand: 'browserx-domtool', displaced: '0.0.1-stale', debug: 'function' });
});

test('snapshot and click work', async ({ page }) => {
  const text: string = await page.evaluate(() => window.__browserxDebugDomTool.getText());
  expect(text).toMatch(lineWithId('Go'));
  const snapshot: SerializedPage = await page.evaluate(() => window.__browserxDebugDomTool.get_serialized_dom());
  // Sets/Maps/iterators inside the engine survived the patched Array.from: the list,
  // the field and the select (options come from an HTMLCollection) are all there.
  expect(findNode(snapshot, 'One', 'link')?.node_id).toMatch(/^nv_/);
  expect(findNode(snapshot, 'Name', 'textbox')?.node_id).toMatch(/^nv_/);
  expect(text).toMatch(/combobox .*Large/);
  const go = findNode(snapshot, 'Go', 'button');
  expect(go?.node_id).toMatch(/^nv_/);
  const result = await page.evaluate((id) => window.__browserxDebugDomTool.click(id), go!.node_id);
  expect(result.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('went');
  // The zone.js-style wrappers were in the path (pass-through, so harmless).
  const calls = await page.evaluate(() => window.__hostile);
  expect(calls.then + calls.timeout + calls.ael + calls.mo).toBeGreaterThan(0);
});

test('the protocol payload round-trips through JSON unchanged', async ({ page }) => {
  const r = await page.evaluate(async () => {
    const api = window.BrowserXDomTool;
    const handle = api.createMessageHandler(window.__browserxDebugDomTool);
    const resp = await handle({ type: 'domtool:getSnapshot' });
    return { resp, safe: api.safeStringify(resp) as string, native: JSON.stringify(resp) };
  });
  expect(r.resp.ok).toBe(true);
  expect(Array.isArray(r.resp.result.page.body.children)).toBe(true);
  // safeStringify ignores the page's Array.prototype.toJSON: exact round trip …
  expect(JSON.parse(r.safe)).toEqual(r.resp);
  expect(JSON.stringify(JSON.parse(r.safe))).toBe(r.safe);
  // … where the page's own JSON.stringify would have turned arrays into strings.
  expect(JSON.parse(r.native)).not.toEqual(r.resp);
});

test('the snapshot equals the one taken on the same markup without the patches', async ({ page, browser }) => {
  const hostile: SerializedPage = await page.evaluate(() =>
    window.__browserxDebugDomTool.get_serialized_dom({ force: true }),
  );
  // The same markup with the patching <script> cut out.
  const context = await browser.newContext();
  const p2 = await context.newPage();
  await p2.route('**/hostile.html', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/<script>[\s\S]*?<\/script>/, '');
    await route.fulfill({ response: res, body: html });
  });
  await p2.goto(page.url());
  await p2.addScriptTag({ content: iifeBundle() });
  const plain: SerializedPage = await p2.evaluate(() => new window.BrowserXDomTool.DomTool().get_serialized_dom());
  await context.close();
  expect(stable(hostile)).toEqual(stable(plain));
});

// R1 in any page world: a page that *replaced* a built-in before the library was
// injected (so nothing captured at load is pristine) still gets a snapshot back — the
// real one where the library does not need the built-in, an error snapshot otherwise —
// never an exception, never a failed injection. Each patch runs alone on a plain page.
const REPLACED: { name: string; patch: string; full: boolean }[] = [
  { name: 'Date (Date.now not a function)', patch: 'window.Date = function FakeDate() {};', full: true },
  {
    name: 'JSON',
    patch: 'window.JSON = { stringify() { throw new Error("no JSON"); }, parse() { throw new Error("no JSON"); } };',
    full: true,
  },
  { name: 'Promise', patch: 'window.Promise = function FakePromise() { throw new Error("no Promise"); };', full: true },
  { name: 'Object.assign', patch: 'Object.assign = function () { throw new Error("no assign"); };', full: true },
  { name: 'Object.keys', patch: 'Object.keys = function () { throw new Error("no keys"); };', full: false },
  { name: 'Math', patch: 'window.Math = { PI: 3 };', full: false },
  {
    name: 'Array.prototype.map / filter / forEach / includes',
    patch:
      'for (const k of ["map", "filter", "forEach", "includes"]) Array.prototype[k] = function () { throw new Error("no " + k); };',
    full: false,
  },
  {
    name: 'Element.prototype.getAttribute',
    patch: 'Element.prototype.getAttribute = function () { throw new Error("no getAttribute"); };',
    full: false,
  },
];

for (const { name, patch, full } of REPLACED) {
  test(`a page that replaced ${name} still gets a snapshot, never an exception`, async ({ page }) => {
    await page.goto('/tests/browser/helpers/blank.html');
    await page.setContent(
      '<main><h1>Replaced built-ins</h1><button onclick="this.textContent=\'done\'">Go</button><a href="#x">Link</a></main>',
    );
    // Patched through a <script> element, like the page's own code, then our bundle.
    await page.addScriptTag({ content: patch });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addScriptTag({ content: iifeBundle() });
    // One string back: Playwright's own result serializer uses the page's Object.keys.
    const packed: string = await page.evaluate(async () => {
      const api = window.BrowserXDomTool;
      if (!api) return 'not loaded';
      try {
        const tool = new api.DomTool();
        const text: string = await tool.getText();
        const payload = await tool.get_serialized_dom();
        const meta =
          payload && payload.page && payload.page.meta
            ? String(payload.page.meta.version) + (payload.page.meta.error ? ' error' : '')
            : 'none';
        return 'loaded\u0000' + meta + '\u0000\u0000' + String(text);
      } catch (e) {
        return 'loaded\u0000\u0000' + String((e as Error)?.message ?? e) + '\u0000';
      }
    });
    const [loaded, meta, threw, text] = packed.split('\u0000');
    const r = { loaded: loaded === 'loaded', meta: meta ?? '', threw: threw ?? '', text: text ?? '' };
    expect(errors, 'the bundle threw while loading').toEqual([]);
    expect(r.loaded).toBe(true);
    expect(r.threw).toBe('');
    expect(r.meta).toMatch(/^domtool\.v1/);
    expect(r.text).toMatch(/^# (page|snapshot failed)/);
    if (full) {
      expect(r.meta).toBe('domtool.v1');
      expect(r.text).toMatch(lineWithId('Go'));
    }
  });
}
