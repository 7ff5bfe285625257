// S13 / S14 beyond the viewport (issue 17 item 5, issue 21 item 4): covers hold on the
// whole page and inside same-origin frames — text under an opaque layer below the fold
// is gone, a control under a cover anywhere is marked, and what CSS paints above the
// cover (z-index, later positioned content, a hero image behind its title) stays. The
// snapshot never scrolls to find out (S11); the action layer, which does scroll, agrees.
import { test, expect, type Page } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';
import { allNodes, coveredByName, names } from './helpers/tree';

const FOLD = '<div style="height:1600px">Top of the page</div>';
const IMG =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%22400%22 height=%22200%22%3E%3Crect width=%22400%22 height=%22200%22 fill=%22%23222%22/%3E%3C/svg%3E';

function lineOf(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  if (!line) throw new Error(`no line with ${needle} in:\n${text}`);
  return line;
}

function idOf(text: string, needle: string): string {
  return lineOf(text, needle).trim().split(' ')[0];
}

/** Clicks by id with the snapshot's DomTool, as an agent would after reading the text. */
function click(page: Page, id: string): Promise<{ success: boolean; error?: { code: string; message: string } }> {
  return page.evaluate(
    (id) => (window as unknown as { __domtoolTest: { click(id: string): Promise<never> } }).__domtoolTest.click(id),
    id,
  );
}

test('text under an opaque layer below the fold is gone; under a transparent, faint or lower layer it stays', async ({
  page,
}) => {
  await loadHtml(
    page,
    `${FOLD}
    <div style="position:relative">
      <p>FarUnderOpaque</p>
      <div style="position:absolute;inset:0;background:#fff"></div>
    </div>
    <div style="position:relative">
      <p>FarUnderImage</p>
      <img src="${IMG}" alt="" style="position:absolute;inset:0;width:100%;height:100%">
    </div>
    <div style="position:relative">
      <div style="position:absolute;inset:0"><div style="height:100%;background:#fafafa"></div></div>
      <p>FarUnderPanelInWrapper</p>
    </div>
    <div style="position:relative">
      <p>FarUnderTransparent</p>
      <div style="position:absolute;inset:0"></div>
    </div>
    <div style="position:relative">
      <p>FarUnderFaint</p>
      <div style="position:absolute;inset:0;background:rgba(255,255,255,.3)"></div>
    </div>
    <div style="position:relative">
      <p>FarUnderFadedDark</p>
      <div style="position:absolute;inset:0;background:#000;opacity:.3"></div>
    </div>
    <div style="position:relative">
      <div style="position:absolute;inset:0;opacity:.5"><div style="height:100%;background:#fff"></div></div>
      <p>FarUnderFadedPanelWrapper</p>
    </div>
    <div style="position:relative">
      <p>FarUnderNearlyOpaque</p>
      <div style="position:absolute;inset:0;background:#fff;opacity:.95"></div>
    </div>
    <div style="position:relative;height:120px">
      <img src="${IMG}" alt="" style="position:absolute;inset:0;width:100%;height:100%">
      <h2 style="position:relative;color:#fff">HeroTitleOverImage</h2>
    </div>
    <div style="position:relative;isolation:isolate">
      <p style="color:#fff">AboveBackdropLayer</p>
      <div style="position:absolute;inset:0;background:#222;z-index:-1"></div>
    </div>
    <div style="position:relative">
      <p style="position:relative;z-index:2">RaisedAboveCover</p>
      <div style="position:absolute;inset:0;background:#fff;z-index:1"></div>
    </div>`,
  );
  const { text, json, mutations, scrollChanged } = await snapshot(page, { tokenBudget: 0 });
  const all = names(json).join('\n');
  for (const gone of ['FarUnderOpaque', 'FarUnderImage', 'FarUnderPanelInWrapper', 'FarUnderNearlyOpaque']) {
    expect(text, gone).not.toContain(gone);
    expect(all, gone).not.toContain(gone);
  }
  for (const kept of [
    'FarUnderTransparent',
    'FarUnderFaint',
    'FarUnderFadedDark',
    'FarUnderFadedPanelWrapper',
    'HeroTitleOverImage',
    'AboveBackdropLayer',
    'RaisedAboveCover',
  ])
    expect(text, kept).toContain(kept);
  // S11: found out without scrolling.
  expect(mutations).toEqual([]);
  expect(scrollChanged).toEqual([]);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a control under a cover below the fold is marked, and the click the agent tries is refused the same way', async ({
  page,
}) => {
  await loadHtml(
    page,
    `${FOLD}
    <div style="position:relative;height:60px">
      <button>Buried buy</button>
      <div role="note" aria-label="Sold out" style="position:absolute;inset:0;background:rgba(255,255,255,.6)"></div>
    </div>
    <div style="position:relative;height:60px">
      <button style="position:relative;z-index:3">Raised buy</button>
      <div style="position:absolute;inset:0;background:rgba(255,255,255,.6);z-index:1"></div>
    </div>
    <div style="position:relative;height:60px">
      <button>Click-through buy</button>
      <div style="position:absolute;inset:0;pointer-events:none;background:rgba(0,0,0,.1)"></div>
    </div>
    <div style="position:relative;height:60px">
      <button>Beside buy</button>
      <div style="position:absolute;left:400px;top:0;width:100px;height:40px;background:#eee"></div>
    </div>
    <div style="position:relative;height:80px;overflow:hidden">
      <button>Clipped-slide buy</button>
      <div style="position:absolute;left:0;top:100px;width:100%;height:200px;background:#fff"></div>
    </div>`,
  );
  const { text, json } = await snapshot(page, { tokenBudget: 0 });
  expect(lineOf(text, '"Buried buy"')).toContain('[covered by note "Sold out"]');
  for (const free of ['"Raised buy"', '"Click-through buy"', '"Beside buy"', '"Clipped-slide buy"'])
    expect(lineOf(text, free), free).not.toContain('covered');
  expect(Object.keys(coveredByName(json))).toEqual(['Buried buy']);

  // The action layer scrolls there and hit tests: it refuses exactly the marked one.
  const buried = await click(page, idOf(text, '"Buried buy"'));
  expect(buried.success).toBe(false);
  expect(buried.error?.code).toBe('OBSCURED');
  for (const free of ['"Raised buy"', '"Click-through buy"', '"Beside buy"', '"Clipped-slide buy"']) {
    const r = await click(page, idOf(text, free));
    expect(r.success, `${free}: ${r.error?.message}`).toBe(true);
  }
});

test("inside a same-origin frame: text under a cover below the frame's fold is gone and a covered control is marked", async ({
  page,
}) => {
  const inner = `<body style="margin:0">
    <button>Frame free</button>
    <div style="height:900px"></div>
    <div style="position:relative"><p>FrameFarUnderOpaque</p><div style="position:absolute;inset:0;background:#fff"></div></div>
    <div style="position:relative;height:60px"><button>Frame buried</button><div style="position:absolute;inset:0" aria-label="Frame veil" role="note"></div></div>
    <p>FrameFarVisible</p>
  </body>`;
  await loadHtml(
    page,
    `<h1>Host</h1><iframe style="width:600px;height:300px;border:0" srcdoc="${inner.replace(/"/g, '&quot;')}"></iframe>`,
  );
  await page.waitForFunction(() => !!document.querySelector('iframe')?.contentDocument?.querySelector('button'));
  const { text, mutations, scrollChanged } = await snapshot(page, { tokenBudget: 0 });
  expect(text).not.toContain('FrameFarUnderOpaque');
  expect(text).toContain('FrameFarVisible');
  expect(lineOf(text, '"Frame buried"')).toContain('[covered by note "Frame veil"]');
  expect(lineOf(text, '"Frame free"')).not.toContain('covered');
  expect(mutations).toEqual([]);
  expect(scrollChanged).toEqual([]);
});

test("a cover in the page over a frame below the fold marks the frame's controls; an uncovered frame's are free", async ({
  page,
}) => {
  const inner = '<body style="margin:0"><button>Framed pay</button></body>';
  const frame = (extra: string) =>
    `<div style="position:relative;width:400px;height:120px"><iframe style="width:400px;height:120px;border:0" srcdoc="${inner.replace(/"/g, '&quot;')}"></iframe>${extra}</div>`;
  await loadHtml(
    page,
    `${FOLD}${frame('<div role="dialog" aria-label="Ad veil" style="position:absolute;inset:0;background:rgba(0,0,0,.3)"></div>')}${frame('')}`,
  );
  await page.waitForFunction(() =>
    [...document.querySelectorAll('iframe')].every((f) => !!f.contentDocument?.querySelector('button')),
  );
  const { text } = await snapshot(page, { tokenBudget: 0 });
  const lines = text.split('\n').filter((l) => l.includes('"Framed pay"'));
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain('[covered by dialog "Ad veil"]');
  expect(lines[1]).not.toContain('covered');
});

test('a fixed box does not scroll: what lies outside the viewport (a closed share sheet) is out; fixed inside a transform scrolls and stays', async ({
  page,
}) => {
  await loadHtml(
    page,
    `${FOLD}
    <div style="position:fixed;left:0;right:0;top:100%;height:200px;background:#fff"><a href="/share/x">Share on X (closed sheet)</a></div>
    <nav style="position:fixed;left:0;top:0;width:180px;height:200vh;background:#f4f4f4">
      <a href="/a">Pinned top link</a>
      <a href="/b" style="position:absolute;top:150vh">Pinned unreachable link</a>
    </nav>
    <div style="position:fixed;right:0;bottom:0;width:200px;height:60px;background:#eef"><a href="/chat">Open chat</a></div>
    <div style="transform:translateZ(0);height:300px"><div style="position:fixed;left:0;top:0"><a href="/in-transform">Fixed in a transform</a></div></div>`,
  );
  const { text } = await snapshot(page, { tokenBudget: 0 });
  expect(text).not.toContain('closed sheet');
  expect(text).not.toContain('Pinned unreachable link');
  for (const shown of ['"Pinned top link"', '"Open chat"', '"Fixed in a transform"'])
    expect(lineOf(text, shown)).toMatch(/nv_/);
  // Every id the text shows can be used (the round trip the action layer makes).
  const links = text.split('\n').filter((l) => / link "/.test(l));
  expect(links).toHaveLength(3);
  for (const line of links) {
    const id = line.trim().split(' ')[0];
    const r = await page.evaluate(
      (id) =>
        (
          window as unknown as {
            __domtoolTest: { hover(id: string): Promise<{ success: boolean; error?: { message: string } }> };
          }
        ).__domtoolTest.hover(id),
      id,
    );
    expect(r.success, `${line}: ${r.error?.message}`).toBe(true);
  }
});

test('a scroll container brings its content into view: a fixed scrolling sidebar and a pane in an overflow:hidden shell keep what lies below the screen', async ({
  page,
}) => {
  await loadHtml(
    page,
    `<style>html, body { height: 100%; overflow: hidden; margin: 0 }</style>
    <nav style="position:fixed;left:0;top:0;bottom:0;width:200px;overflow-y:auto;background:#f4f4f4">
      <a href="/top">Sidebar top</a><div style="height:1500px"></div><a href="/bottom">Sidebar bottom</a>
    </nav>
    <main style="position:absolute;left:220px;right:0;top:0;bottom:0;overflow:auto">
      <p>Pane top</p><div style="height:1800px"></div><a href="/deep">Deep in the pane</a>
    </main>
    <div style="position:absolute;left:220px;top:100px;width:300px;height:100px;overflow:hidden">
      <div style="position:absolute;left:400px;top:0;width:200px;height:100px;overflow:auto"><a href="/gone">Slide outside its track</a></div>
    </div>`,
  );
  const { text } = await snapshot(page, { tokenBudget: 0 });
  expect(text).not.toContain('Slide outside its track');
  for (const name of ['Sidebar top', 'Sidebar bottom', 'Deep in the pane']) {
    const id = idOf(text, `"${name}"`);
    const r = await page.evaluate(
      (id) =>
        (
          window as unknown as {
            __domtoolTest: { hover(id: string): Promise<{ success: boolean; error?: { message: string } }> };
          }
        ).__domtoolTest.hover(id),
      id,
    );
    expect(r.success, `${name}: ${r.error?.message}`).toBe(true);
  }
});

test('an action scrolls only what a person can: an overflow:hidden shell keeps its offset, its links are hovered where they are', async ({
  page,
}) => {
  // yahoo-2's header: scrollIntoView scrolled the page's overflow:hidden shell, which moved
  // the header out of reach (refused "could not be scrolled into the viewport") and
  // changed the page for every later action. The snapshot counts a cut axis as gone for good.
  await loadHtml(
    page,
    `<style>body { margin: 0 }</style>
    <div id="shell" style="position:absolute;left:0;right:0;top:-300px;height:1300px;overflow:hidden">
      <div style="height:290px"></div><a href="/half" style="display:block;height:20px">Half above the top</a>
      <div style="height:690px"></div><a href="/edge" style="display:block;height:40px">Across the fold</a>
      <div style="height:3000px"></div>
    </div>`,
  );
  const { text } = await snapshot(page, { tokenBudget: 0 });
  for (const name of ['Half above the top', 'Across the fold']) {
    const line = lineOf(text, `"${name}"`);
    expect(line).not.toMatch(/covered by|unreachable/);
    const r = await page.evaluate(
      (id) =>
        (
          window as unknown as {
            __domtoolTest: { hover(id: string): Promise<{ success: boolean; error?: { message: string } }> };
          }
        ).__domtoolTest.hover(id),
      idOf(text, `"${name}"`),
    );
    expect(r.success, `${name}: ${r.error?.message}`).toBe(true);
    expect(await page.evaluate(() => document.getElementById('shell')!.scrollTop), name).toBe(0);
  }
});

test('the fold is the action viewport: a button only under a classic scrollbar is out of view to both', async ({
  page,
}) => {
  // Firefox draws 12 px classic scrollbars: the window's inner width holds the strip, the
  // action's viewport (viewportOf) does not. Where an engine draws none, the button sits just
  // right of the viewport, out of view to both as well.
  await loadHtml(page, '<div style="height:3000px">Tall page</div>');
  await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const strip = innerWidth - width;
    const b = document.createElement('button');
    b.textContent = 'Under the scrollbar';
    b.style.cssText = `position:absolute;top:100px;left:${width + (strip > 2 ? 1 : 0)}px;width:${Math.max(1, strip - 2)}px;height:30px;padding:0;border:0;overflow:hidden`;
    document.body.append(b);
  });
  const { json, text } = await snapshot(page, { tokenBudget: 0 });
  const button = allNodes(json).find((n) => n.name === 'Under the scrollbar');
  expect(button, text).toBeDefined();
  expect(button!.computed?.offscreen).toBe(true);
  const seen = await page.evaluate(
    (id) =>
      (
        window as unknown as { __domtoolTest: { inspect(id: string): Promise<{ inViewport?: boolean }> } }
      ).__domtoolTest.inspect(id),
    button!.node_id,
  );
  expect(seen.inViewport).toBe(false);
});
