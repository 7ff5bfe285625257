// Issue 21 item 4: an id shown can be used. A scroller that scrolls one axis and cuts the other
// (`overflow-x: hidden; overflow-y: auto`, the usual vertical panel holding a carousel) hides
// the slides off its side for good: no scrolling a person can do brings them in, so they are not
// listed (they were, as "reachable by scrolling", and then refused "could not be scrolled into
// view"). What the scrolling axis hides stays listed: a person scrolls to it.
import { expect, test } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';
import type {} from './helpers/page-globals';

const PANEL = `
  <div id="panel" style="overflow-x:hidden;overflow-y:auto;width:400px;height:200px;border:1px solid #999">
    <div style="display:flex;width:1200px;transform:translateX(0)">
      <div style="width:400px;height:120px"><a href="#s1">Slide one</a></div>
      <div style="width:400px;height:120px"><a href="#s2">Slide two</a></div>
      <div style="width:400px;height:120px"><a href="#s3">Slide three</a></div>
    </div>
    <p style="margin-top:300px"><a href="#below">Further down the panel</a></p>
  </div>`;

test('a panel scrolling vertically and cutting horizontally: slides off its side are not listed, content below is', async ({
  page,
}) => {
  await loadHtml(page, PANEL);
  const { text } = await snapshot(page);
  expect(text).toContain('Slide one');
  expect(text).not.toContain('Slide two');
  expect(text).not.toContain('Slide three');
  expect(text).toContain('Further down the panel');
  // What is listed can be clicked: the scroll brings it in.
  const r = await page.evaluate(async () => {
    const tool = new window.BrowserXDomTool.DomTool();
    const t: string = await tool.getText();
    const id = /\[Further down the panel\]\((nv_\w+)\)|(nv_\w+) link "Further down the panel"/.exec(t);
    return tool.click(id![1] ?? id![2]);
  });
  expect(r.success, JSON.stringify(r)).toBe(true);
});

test('the same with the axes swapped (overflow-x: auto; overflow-y: hidden)', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div style="overflow-x:auto;overflow-y:hidden;width:400px;height:100px;border:1px solid #999;white-space:nowrap">
      <a href="#r1">Right away</a><span style="display:inline-block;width:900px"></span><a href="#far">Far right</a>
      <div style="position:relative;top:150px"><a href="#under">Under the strip</a></div>
    </div>`,
  );
  const { text } = await snapshot(page);
  expect(text).toContain('Right away');
  expect(text).toContain('Far right');
  expect(text).not.toContain('Under the strip');
});

// Overflow and content-visibility apply to block containers and replaced boxes, not to an inline
// box (CSS Overflow 3 §3, CSS Contain 2 §4): a span or link with overflow:hidden shows all of its
// content (its padding box is empty, clientWidth 0). The walk cut that content away with it, so
// visible words went missing (and read two styles per such element for nothing).
test('an inline box with overflow:hidden or content-visibility:hidden shows its content', async ({ page }) => {
  await loadHtml(
    page,
    `
    <p>Hello <span style="overflow:hidden"><b>World</b> tail</span> and
      <span style="content-visibility:hidden"><b>Still</b> shown</span> end</p>
    <p><a href="#x" style="overflow:hidden"><span>Link inner</span></a></p>
    <div style="overflow:hidden;width:0;height:0"><b>Clipped block</b></div>
    <div style="content-visibility:hidden"><b>Skipped block</b></div>`,
  );
  const { text } = await snapshot(page);
  expect(text).toContain('Hello World tail and Still shown end');
  expect(text).toContain('Link inner');
  expect(text).not.toContain('Clipped block');
  expect(text).not.toContain('Skipped block');
});
