// The page-world build (I1, I2): dist/domtool.iife.js, double injection, squatted
// global names, the console debug handle and the bookmarklet.
import { test, expect, type Page } from '@playwright/test';
import { bookmarkletUrl } from '../../scripts/bookmarklet.mjs';
import { findNode, iifeBundle, lineWithId } from './integration-helpers';

const inject = (page: Page) => page.addScriptTag({ content: iifeBundle() });

test.beforeEach(async ({ page }) => {
  await page.goto('/fixtures/integration/app.html');
});

test('defines window.BrowserXDomTool with a working DomTool', async ({ page }) => {
  await inject(page);
  const text = await page.evaluate(async () => {
    const tool = new window.BrowserXDomTool.DomTool();
    return tool.getText();
  });
  expect(text).toMatch(lineWithId('Increment'));
  expect(await page.evaluate(() => window.BrowserXDomTool.__brand)).toBe('browserx-domtool');
});

test('injecting twice keeps the first copy and its instances working', async ({ page }) => {
  await inject(page);
  await page.evaluate(async () => {
    window.__first = { api: window.BrowserXDomTool, tool: new window.BrowserXDomTool.DomTool() };
    await window.__first.tool.getSnapshot();
  });
  await inject(page);
  const after = await page.evaluate(async () => ({
    same: window.BrowserXDomTool === window.__first.api,
    text: await window.__first.tool.getText({ force: true }),
  }));
  expect(after.same).toBe(true);
  expect(after.text).toMatch(lineWithId('Increment'));
});

test('replaces a squatted global and keeps the squatter reachable', async ({ page }) => {
  await page.evaluate(() => {
    window.BrowserXDomTool = { version: '0.0.0-other-copy' };
  });
  await inject(page);
  const r = await page.evaluate(() => ({
    brand: window.BrowserXDomTool.__brand,
    displaced: window.BrowserXDomTool.displaced?.version,
  }));
  expect(r).toEqual({ brand: 'browserx-domtool', displaced: '0.0.0-other-copy' });
});

test('a name that cannot be redefined still leaves the API under Symbol.for("browserx.domtool")', async ({ page }) => {
  await page.evaluate(() => {
    Object.defineProperty(window, 'BrowserXDomTool', { value: 'locked', writable: false, configurable: false });
  });
  await inject(page);
  const r = await page.evaluate(async () => {
    const api = (window as unknown as Record<symbol, any>)[Symbol.for('browserx.domtool')];
    return { global: window.BrowserXDomTool, text: await new api.DomTool().getText() };
  });
  expect(r.global).toBe('locked');
  expect(r.text).toMatch(lineWithId('Increment'));
});

test('__browserxDebugDomTool === true becomes a live DomTool that logs with [DomTool]', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.evaluate(() => {
    window.__browserxDebugDomTool = true;
  });
  await inject(page);
  const text = await page.evaluate(() => window.__browserxDebugDomTool.getText());
  expect(text).toMatch(lineWithId('Increment'));
  await expect.poll(() => logs.filter((l) => l.startsWith('[DomTool]')).length).toBeGreaterThanOrEqual(2);
  expect(logs.join('\n')).toMatch(/\[DomTool\] snapshot [\d.]+ ms: \d+ nodes/);
  // Action outcomes reach the metrics hook too (I4), and the debug handle logs them.
  const inc = findNode(
    await page.evaluate(() => window.__browserxDebugDomTool.get_serialized_dom()),
    'Increment',
    'button',
  )!;
  await page.evaluate(async (id) => {
    await window.__browserxDebugDomTool.click(id);
    await window.__browserxDebugDomTool.click('nv_missing');
  }, inc.node_id);
  await expect.poll(() => logs.join('\n')).toMatch(/\[DomTool\] click ok [\d.]+ ms/);
  expect(logs.join('\n')).toMatch(/\[DomTool\] click failed [\d.]+ ms \((ELEMENT_NOT_FOUND|STALE_NODE)\)/);
  // A second injection keeps the same debug handle (its cache, overlay, ids).
  await page.evaluate(() => {
    window.__first = window.__browserxDebugDomTool;
  });
  await inject(page);
  expect(await page.evaluate(() => window.__browserxDebugDomTool === window.__first)).toBe(true);
});

test('the bookmarklet (javascript: URL) injects the bundle and the debug handle', async ({ page }) => {
  const url = bookmarkletUrl(iifeBundle());
  expect(url.startsWith('javascript:')).toBe(true);
  // A javascript: navigation runs in the page's world, as a bookmark click does.
  await page.evaluate((href) => {
    location.href = href;
  }, url);
  await page.waitForFunction(
    () => typeof window.__browserxDebugDomTool === 'object' && window.__browserxDebugDomTool !== null,
  );
  expect(await page.evaluate(() => window.__browserxDebugDomTool.getText())).toMatch(lineWithId('Increment'));
  // The page was not replaced by the bookmarklet's completion value.
  await expect(page.locator('#status')).toHaveText('idle');
  // Clicking it again keeps the first handle.
  await page.evaluate(() => {
    window.__first = window.__browserxDebugDomTool;
  });
  await page.evaluate((href) => {
    location.href = href;
  }, url);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.__browserxDebugDomTool === window.__first)).toBe(true);
});

test('the page-world protocol handler answers with plain data and errors as data', async ({ page }) => {
  await inject(page);
  const r = await page.evaluate(async () => {
    const handle = window.BrowserXDomTool.createMessageHandler(new window.BrowserXDomTool.DomTool());
    return {
      ping: await handle({ type: 'domtool:ping' }),
      unknown: await handle({ type: 'domtool:fly' }),
      bad: await handle({ type: 'domtool:click' }),
      notOurs: await handle({ hello: 1 }),
    };
  });
  expect(r.ping).toEqual({ ok: true, type: 'domtool:ping', result: { pong: true } });
  expect(r.unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MESSAGE' } });
  expect(r.bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', recoverable: true } });
  expect(r.notOurs).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
});
