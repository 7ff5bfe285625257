// Issue 18 item 7: the README's code is run, not only type-checked (scripts/check-consumer.mjs
// compiles every block with TypeScript 5.x and 7.x). Each block runs verbatim on the page it was
// written for, and the page's own state says it did what the README claims; the README's sample
// outputs are compared with what the library answers today.
import { expect, test, type Page } from '@playwright/test';
import ts from 'typescript';
import { blockContaining } from '../../scripts/readme-blocks.mjs';
import { ROOT, injectDomTool } from './helpers/domtool';
import { launchWithExtension } from './extension-helpers';
import type {} from './helpers/page-globals';

/**
 * A README block as a script for the page: TypeScript types stripped, `import { … } from
 * 'browserx-domtool'` taken from the IIFE's global, `tool` (the DomTool the prose introduces)
 * created when the block uses it without making it (unless `tool: false`), all inside an async function.
 */
function pageScript(code: string, options: { tool?: boolean } = {}): string {
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const body = js
    .replace(
      /import\s*\{([^}]*)\}\s*from\s*'browserx-domtool';/g,
      (_m, names: string) => `const {${names}} = window.BrowserXDomTool;`,
    )
    .replace(/^export \{\};$/m, '');
  const prelude =
    options.tool === false || /\b(const|let) tool\b/.test(body)
      ? ''
      : 'const tool = new window.BrowserXDomTool.DomTool();\n';
  return `(async () => {\n${prelude}${body}\nreturn 'completed';\n})()`;
}

async function openWithLibrary(page: Page, path: string, debug = false): Promise<void> {
  await page.goto(path);
  if (debug)
    await page.evaluate(
      () => ((window as unknown as { __browserxDebugDomTool: unknown }).__browserxDebugDomTool = true),
    );
  await injectDomTool(page);
}

const field = (page: Page, selector: string) => page.locator(selector).evaluate((el) => (el as HTMLInputElement).value);

test('the text sample is what getText() answers on fixtures/demo.html today', async ({ page }) => {
  const sample = blockContaining(ROOT, 'README.md', '# page "Acme Outdoor — Checkout"', 'text').code.trimEnd();
  await openWithLibrary(page, '/fixtures/demo.html');
  const text = await page.evaluate(() => new window.BrowserXDomTool.DomTool().getText());
  // The sample was printed by `npm run demo`, on another port.
  expect(text.replace(/http:\/\/127\.0\.0\.1:\d+\//, 'http://127.0.0.1:PORT/')).toBe(
    sample.replace(/http:\/\/127\.0\.0\.1:\d+\//, 'http://127.0.0.1:PORT/'),
  );
});

test('the API block runs on the demo page and does what its comments say', async ({ page }) => {
  const block = blockContaining(ROOT, 'README.md', 'const tool = new DomTool({ tokenBudget: 4000 });', 'ts');
  await openWithLibrary(page, '/fixtures/demo.html');
  expect(await page.evaluate(pageScript(block.code))).toBe('completed');
  // The demo page's own fields hold what the block typed, selected and unchecked.
  expect(await field(page, '[name=name]')).toBe('Grace Hopper');
  expect(await field(page, '#country')).toBe('Italy');
  expect(await page.locator('[name=gift]').isChecked()).toBe(false);
  // dispose() came last: the tool answers NO_DOCUMENT from then on — the block's own tool is gone,
  // but a new one works (dispose affects one instance).
  expect(await page.evaluate(() => new window.BrowserXDomTool.DomTool().getText())).toContain('button "Place order"');
});

test('the multi-step block runs on the demo page', async ({ page }) => {
  const block = blockContaining(ROOT, 'README.md', 'const c = await tool.getChanges();', 'ts');
  await openWithLibrary(page, '/fixtures/demo.html');
  expect(await page.evaluate(pageScript(block.code))).toBe('completed');
});

test('the page-tools block runs on the WebMCP shop and its text sample matches', async ({ page }) => {
  const block = blockContaining(ROOT, 'README.md', "await tool.callPageTool('add_to_cart'", 'ts');
  const sample = blockContaining(ROOT, 'README.md', '# page tools (callPageTool(name, input)):', 'text').code;
  await openWithLibrary(page, '/fixtures/webmcp/shop.html');
  await page.waitForFunction(() => !!(document as unknown as { modelContext?: unknown }).modelContext);
  const text: string = await page.evaluate(() => new window.BrowserXDomTool.DomTool().getText());
  for (const line of sample.split('\n').filter((l) => l.startsWith('#   '))) expect(text).toContain(line);
  expect(await page.evaluate(pageScript(block.code))).toBe('completed');
  // add_to_cart ran once with quantity 2; the refused call added nothing.
  expect(await page.evaluate(() => (window as any).__shop.cart)).toEqual(['TENT-2P', 'TENT-2P']);
});

test('the console block runs in the page world after the debug flag', async ({ page }) => {
  const block = blockContaining(ROOT, 'README.md', '__browserxDebugDomTool.getText()', 'js');
  await openWithLibrary(page, '/fixtures/demo.html', true);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  expect(await page.evaluate(pageScript(block.code))).toBe('completed');
  // highlight() drew the overlay; the debug tool logged; the placeholder id was refused, not thrown.
  expect(await page.locator('browserx-overlay').count()).toBe(1);
  expect(logs.some((l) => l.includes('[DomTool]'))).toBe(true);
});

test.describe('examples/extension/README.md', () => {
  test('the service-worker console block runs in the example extension on the checkout page', async ({ baseURL }) => {
    const block = blockContaining(ROOT, 'examples/extension/README.md', 'await domtool.activeTabId()', 'js');
    // A fresh browser: the checkout's payment iframe is the first frame the service numbers (f1).
    const ext = await launchWithExtension();
    try {
      const pages = ext.context.pages();
      const page = pages[0] ?? (await ext.context.newPage());
      for (const other of pages.slice(1)) await other.close();
      await page.goto(`${baseURL}/fixtures/extension/checkout.html`);
      await page.frameLocator('#pay').locator('input').first().waitFor();
      await page.bringToFront();
      // As pasted into the service worker's console: one script, top-level await.
      expect(await ext.worker().evaluate(pageScript(block.code, { tool: false }))).toBe('completed');
      await expect(page.locator('#state')).toHaveText('coupon applied');
      const name = page.frameLocator('#pay').getByLabel('Name on card');
      await expect(name).toHaveValue('Ada Lovelace');
    } finally {
      await ext.close();
    }
  });
});
