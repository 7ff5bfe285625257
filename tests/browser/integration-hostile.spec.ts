// R2: the page-world build in a page that has patched built-ins the way real pages
// do (fixtures/integration/hostile.html): Prototype.js Array.from and
// Array.prototype.toJSON, enumerable prototype pollution, zone.js-style wrappers,
// and a stale copy squatting window.BrowserXDomTool behind a getter.
import { test, expect } from '@playwright/test';
import { findNode, iifeBundle, lineWithId, stable } from './integration-helpers';
import type { SerializedPage } from '../../src/types';

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
  const hostile: SerializedPage = await page.evaluate(() => window.__browserxDebugDomTool.get_serialized_dom({ force: true }));
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
