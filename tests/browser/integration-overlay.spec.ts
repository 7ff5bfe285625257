// The highlight overlay: labelled boxes in a closed shadow root that page CSS cannot
// touch, that hit-testing sees through, and that snapshots never include.
import { test, expect } from '@playwright/test';
import { findNode, iifeBundle, stable } from './integration-helpers';
import type { SerializedPage } from '../../src/types';

test.beforeEach(async ({ page }) => {
  await page.goto('/fixtures/integration/app.html');
  await page.addScriptTag({ content: iifeBundle() });
  await page.evaluate(() => {
    window.__first = new window.BrowserXDomTool.DomTool();
  });
});

test('draws boxes where nodes are, and a snapshot taken meanwhile is unchanged', async ({ page }) => {
  const before: SerializedPage = await page.evaluate(() => window.__first.get_serialized_dom({ force: true }));
  const textBefore: string = await page.evaluate(() => window.__first.getText({ force: true }));
  const box = (await page.locator('#inc').boundingBox())!;
  // The band around the button's edge, where the box border is drawn; and a corner with no node.
  const edge = { x: box.x - 6, y: box.y - 20, width: box.width + 12, height: box.height + 26 };
  const empty = { x: 1180, y: 620, width: 80, height: 80 };
  const edgeBefore = await page.screenshot({ clip: edge });
  const emptyBefore = await page.screenshot({ clip: empty });

  const shown = await page.evaluate(() => window.__first.highlight('all'));
  expect(shown.shown).toBeGreaterThanOrEqual(3);
  expect(shown.missing).toEqual([]);

  expect(await page.screenshot({ clip: edge })).not.toEqual(edgeBefore);
  expect(await page.screenshot({ clip: empty })).toEqual(emptyBefore);

  const during: SerializedPage = await page.evaluate(() => window.__first.get_serialized_dom({ force: true }));
  const textDuring: string = await page.evaluate(() => window.__first.getText({ force: true }));
  expect(stable(during)).toEqual(stable(before));
  expect(textDuring).toBe(textBefore);

  await page.evaluate(() => window.__first.clearHighlight());
  expect(await page.screenshot({ clip: edge })).toEqual(edgeBefore);
  expect(await page.locator('[data-browserx-overlay]').count()).toBe(0);
});

// The README's picture of this page is drawn by `npm run docs:images` (scripts/docs-images.mjs).
test('highlight() labels the overlay fixture (the README picture)', async ({ page }) => {
  await page.setViewportSize({ width: 760, height: 330 });
  await page.goto('/fixtures/integration/overlay.html');
  await page.addScriptTag({ content: iifeBundle() });
  const plain = await page.screenshot();
  const shown = await page.evaluate(() => new window.BrowserXDomTool.DomTool().highlight());
  expect(shown.shown).toBeGreaterThanOrEqual(10);
  expect(await page.screenshot()).not.toEqual(plain);
});

test('labels name the node ids; the overlay is closed, unclickable and immune to page CSS', async ({ page }) => {
  const snapshot: SerializedPage = await page.evaluate(() => window.__first.get_serialized_dom());
  const inc = findNode(snapshot, 'Increment', 'button')!;
  await page.addStyleTag({
    content: 'browserx-overlay, [data-browserx-overlay] { display: none !important; opacity: 0 !important; }',
  });
  const r = await page.evaluate(async (id) => {
    const res = await window.__first.highlight([id, 'nv_doesnotexist']);
    const host = document.querySelector('[data-browserx-overlay]') as HTMLElement;
    const style = getComputedStyle(host);
    return {
      res,
      shadowRoot: host.shadowRoot,
      display: style.display,
      opacity: style.opacity,
      pointer: style.pointerEvents,
    };
  }, inc.node_id);
  expect(r.res).toEqual({ ok: true, shown: 1, missing: ['nv_doesnotexist'] });
  expect(r.shadowRoot).toBeNull(); // closed: page scripts cannot reach in
  expect(r).toMatchObject({ display: 'block', opacity: '1', pointer: 'none' });
  // The label is visible text in the screenshot region, and clicks go through to the page.
  await page.locator('#inc').click();
  await expect(page.locator('#status')).toHaveText('clicked 1');
  const click = await page.evaluate((id) => window.__first.click(id), inc.node_id);
  expect(click.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('clicked 2');
});

test('boxes follow the page when it scrolls', async ({ page }) => {
  await page.evaluate(() => {
    document.body.style.height = '3000px';
  });
  const snapshot: SerializedPage = await page.evaluate(() => window.__first.get_serialized_dom({ force: true }));
  const inc = findNode(snapshot, 'Increment', 'button')!;
  await page.evaluate((id) => window.__first.highlight([id]), inc.node_id);
  const box = (await page.locator('#inc').boundingBox())!;
  const clip = { x: box.x - 6, y: box.y - 20, width: box.width + 12, height: box.height + 26 };
  const atTop = await page.screenshot({ clip });
  await page.evaluate(() => window.scrollTo(0, 40));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  // Button and box moved up together: the same pixels, 40 px higher.
  expect(await page.screenshot({ clip: { ...clip, y: clip.y - 40 } })).toEqual(atTop);
});

test('boxes for nodes inside a same-origin iframe are offset by the frame position', async ({ page }) => {
  await page.evaluate(async () => {
    const frame = document.createElement('iframe');
    frame.style.cssText =
      'position:absolute;left:300px;top:260px;width:320px;height:160px;border:6px solid #ccc;padding:10px';
    frame.srcdoc = '<body style="margin:40px 0 0 120px"><button id="inner">Inner</button></body>';
    const loaded = new Promise((r) => frame.addEventListener('load', r));
    document.body.appendChild(frame);
    await loaded;
  });
  const snapshot: SerializedPage = await page.evaluate(() => window.__first.get_serialized_dom({ force: true }));
  const inner = findNode(snapshot, 'Inner', 'button')!;
  const box = (await page.frameLocator('iframe').locator('#inner').boundingBox())!;
  const around = { x: box.x - 6, y: box.y - 20, width: box.width + 12, height: box.height + 26 };
  // Where the box would land if frame offsets were ignored.
  const naive = { x: box.x - 300 - 16 - 6, y: box.y - 260 - 16 - 20, width: box.width + 12, height: box.height + 26 };
  const [aroundBefore, naiveBefore] = [await page.screenshot({ clip: around }), await page.screenshot({ clip: naive })];
  expect(await page.evaluate((id) => window.__first.highlight([id]), inner.node_id)).toEqual({
    ok: true,
    shown: 1,
    missing: [],
  });
  expect(await page.screenshot({ clip: around })).not.toEqual(aroundBefore);
  expect(await page.screenshot({ clip: naive })).toEqual(naiveBefore);
});
