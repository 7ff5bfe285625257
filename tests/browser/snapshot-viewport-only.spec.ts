// viewportOnly (issue 35): what lies wholly above or below the viewport is counted, not walked
// (snapshot/walk/out-of-view.ts) — yet everything that paints into the viewport from such a
// subtree is still there: fixed and absolutely positioned descendants, the top layer, content
// overflowing down from a box above, aria-owns. And the text says only what is in view: no
// container emptied by the cut, no paragraphs glued together across a block that was cut.
import { test, expect, type Page } from '@playwright/test';
import { OTHER_ORIGIN, loadHtml, shape, snapshot } from './helpers/domtool';

const FULL = { tokenBudget: 0, maxNodes: 1e9, timeBudgetMs: 1e9 };

/** The snapshot's own counts (not part of the serialized page). */
async function stats(page: Page, options: object): Promise<{ keptNodes: number; visitedElements: number }> {
  return page.evaluate(async (o) => {
    const w = window as unknown as {
      BrowserXDomTool: {
        DomTool: new (
          o: object,
        ) => { getSnapshot(o: object): Promise<{ stats: { keptNodes: number; visitedElements: number } }> };
      };
    };
    const snap = await new w.BrowserXDomTool.DomTool(o).getSnapshot({ force: true });
    return { keptNodes: snap.stats.keptNodes, visitedElements: snap.stats.visitedElements };
  }, options);
}

test('a subtree wholly below the viewport is counted, not walked', async ({ page }) => {
  await loadHtml(
    page,
    `
    <h1>Top</h1><button>In view</button>
    <section style="margin-top:3000px">${'<div><button>Below</button><a href="#x">link</a></div>'.repeat(300)}</section>`,
  );
  const whole = await stats(page, FULL);
  const inView = await stats(page, { ...FULL, viewportOnly: true });
  // Every element is still counted (meta.totalNodes), but only what is in view is classified and kept.
  expect(inView.visitedElements).toBe(whole.visitedElements);
  expect(whole.keptNodes).toBeGreaterThan(600);
  expect(inView.keptNodes).toBeLessThan(5);
  const { text } = await snapshot(page, { ...FULL, viewportOnly: true });
  expect(shape(text)).toBe(['h1 "Top"', '@ button "In view"'].join('\n'));
});

test('what paints into the viewport from a subtree outside it is kept', async ({ page }) => {
  await loadHtml(
    page,
    `
    <button>Plain</button>
    <div style="margin-top:3000px">
      <div><div style="position:fixed;top:40px;left:300px"><button>Fixed banner</button></div><p>Far text</p></div>
      <div><div style="position:absolute;top:90px;left:300px"><button>Absolute from below</button></div></div>
      <div id="host"></div>
      <div><div popover id="pop"><button>Popover item</button></div></div>
      <div role="listbox" aria-label="Owner far below" aria-owns="owned"><div role="option">Own child</div></div>
      <p>Below text</p>
    </div>
    <div id="owned" role="option" style="position:absolute;top:140px;left:300px">Owned option</div>
    <script>
      document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML =
        '<div><div style="position:fixed;top:190px;left:300px"><button>Shadow fixed</button></div></div>';
      document.getElementById('pop').showPopover();
    </script>`,
  );
  const full = await snapshot(page, FULL);
  const { text } = await snapshot(page, { ...FULL, viewportOnly: true });
  for (const name of ['Plain', 'Fixed banner', 'Absolute from below', 'Shadow fixed', 'Popover item', 'Owned option']) {
    expect(full.text).toContain(name);
    expect(text).toContain(name);
  }
  expect(text).not.toContain('Far text');
  expect(text).not.toContain('Below text');
});

test('content overflowing down from a box above the viewport is kept', async ({ page }) => {
  // Two floats: one by its style attribute, one by a class rule (found from the style rules).
  await loadHtml(
    page,
    `
    <style>.hang { float: left; height: 1200px }</style>
    <div style="height:1500px"></div>
    <div style="height:0"><div style="float:left;height:1200px"><button style="margin-top:900px">Float into view</button></div></div>
    <div style="height:0"><div class="hang"><button style="margin-top:900px">Class float into view</button></div></div>
    <div style="height:20px;position:relative"><div style="position:absolute;top:100%;height:1200px"><button style="margin-top:1000px">Dropdown item</button></div></div>
    <div style="height:30px"><div style="height:1200px"><div style="height:1000px"></div><button>Tall content</button></div></div>
    <div style="height:100px"><button>Scrolled past</button></div>
    <div style="height:3000px"></div>
    <script>window.scrollTo(0, 2100)</script>`,
  );
  await page.waitForFunction(() => window.scrollY === 2100);
  const { text } = await snapshot(page, { ...FULL, viewportOnly: true });
  expect(text).toContain('Float into view');
  expect(text).toContain('Class float into view');
  expect(text).toContain('Dropdown item');
  expect(text).toContain('Tall content');
  expect(text).not.toContain('Scrolled past');
});

test('viewportOnly shows no container emptied by the cut and no paragraphs glued across it', async ({ page }) => {
  await loadHtml(
    page,
    `
    <p>Intro</p>
    <div>Alpha words <h2 style="margin-top:1200px">Heading below</h2> Omega words</div>
    <main style="position:absolute;top:500px;width:100%"><div style="height:400px"></div><p>Main text below</p></main>`,
  );
  const full = await snapshot(page, FULL);
  expect(shape(full.text)).toContain('main');
  const { text } = await snapshot(page, { ...FULL, viewportOnly: true });
  const lines = shape(text).split('\n');
  // main's content lies below the viewport: an empty landmark line says nothing.
  expect(lines).not.toContain('main');
  expect(text).not.toContain('Main text below');
  // Full mode reads Alpha, the heading, Omega on three lines: the cut heading must not join the two.
  expect(text).not.toContain('Alpha words Omega words');
  expect(lines).toContain('Alpha words');
});

// The walk learns what may escape a subtree from the document's style rules (walk/escapers.ts):
// every way a rule, an attribute, the UA or a script can move a box out must still be found.
test('what style rules, the UA, shadow trees and scripts move out of a subtree below is kept', async ({ page }) => {
  await loadHtml(
    page,
    `
    <style>
      .menu .pop:not(.closed) { position: absolute; top: 30px; left: 300px }
      @media (min-width: 1px) { @supports (display: block) { .fx { position: fixed; top: 60px; left: 300px } } }
      .md\\:fixed { position: fixed; top: 90px; left: 300px }
      .var { position: var(--p); top: 120px; left: 300px }
      .hidden-pop { position: absolute; display: none }
      dialog.far { top: 210px; left: 300px; margin: 0 }
    </style>
    <button>Plain</button>
    <div style="margin-top:3000px">
      <div class="menu"><ul><li><div class="pop"><button>Rule absolute</button></div></li></ul></div>
      <div><section><div class="fx"><button>Media rule fixed</button></div></section></div>
      <div><div class="md:fixed"><button>Utility fixed</button></div></div>
      <div><div class="var" style="--p: fixed"><button>Variable fixed</button></div></div>
      <div><div class="hidden-pop"><button>Hidden pop</button></div></div>
      <div><x-badge id="badge"><button>Host fixed</button></x-badge></div>
      <div><x-slot id="slotter"><button class="slotted">Slotted fixed</button></x-slot></div>
      <div><div id="animated"><button>Animated fixed</button></div></div>
      <div><dialog open class="far"><button>Open dialog</button></dialog></div>
      <p>Below text</p>
    </div>
    <script>
      document.getElementById('badge').attachShadow({ mode: 'open' }).innerHTML =
        '<style>:host { position: fixed; top: 150px; left: 300px }</style><slot></slot>';
      document.getElementById('slotter').attachShadow({ mode: 'open' }).innerHTML =
        '<style>::slotted(.slotted) { position: fixed; top: 180px; left: 300px }</style><slot></slot>';
      document.getElementById('animated').animate(
        [{ position: 'fixed', top: '240px', left: '300px' }, { position: 'fixed', top: '240px', left: '300px' }],
        { duration: 1e9 },
      );
    </script>`,
  );
  const names = [
    'Plain',
    'Rule absolute',
    'Media rule fixed',
    'Utility fixed',
    'Variable fixed',
    'Host fixed',
    'Slotted fixed',
    'Animated fixed',
    'Open dialog',
  ];
  const full = await snapshot(page, FULL);
  const inView = await snapshot(page, { ...FULL, viewportOnly: true });
  for (const name of names) {
    expect(full.text).toContain(name);
    expect(inView.text).toContain(name);
  }
  expect(inView.text).not.toContain('Hidden pop');
  expect(inView.text).not.toContain('Below text');
  expect(inView.mutations).toEqual([]);

  // A cross-origin sheet cannot be read, but a print-only one styles nothing on screen: the
  // rules still tell (the next test has one whose media list comes to match).
  await page.evaluate((href) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    link.href = href;
    return new Promise((resolve) => {
      link.addEventListener('load', resolve);
      document.head.append(link);
    });
  }, `${OTHER_ORIGIN}/examples/extension/panel.css`);
  const unreadable = await snapshot(page, { ...FULL, viewportOnly: true });
  expect(unreadable.text).toBe(inView.text);
});

// A cross-origin sheet's rules cannot be read: while it applies, the walk reads the computed
// style of what lies outside the viewport instead of asking the rules. One whose media list
// does not match styles nothing — until it matches: a resize, or here a script that sets its
// media list on the same sheet object (walk/escapers.ts keys its compiled rules by it).
test('a cross-origin sheet is read through computed styles once its media list matches', async ({ page }) => {
  // Served from the other origin (no route: the Firefox and WebKit harness routes only '**/*').
  const href = `${OTHER_ORIGIN}/tests/browser/helpers/viewport-escape.css`;
  await loadHtml(
    page,
    `
    <button>Plain</button>
    <div style="margin-top:3000px"><div><div class="far"><button>Sheet fixed</button></div></div><p>Below text</p></div>`,
  );
  const readable = await page.evaluate((url) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    link.href = url;
    return new Promise<boolean>((resolve) => {
      link.addEventListener('load', () => {
        try {
          return resolve(link.sheet!.cssRules.length >= 0);
        } catch {
          return resolve(false);
        }
      });
      document.head.append(link);
    });
  }, href);
  expect(readable).toBe(false);
  const wide = await snapshot(page, { ...FULL, viewportOnly: true });
  expect(wide.text).toContain('Plain');
  expect(wide.text).not.toContain('Sheet fixed');

  // WebKit may apply the changed media list a few frames later: wait until the sheet styles .far.
  await page.evaluate(async () => {
    document.querySelector<HTMLLinkElement>('link[media=print]')!.media = 'all';
    const far = document.querySelector('.far')!;
    for (let i = 0; i < 100 && getComputedStyle(far).position !== 'fixed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
  });
  const narrow = await snapshot(page, { ...FULL, viewportOnly: true });
  expect(narrow.text).toContain('Sheet fixed');
  expect(narrow.text).not.toContain('Below text');
  expect(narrow.mutations).toEqual([]);
});
