// What works on a page served with
//   Content-Security-Policy: script-src 'self'; require-trusted-types-for 'script'
// (fixtures/integration/csp.html). The content-script route is covered in
// integration-extension.spec.ts; here: the page-world routes.
import { test, expect } from '@playwright/test';
import { bookmarkletUrl } from '../../scripts/bookmarklet.mjs';
import { ROOT, findNode, iifeBundle, lineWithId } from './integration-helpers';
import type { SerializedPage } from '../../src/types';

test.beforeEach(async ({ page }) => {
  const response = await page.goto('/fixtures/integration/csp.html');
  expect(response?.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'");
  await page.evaluate(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __violations: string[] }).__violations.push(e.effectiveDirective);
    });
  });
});

test('the bookmarklet is blocked by the page CSP (javascript: URLs are inline script)', async ({ page }) => {
  await page.evaluate((href) => {
    location.href = href;
  }, bookmarkletUrl(iifeBundle()));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))
    .toContain('script-src-elem');
  expect(await page.evaluate(() => typeof window.BrowserXDomTool)).toBe('undefined');
});

test('an inline <script> injection is blocked too', async ({ page }) => {
  await page.addScriptTag({ content: iifeBundle() }).catch(() => undefined);
  expect(await page.evaluate(() => typeof window.BrowserXDomTool)).toBe('undefined');
});

test('the DevTools-console route works: the bundle needs no eval, no inline script and no Trusted Types sink', async ({
  page,
}) => {
  // page.evaluate is what the console does (Runtime.evaluate): not subject to script-src.
  await page.evaluate(`window.__browserxDebugDomTool = true;\n${iifeBundle()}`);
  const snapshot: SerializedPage = await page.evaluate(() => window.__browserxDebugDomTool.get_serialized_dom());
  const inc = findNode(snapshot, 'Increment', 'button')!;
  const click = await page.evaluate((id) => window.__browserxDebugDomTool.click(id), inc.node_id);
  expect(click.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('clicked 1');
  const typed = await page.evaluate(
    (id) => window.__browserxDebugDomTool.type(id, 'a@b.c'),
    findNode(snapshot, 'Email', 'textbox')!.node_id,
  );
  expect(typed.success).toBe(true);
  await expect(page.locator('#email')).toHaveValue('a@b.c');
  // The overlay only uses createElement/textContent, so Trusted Types do not object.
  expect(await page.evaluate(() => window.__browserxDebugDomTool.highlight('all'))).toMatchObject({ missing: [] });
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  // The closed shadow root stays a placeholder in the page world (S8).
  const widget = (await page.evaluate(() => window.__browserxDebugDomTool.getText({ force: true }))) as string;
  expect(widget).not.toMatch(/Secret action/);
});

test('the automation route works: Playwright addInitScript injects the IIFE before the page (CSP does not apply)', async ({
  page,
}) => {
  await page.addInitScript({ path: ROOT + 'dist/domtool.iife.js' });
  await page.goto('/fixtures/integration/csp.html');
  const text: string = await page.evaluate(() => new window.BrowserXDomTool.DomTool().getText());
  expect(text).toMatch(lineWithId('Increment'));
});
