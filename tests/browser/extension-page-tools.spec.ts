// S17 through the example extension: a page's declarative WebMCP tool is listed and called
// through the service worker (the content script's world sees the DOM form), and the page's
// own state changes.
import { test, expect } from '@playwright/test';
import { call, launchWithExtension, openTab, type ExtensionBrowser } from './extension-helpers';

let ext: ExtensionBrowser;
let base: string;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({}, testInfo) => {
  base = String(testInfo.project.use.baseURL);
  ext = await launchWithExtension();
});
test.afterAll(async () => {
  await ext?.close();
});

test('listPageTools and callPageTool through the service', async () => {
  const { page, tabId } = await openTab(ext, base + '/fixtures/webmcp/form-only.html');
  await expect
    .poll(async () => JSON.stringify(await call(ext, 'listPageTools', { tabId })), { timeout: 10_000 })
    .toContain('book_table');
  const listed = await call(ext, 'listPageTools', { tabId });
  expect(JSON.stringify(listed)).toContain('"kind":"declarative"');
  const text = await call<{ result: string }>(ext, 'getText', { tabId, force: true });
  expect(text.result).toContain('book_table(size: number, time?: "18:00"|"20:00") — Book a table for a party');
  const r = await call(ext, 'callPageTool', { tabId, name: 'book_table', input: { size: 2, time: '18:00' } });
  expect(JSON.stringify(r)).toContain('"submitted":true');
  expect(await page.evaluate(() => (window as any).__booked)).toEqual({ size: '2', time: '18:00' });
  const bad = await call(ext, 'callPageTool', { tabId, name: 'book_table', input: {} });
  expect(JSON.stringify(bad)).toContain('size: required');
  await page.close();
});

test('tools a page script registered (WebMCP polyfill, page world) are listed and called through the page-world bridge', async () => {
  const { page, tabId } = await openTab(ext, base + '/fixtures/webmcp/shop.html');
  await expect
    .poll(async () => JSON.stringify(await call(ext, 'listPageTools', { tabId })), { timeout: 10_000 })
    .toContain('add_to_cart');
  const listed = JSON.stringify(await call(ext, 'listPageTools', { tabId }));
  for (const name of ['add_to_cart', 'cart_total', 'search_catalog', 'contact_us']) expect(listed).toContain(name);
  const r = await call(ext, 'callPageTool', { tabId, name: 'add_to_cart', input: { sku: 'PACK-20', quantity: 3 } });
  expect(JSON.stringify(r)).toContain('"success":true');
  expect(await page.evaluate(() => (window as any).__shop.cart)).toEqual(['PACK-20', 'PACK-20', 'PACK-20']);
  const failing = await call(ext, 'callPageTool', { tabId, name: 'reserve_stock', input: { sku: 'PACK-20' } });
  expect(JSON.stringify(failing)).toContain('out of stock');
  // A tool registered after the first look is listed on the next look.
  await page.evaluate(() => (window as any).__registerLate());
  const text = await call<{ result: string }>(ext, 'getText', { tabId, force: true });
  expect(text.result).toContain('track_order(order: string)');
  await page.close();
});
