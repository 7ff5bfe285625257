// Issue 30: one geometry for the snapshot and the actions. A same-origin frame's document
// is drawn in the frame element's content box — inside its border AND its padding — so
// the snapshot's layout of an element in a padded frame, the page's own geometry
// (Playwright's boundingBox) and the point an action clicks must agree.
import { test, expect } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';
import { allNodes } from './helpers/tree';

const FRAME = `<iframe id="f" style="padding:30px 20px 10px 30px;border:4px solid #000;margin:12px" width="400" height="160" srcdoc="
  <body style='margin:0'>
  <button id='go' style='position:absolute;left:50px;top:20px;width:100px;height:40px'>Go</button>
  <button id='low' style='position:absolute;left:10px;top:130px;width:80px;height:20px'>Low</button>
  <button id='below' style='position:absolute;left:10px;top:175px;width:80px;height:20px'>Below</button>
  <script>window.hits=[];document.getElementById('go').addEventListener('click',e=>hits.push([e.clientX,e.clientY]))</script>
  </body>"></iframe>`;

test('an element in a padded iframe: the snapshot layout, the page and the click point agree', async ({ page }) => {
  await loadHtml(page, `<p style="margin:0;height:25px">Above</p>${FRAME}`);
  const frame = page.frame({ url: 'about:srcdoc' })!;
  await frame.waitForFunction(() => !!document.getElementById('go'));
  const { json } = await snapshot(page, { includeLayout: true });
  const go = allNodes(json).find((n) => n.name === 'Go')!;
  expect(go.layout).toBeDefined();
  const real = (await frame.locator('#go').boundingBox())!;
  // The snapshot's box is the page's box: top-level coordinates, padding and border included.
  expect(Math.abs(go.layout!.x - real.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(go.layout!.y - real.y)).toBeLessThanOrEqual(1);
  expect(go.layout!.width).toBe(Math.round(real.width));

  const clicked = await page.evaluate(async (id) => {
    const w = window as unknown as {
      __domtoolTest: {
        click(id: string): Promise<{ success: boolean }>;
        inspect(id: string): Promise<{ actionable: boolean }>;
      };
    };
    const inspected = await w.__domtoolTest.inspect(id);
    const result = await w.__domtoolTest.click(id);
    const win = (document.getElementById('f') as HTMLIFrameElement).contentWindow as unknown as { hits: number[][] };
    return { actionable: inspected.actionable, success: result.success, hits: win.hits };
  }, go.node_id);
  expect(clicked.actionable).toBe(true);
  expect(clicked.success).toBe(true);
  expect(clicked.hits.length).toBe(1);
  // The action's point (the frame's client coordinates), placed where the page draws the
  // frame's content, is the centre of the snapshot's box.
  const local = await frame.evaluate(() => document.getElementById('go')!.getBoundingClientRect().left);
  const contentLeft = real.x - local;
  const contentTop = real.y - (await frame.evaluate(() => document.getElementById('go')!.getBoundingClientRect().top));
  const [cx, cy] = clicked.hits[0];
  expect(Math.abs(cx + contentLeft - (go.layout!.x + go.layout!.width / 2))).toBeLessThanOrEqual(1);
  expect(Math.abs(cy + contentTop - (go.layout!.y + go.layout!.height / 2))).toBeLessThanOrEqual(1);
});

test('a padded iframe: its viewport is its content box, so the fold inside it is where a person sees it', async ({
  page,
}) => {
  await loadHtml(page, `<p style="margin:0;height:25px">Above</p>${FRAME}`);
  const frame = page.frame({ url: 'about:srcdoc' })!;
  await frame.waitForFunction(() => !!document.getElementById('below'));
  const { json } = await snapshot(page, { includeLayout: true });
  const nodes = allNodes(json);
  const low = nodes.find((n) => n.name === 'Low')!;
  const below = nodes.find((n) => n.name === 'Below')!;
  expect(Math.abs(low.layout!.y - (await frame.locator('#low').boundingBox())!.y)).toBeLessThanOrEqual(1);
  // The frame shows 160px of its document (the padding is no part of it): Low (130-150px)
  // is in view, Below (175-195px) is a scroll of the frame away.
  expect(low.computed?.offscreen).toBeUndefined();
  expect(below.computed?.offscreen).toBe(true);
});
