// Issue 17 item 7: DomTool.dispose() lets go of the page — the overlay goes, observers
// stop, and every later call answers an error in its own shape instead of working on
// stale references (or throwing).
import { expect, test } from '@playwright/test';
import { loadHtml } from './helpers/domtool';

test('after dispose() the overlay is gone and every call answers NO_DOCUMENT without throwing', async ({ page }) => {
  await loadHtml(
    page,
    '<main><button id="b" onclick="this.textContent = \'clicked\'">Go</button><p>Ticker <span id="t">0</span></p></main>',
  );
  const out = await page.evaluate(async () => {
    const w = window as unknown as { BrowserXDomTool: { DomTool: new () => any } };
    const tool = new w.BrowserXDomTool.DomTool();
    const text = await tool.getText();
    const id = /(\S+) button "Go"/.exec(text)![1];
    await tool.highlight('all');
    const overlayBefore = document.querySelectorAll('[data-browserx-overlay]').length;
    tool.dispose();
    tool.dispose(); // idempotent
    const overlayAfter = document.querySelectorAll('[data-browserx-overlay]').length;
    const click = await tool.click(id);
    const after = await tool.getText();
    const json = await tool.getSerializedDom();
    return { overlayBefore, overlayAfter, click, after, json, button: document.getElementById('b')!.textContent };
  });
  expect(out.overlayBefore).toBeGreaterThan(0);
  expect(out.overlayAfter).toBe(0);
  expect(out.click.success).toBe(false);
  expect(out.click.error.code).toBe('NO_DOCUMENT');
  expect(out.button).toBe('Go'); // nothing acted after dispose
  expect(out.after).toMatch(/disposed/);
  expect(JSON.stringify(out.json)).toMatch(/disposed/);
});
