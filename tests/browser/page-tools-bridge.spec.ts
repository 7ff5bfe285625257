// Page tools from an isolated world (issue 34 item 3), as an extension's content script
// reaches them: DomTool runs in a world of its own (made here over CDP, as Chrome makes one
// for a content script) and cannot see the page's model context; page-world.js, in the
// page's world, answers for it. The draft's hints cross the bridge, and a caller's cancel
// reaches the tool's own signal in the page world. Chromium only (CDP isolated worlds).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ROOT } from './helpers/domtool';

test('an isolated world lists the hints and cancels a call in the page world', async ({ page }) => {
  await page.goto('/fixtures/webmcp/hints.html');
  await page.waitForFunction('document.modelContext');
  await page.addScriptTag({ content: readFileSync(ROOT + 'dist/page-world.js', 'utf8') });
  const cdp = await page.context().newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: 'domtool-content-script',
  });
  const inWorld = async (expression: string) => {
    const r = (await cdp.send('Runtime.evaluate', {
      expression,
      contextId: executionContextId,
      awaitPromise: true,
      returnByValue: true,
    })) as { result: { value?: unknown }; exceptionDetails?: { text: string } };
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.text);
    return r.result.value;
  };
  await inWorld(readFileSync(ROOT + 'dist/domtool.iife.js', 'utf8') + '\nvoid 0;');
  // The isolated world does not see the page's document.modelContext: only the bridge can answer.
  expect(await inWorld('typeof document.modelContext')).toBe('undefined');
  await inWorld('globalThis.t = new BrowserXDomTool.DomTool(); 0');

  const tools = (await inWorld(
    't.listPageTools().then((l) => l.map((x) => [x.name, x.consequential, x.readOnly, x.untrustedContent]))',
  )) as unknown[];
  expect(tools).toContainEqual(['place_order', true, false, false]);
  expect(tools).toContainEqual(['read_reviews', false, true, true]);

  const r = (await inWorld(`(async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    return t.callPageTool('export_catalog', {}, { signal: ac.signal });
  })()`)) as { ok: boolean; error: { message: string } };
  expect(r.ok).toBe(false);
  expect(r.error.message).toContain('cancelled');
  // The tool's own signal aborted in the page world (not only the toolcancel event).
  await expect.poll(() => page.evaluate(() => (window as any).__hints.aborted)).toEqual(['export_catalog']);
  expect(await page.evaluate(() => (window as any).__hints.signals)).toBe(1);
  // A call without a signal hands the tool none.
  expect(await inWorld("t.callPageTool('place_order', { confirm: true }).then((x) => x.ok)")).toBe(true);
  expect(await page.evaluate(() => (window as any).__hints.signals)).toBe(1);
});
