// S17 with the browser's own WebMCP: Chromium ships document.modelContext behind
// --enable-features=WebMCPTesting. Its executeTool takes the input as an object (the
// polyfill takes a JSON string): page-tools/execute.ts passes each its own shape.
import { expect, test, chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, '--enable-features=WebMCPTesting'],
  });
});
test.afterAll(async () => {
  await browser?.close();
});

test('native WebMCP: tools listed (imperative and the form the browser derived), an imperative tool called with an object', async ({}, testInfo) => {
  const page = await browser.newPage({ baseURL: String(testInfo.project.use.baseURL) });
  await openFixture(page, '/fixtures/webmcp/native.html');
  const native = await page.evaluate(
    () =>
      typeof (document as any).modelContext?.executeTool === 'function' &&
      /\[native code\]/.test(String((document as any).modelContext.executeTool)),
  );
  expect(native, 'this Chromium exposes native WebMCP with --enable-features=WebMCPTesting').toBe(true);
  const tools = await page.evaluate(() => window.__tool.listPageTools());
  const names = tools.map((t) => t.name).sort();
  expect(names).toEqual(['add_note', 'find_note']);
  expect(tools.find((t) => t.name === 'find_note')?.kind).toBe('declarative');
  const r = await page.evaluate(() => window.__tool.callPageTool('add_note', { text: 'Buy stakes' }));
  expect(r.ok, JSON.stringify(r)).toBe(true);
  expect(r.result as object).toMatchObject({ count: 1 });
  expect(await page.evaluate(() => (window as any).__notes)).toEqual(['Buy stakes']);
  const bad = await page.evaluate(() => window.__tool.callPageTool('add_note', { text: 7 }));
  expect(bad.error?.code).toBe('VALIDATION_ERROR');
  await page.close();
});
