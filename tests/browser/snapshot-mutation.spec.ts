// S11 on every fixture: taking a snapshot changes nothing — a MutationObserver over
// the document (and every open shadow root and same-origin frame document) records
// zero mutations, and neither focus nor any scroll position moves.
import { test, expect } from '@playwright/test';
import { injectDomTool, loadUrl, snapshot } from './helpers/domtool';
import { fixtureFiles } from './helpers/fixtures';

for (const file of fixtureFiles()) {
  test(`zero mutations, same focus and scroll: fixtures/${file}`, async ({ page }) => {
    await loadUrl(page, `/fixtures/${file}`);
    // Give the probe something to notice: a focused field and a scrolled page.
    await page.evaluate(() => {
      const field = document.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button, a[href]');
      field?.focus();
      window.scrollTo(0, 120);
    });
    for (const options of [
      {},
      { includeSelectors: true, includeLayout: true, tokenBudget: 0 },
      { viewportOnly: true },
    ]) {
      const result = await snapshot(page, options);
      expect(result.json.page.meta.error).toBeUndefined();
      expect(result.mutations).toEqual([]);
      expect(result.focusChanged).toBe(false);
      expect(result.scrollChanged).toEqual([]);
    }
  });
}

test('zero mutations on a page with shadow roots, a same-origin frame and a focused field inside the frame', async ({
  page,
}) => {
  await page.goto('/tests/browser/helpers/blank.html');
  await page.setContent(`
    <div id="host"></div>
    <iframe srcdoc="<input id='inner' value='x'><div style='height:2000px'></div>" width="300" height="100"></iframe>
    <div style="overflow:auto;height:50px" id="scroller"><div style="height:400px"><button>In scroller</button></div></div>
    <script>document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<input aria-label="shadow field"><slot></slot>';</script>`);
  await injectDomTool(page);
  await page.evaluate(async () => {
    document.getElementById('scroller')!.scrollTop = 30;
    const frame = document.querySelector('iframe')!;
    // Focus first: focusing scrolls the field into view. Firefox does that scroll
    // asynchronously (a later frame would undo the scrollTo below), so let it land.
    (frame.contentDocument!.getElementById('inner') as HTMLInputElement).focus();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    frame.contentWindow!.scrollTo(0, 50);
  });
  const result = await snapshot(page, { includeSelectors: true });
  expect(result.mutations).toEqual([]);
  expect(result.focusChanged).toBe(false);
  expect(result.scrollChanged).toEqual([]);
  const frameState = await page.evaluate(() => {
    const frame = document.querySelector('iframe')!;
    return { y: frame.contentWindow!.scrollY, active: frame.contentDocument!.activeElement?.id };
  });
  expect(frameState).toEqual({ y: 50, active: 'inner' });
});
