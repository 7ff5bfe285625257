// S13 / S14 in real Chromium: text a sighted person cannot see never reaches the
// agent (the usual carriers of prompt injection), while the patterns people rely on
// stay; covered controls say what covers them.
import { test, expect } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';
import { coveredByName, names } from './helpers/tree';

const IMG =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%22400%22 height=%22200%22%3E%3Crect width=%22400%22 height=%22200%22 fill=%22%23222%22/%3E%3C/svg%3E';

/** Every marker word must be missing from both the text and the JSON names/texts. */
async function expectGone(page: import('@playwright/test').Page, gone: string[], kept: string[]): Promise<void> {
  const { text, json } = await snapshot(page, { tokenBudget: 0 });
  const all = names(json).join('\n');
  for (const word of gone) {
    expect(text, `${word} in text`).not.toContain(word);
    expect(all, `${word} in JSON`).not.toContain(word);
  }
  for (const word of kept) {
    expect(text, `${word} missing from text`).toContain(word);
    expect(all, `${word} missing from JSON`).toContain(word);
  }
}

test('colour techniques: same colour as the background, transparent, faint by compounded opacity', async ({ page }) => {
  await loadHtml(
    page,
    `
    <p>VisibleControl</p>
    <p style="color:#fff">WhiteOnWhite</p>
    <p style="color:#fefefe">NearWhiteOnWhite</p>
    <div style="background:#123456"><p style="color:#133457">SameAsPanel</p></div>
    <div style="background:rgba(0,0,0,0.5)"><div style="background:#808080"><p style="color:#7f7f7f">GreyOnGrey</p></div></div>
    <p style="color:transparent">TransparentColour</p>
    <p style="color:rgba(0,0,0,0.02)">AlmostTransparent</p>
    <p style="-webkit-text-fill-color:transparent">TransparentFill</p>
    <div style="opacity:.2"><div style="opacity:.2"><p>FaintCompound</p></div></div>
    <div style="opacity:.1"><p>FaintButReadable</p></div>
    <p>Inline <span style="color:white">InlineWhite</span> stays out of the sentence</p>`,
  );
  await expectGone(
    page,
    [
      'WhiteOnWhite',
      'NearWhiteOnWhite',
      'SameAsPanel',
      'GreyOnGrey',
      'TransparentColour',
      'AlmostTransparent',
      'TransparentFill',
      'FaintCompound',
      'InlineWhite',
    ],
    ['VisibleControl', 'Inline', 'stays out of the sentence', 'FaintButReadable'],
  );
});

test('size and geometry techniques: tiny fonts, zero-size transforms, text moved out of its box or off the page', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <p>VisibleControl</p>
    <p style="font-size:1px">OnePixelFont</p>
    <p style="font-size:3px">ThreePixelFont</p>
    <p style="transform:scale(0)">ScaledToZero</p>
    <p style="transform:scale(0.05);transform-origin:0 0">ScaledTiny</p>
    <p style="overflow:hidden;text-indent:-9999px">IndentInClip</p>
    <p style="text-indent:-9999px">IndentOffPage</p>
    <div style="height:0;overflow:hidden"><p>ZeroHeightBox</p></div>
    <p style="height:2px;overflow:hidden;margin:0">SliverBox</p>
    <p style="position:absolute;left:-9999px">FarLeft</p>
    <p style="position:absolute;top:-9999px">FarAbove</p>`,
  );
  await expectGone(
    page,
    [
      'OnePixelFont',
      'ThreePixelFont',
      'ScaledToZero',
      'ScaledTiny',
      'IndentInClip',
      'IndentOffPage',
      'ZeroHeightBox',
      'SliverBox',
      'FarLeft',
      'FarAbove',
    ],
    ['VisibleControl'],
  );
});

test('inline text parents: the same techniques through an inline box (its box is where its glyphs are)', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <p>VisibleControl <b>BoldStays</b> <a href="/x" style="font-size:12px;line-height:2px">ShortLineStays</a></p>
    <p>Lead <span style="font-size:1px">InlineOnePixel</span> tail</p>
    <p>Lead <span style="font-size:3px;line-height:60px">InlineTinyTallLine</span> tail</p>
    <p style="text-indent:-9999px"><span>InlineIndentedOffPage</span></p>
    <p style="overflow:hidden;text-indent:-9999px"><em>InlineIndentInClip</em></p>
    <p style="text-indent:20px"><span>InlineSmallIndentStays</span></p>
    <p>Lead <span style="color:#fff">InlineWhiteOnWhite</span> tail</p>`,
  );
  await expectGone(
    page,
    ['InlineOnePixel', 'InlineTinyTallLine', 'InlineIndentedOffPage', 'InlineIndentInClip', 'InlineWhiteOnWhite'],
    ['VisibleControl', 'BoldStays', 'ShortLineStays', 'InlineSmallIndentStays'],
  );
});

test('far right of a page that does not scroll sideways is off the page', async ({ page }) => {
  await loadHtml(
    page,
    `<body style="overflow-x:hidden"><p>VisibleControl</p><p style="position:absolute;left:20000px;top:10px">FarRight</p></body>`,
  );
  await expectGone(page, ['FarRight'], ['VisibleControl']);
});

test('legitimate colours stay: dark themes, muted text, text over images, gradients and scrims', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div style="background:#111;color:#eee;padding:8px"><p>DarkTheme</p><p style="color:#777">MutedOnDark</p></div>
    <p style="color:#999">LightGreyOnWhite</p>
    <p style="opacity:.5">HalfOpacity</p>
    <div style="background:url('${IMG}');color:#fff;padding:8px"><p>OverBackgroundImage</p></div>
    <div style="background:linear-gradient(#000,#333);color:#fff;padding:8px"><p>OverGradient</p></div>
    <div style="position:relative;height:120px">
      <img src="${IMG}" alt="" style="position:absolute;inset:0;width:100%;height:100%">
      <p style="position:relative;color:#fff">OverPositionedImage</p>
    </div>
    <div style="position:relative;height:80px">
      <div style="position:absolute;inset:0;background:#0a3d62"></div>
      <p style="position:relative;color:#fff">OverPositionedCard</p>
    </div>
    <h2 style="background:linear-gradient(90deg,#f00,#00f);-webkit-background-clip:text;background-clip:text;-webkit-text-fill-color:transparent">GradientHeading</h2>
    <p style="color:transparent;-webkit-text-stroke:1px #000">OutlinedText</p>
    <p style="color:transparent;text-shadow:0 0 4px #000">BlurredText</p>`,
  );
  await expectGone(
    page,
    [],
    [
      'DarkTheme',
      'MutedOnDark',
      'LightGreyOnWhite',
      'HalfOpacity',
      'OverBackgroundImage',
      'OverGradient',
      'OverPositionedImage',
      'OverPositionedCard',
      'GradientHeading',
      'OutlinedText',
      'BlurredText',
    ],
  );
});

test('dark page: light text on a dark body stays, dark text on it goes', async ({ page }) => {
  await loadHtml(
    page,
    `<body style="background:#000;color:#ddd"><p>LightOnBlack</p><p style="color:#010101">BlackOnBlack</p></body>`,
  );
  await expectGone(page, ['BlackOnBlack'], ['LightOnBlack']);
});

test("backgrounds compose along the rendered tree: a frame shows the page behind it, slotted text sits on the shadow tree's panel", async ({
  page,
}) => {
  // A same-origin frame with no background of its own is transparent: its text is judged
  // against the frame element and the page around it, not a white canvas.
  await loadHtml(
    page,
    `
    <div style="background:#111;padding:8px">
      <iframe id="f" style="border:0;width:400px;height:120px" srcdoc="<body style='margin:0;color:#eee'><p>LightInFrameOnDark</p><p style='color:#121212'>DarkInFrameOnDark</p></body>"></iframe>
    </div>
    <iframe style="border:0;width:400px;height:80px;background:#f5f5f5" srcdoc="<p style='color:#f4f4f4'>PaleOnFrameElement</p><p>InkOnFrameElement</p>"></iframe>
    <x-card><span>SlottedLight</span></x-card>
    <script>
      customElements.define('x-card', class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: 'open' }).innerHTML = '<div style="background:#202020;color:#f0f0f0;padding:4px"><slot></slot></div>'; }
      });
    </script>`,
  );
  await page.waitForFunction(() =>
    (document.querySelector('#f') as HTMLIFrameElement).contentDocument?.body?.textContent?.includes(
      'LightInFrameOnDark',
    ),
  );
  await expectGone(
    page,
    ['DarkInFrameOnDark', 'PaleOnFrameElement'],
    ['LightInFrameOnDark', 'InkOnFrameElement', 'SlottedLight'],
  );
});

test('clipping techniques: clip, clip-path inset(50%) and circle(0), also around nested content and below the fold', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <p>VisibleControl</p>
    <p style="position:absolute;top:60px;clip:rect(0 0 0 0)">ClipRectZero</p>
    <p style="clip-path:inset(50%)">ClipPathInset</p>
    <div style="clip-path:circle(0)"><div><p>ClipPathCircleNested</p></div></div>
    <div style="clip-path:inset(0 0 50% 0);height:80px"><p style="margin:0">TopHalfStays</p><p style="margin:50px 0 0">BottomHalfGoes</p></div>
    <div style="height:2000px"></div>
    <p style="clip-path:inset(50%)">ClipPathBelowFold</p>`,
  );
  await expectGone(
    page,
    ['ClipRectZero', 'ClipPathInset', 'ClipPathCircleNested', 'BottomHalfGoes', 'ClipPathBelowFold'],
    ['VisibleControl', 'TopHalfStays'],
  );
});

test('text painted under an opaque element is gone; under a transparent or translucent layer it stays', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <p>VisibleControl</p>
    <div style="position:relative">
      <p>UnderOpaqueCover</p>
      <div style="position:absolute;inset:0;background:#fff"></div>
    </div>
    <div style="position:relative">
      <p>UnderImageCover</p>
      <img src="${IMG}" alt="" style="position:absolute;inset:0;width:100%;height:100%">
    </div>
    <div style="position:relative">
      <p>UnderTransparentLayer</p>
      <div style="position:absolute;inset:0"></div>
    </div>
    <div style="position:relative">
      <p>UnderFaintLayer</p>
      <div style="position:absolute;inset:0;background:rgba(255,255,255,.3)"></div>
    </div>
    <div style="position:relative">
      <p>UnderFadedDarkLayer</p>
      <div style="position:absolute;inset:0;background:#000;opacity:.3"></div>
    </div>
    <div style="position:relative">
      <p>UnderFadedPanelWrapper</p>
      <div style="position:absolute;inset:0;opacity:.5"><div style="height:100%;background:#fff"></div></div>
    </div>
    <div style="position:relative">
      <p>UnderNearlyOpaqueLayer</p>
      <div style="position:absolute;inset:0;background:#fff;opacity:.95"></div>
    </div>`,
  );
  await expectGone(
    page,
    ['UnderOpaqueCover', 'UnderImageCover', 'UnderNearlyOpaqueLayer'],
    ['VisibleControl', 'UnderTransparentLayer', 'UnderFaintLayer', 'UnderFadedDarkLayer', 'UnderFadedPanelWrapper'],
  );
});

test('a line its clipping box cuts to a sliver (under 4 px) is gone; one cut after 8 px stays', async ({ page }) => {
  // The 3 px left of a 20 px line are its leading: no glyph shows there (found by comparing
  // with painting: the text's pixels do not change when it is made transparent).
  await loadHtml(
    page,
    `<div style="font:16px/20px monospace">
      <div style="overflow:hidden;height:3px"><span>SliverOfALine</span></div>
      <div style="overflow:clip;height:3px;margin-top:30px"><span>SliverClipped</span></div>
      <div style="overflow:hidden;height:8px;margin-top:30px"><span>HalfALineShows</span></div>
    </div>`,
  );
  await expectGone(page, ['SliverOfALine', 'SliverClipped'], ['HalfALineShows']);
});

test('an opaque box hides only what is under its own box, not under content overflowing it', async ({ page }) => {
  // A white header (a stacking context) whose transparent menu overflows it downwards: the
  // hit test at the text under the menu returns the menu, but nothing opaque is painted
  // there — the header's background covers its own box only. Below the fold too (painting order).
  const block = (word: string) => `
    <div style="position:relative;z-index:1;width:300px;height:30px;background:#fff">
      <div style="position:relative;height:120px"><span>Menu</span></div>
    </div>
    <p style="margin:0">${word}Shown</p>
    <div style="position:relative;z-index:1;width:300px;height:40px;background:#fff">Header</div>
    <p style="margin:-30px 0 0">${word}Hidden</p>`;
  await loadHtml(
    page,
    block('UnderOverflowInView') + '<div style="height:1500px"></div>' + block('UnderOverflowBelow'),
  );
  await expectGone(
    page,
    ['UnderOverflowInViewHidden', 'UnderOverflowBelowHidden'],
    ['UnderOverflowInViewShown', 'UnderOverflowBelowShown', 'Menu', 'Header'],
  );
});

test('a cookie banner over buttons: the covered buttons say what covers them (its Accept button), the rest do not', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <button style="margin-top:20px">Free</button>
    <div style="position:absolute;top:620px;left:0"><button>Under banner</button> <a href="/x">Link under banner</a></div>
    <div role="region" aria-label="Cookie consent" style="position:fixed;left:0;right:0;bottom:0;height:140px;background:#222;color:#fff">
      We use cookies. <button>Accept all</button> <a href="/privacy">Privacy</a>
    </div>`,
  );
  const { text, json } = await snapshot(page, { tokenBudget: 0 });
  const lines = text.split('\n');
  const accept = lines.find((l) => l.includes('"Accept all"'))!;
  const acceptId = accept.trim().split(' ')[0];
  expect(acceptId).toMatch(/^nv_/);
  expect(lines.find((l) => l.includes('"Under banner"'))).toContain(`[covered by ${acceptId}]`);
  expect(lines.find((l) => l.includes('"Link under banner"'))).toContain(`covered by ${acceptId}`);
  expect(lines.find((l) => l.includes('"Free"'))).not.toContain('covered');
  expect(accept).not.toContain('covered');
  const covered = coveredByName(json);
  expect(covered).toEqual({ 'Under banner': acceptId, 'Link under banner': acceptId });
});

test('a cover without a control is described by its role and name; a sticky header covers what scrolled under it', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <header style="position:sticky;top:0;height:80px;background:#eee;z-index:2"><h1>Site</h1></header>
    <div style="height:100px"></div>
    <button id="target">Scrolled under</button>
    <div style="height:3000px"></div>`,
  );
  await page.evaluate(() => window.scrollTo(0, 140));
  const { text } = await snapshot(page, { tokenBudget: 0 });
  expect(text.split('\n').find((l) => l.includes('"Scrolled under"'))).toContain('[covered by banner]');
});

test('an ARIA modal leaves the page behind it out, like a native modal dialog', async ({ page }) => {
  await loadHtml(
    page,
    `
    <main><h1>PageBehind</h1><button>Behind button</button><p>Behind text</p></main>
    <div role="dialog" aria-modal="true" aria-label="Sign in" style="position:fixed;top:100px;left:100px;background:#fff;border:1px solid">
      <p>DialogText</p><button>Close dialog</button>
    </div>`,
  );
  await expectGone(page, ['PageBehind', 'Behind button', 'Behind text'], ['DialogText', 'Close dialog']);
  // aria-modal on a hidden dialog changes nothing.
  await page.evaluate(() => {
    (document.querySelector('[role=dialog]') as HTMLElement).style.display = 'none';
  });
  await expectGone(page, ['DialogText'], ['PageBehind', 'Behind button']);
});

test('a full-viewport dimmed backdrop: the page under it is out, the dialog next to it and the backdrop content stay', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <main><h1>PageUnder</h1><button>Under button</button></main>
    <div class="backdrop" style="position:fixed;inset:0;background:rgba(0,0,0,.5)"></div>
    <div class="dialog" style="position:fixed;top:200px;left:400px;width:400px;background:#fff;padding:20px">
      <p>Subscribe to our newsletter</p><button>No thanks</button>
    </div>`,
  );
  await expectGone(page, ['PageUnder', 'Under button'], ['Subscribe to our newsletter', 'No thanks']);
});

test('an app shell that is a fixed full-viewport box is not a backdrop: its content and the rest stay', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <div id="app" style="position:fixed;inset:0;overflow:auto;background:#fff"><h1>AppShell</h1><button>Shell button</button></div>
    <div style="position:fixed;top:10px;right:10px;z-index:2;background:#ffd"><p>Toast message</p></div>`,
  );
  await expectGone(page, [], ['AppShell', 'Shell button', 'Toast message']);
});

const SR_ONLY =
  'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0';

test('what people rely on stays: sr-only names of icon buttons, visually-hidden headings as names, alt, aria-label, values', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <button><svg aria-hidden="true" width="16" height="16"><path d="M0 0h16v16z"/></svg><span style="${SR_ONLY}">Search site</span></button>
    <a href="/cart"><svg aria-hidden="true" width="16" height="16"><path d="M0 0h16v16z"/></svg><span style="clip-path:inset(50%);${SR_ONLY}">Shopping cart</span></a>
    <section aria-labelledby="news"><h2 id="news" style="${SR_ONLY}">Latest news</h2><p>NewsBody</p></section>
    <img src="${IMG}" alt="Company logo" width="40" height="20">
    <button aria-label="Close panel">×</button>
    <input aria-label="Email" value="someone@example.com">
    <p>Plain <span style="${SR_ONLY}">SrOnlyRun</span> sentence</p>`,
  );
  const { text } = await snapshot(page, { tokenBudget: 0 });
  expect(text).toMatch(/nv_\w+ button "Search site"/);
  expect(text).toMatch(/nv_\w+ link "Shopping cart"/);
  expect(text).toContain('region "Latest news"');
  expect(text).toContain('img "Company logo"');
  expect(text).toMatch(/nv_\w+ button "Close panel"/);
  expect(text).toContain('value="someone@example.com"');
  // (The absolutely positioned span is a block: the sentence is split around it.)
  expect(text).toMatch(/Plain\s+sentence/);
  expect(text).not.toContain('SrOnlyRun');
});

test('a skip link that appears on focus: out while off-screen, a link like any other once focused and visible', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <style>.skip{position:absolute;left:-9999px;top:0}.skip:focus{left:8px}</style>
    <a class="skip" href="#main">Skip to content</a>
    <main id="main"><h1>Welcome</h1></main>`,
  );
  let { text } = await snapshot(page, { tokenBudget: 0 });
  expect(text).not.toContain('Skip to content');
  // element.focus(), as a keyboard Tab would end: :focus applies either way (and every engine's driver has evaluate).
  await page.evaluate(() => (document.querySelector('.skip') as HTMLElement).focus());
  ({ text } = await snapshot(page, { tokenBudget: 0 }));
  expect(text).toMatch(/nv_\w+ link "Skip to content" \[focused\]/);
});

test('includeHiddenText: hidden runs come back on lines of their own, marked with why they are hidden', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <p>Plain <span style="${SR_ONLY}">SrOnlyRun</span> sentence</p>
    <p style="color:#fff">WhiteOnWhite</p>
    <p style="font-size:2px">TinyText</p>
    <div style="position:relative"><p>UnderCover</p><div style="position:absolute;inset:0;background:#fff"></div></div>
    <div style="display:none"><p>DisplayNoneStaysOut</p></div>
    <div style="visibility:hidden"><p>VisibilityHiddenStaysOut</p></div>`,
  );
  const { text, json } = await snapshot(page, { tokenBudget: 0, includeHiddenText: true });
  const lines = text.split('\n');
  expect(lines).toContain('[hidden: visually-hidden] SrOnlyRun');
  expect(lines).toContain('[hidden: low-contrast] WhiteOnWhite');
  expect(lines).toContain('[hidden: tiny] TinyText');
  expect(lines).toContain('[hidden: covered] UnderCover');
  expect(text).not.toContain('DisplayNoneStaysOut');
  expect(text).not.toContain('VisibilityHiddenStaysOut');
  const hidden = allNodesOf(json)
    .filter((n) => n.hidden)
    .map((n) => [n.text, n.hidden, n.visible]);
  expect(hidden).toEqual([
    ['SrOnlyRun', 'visually-hidden', false],
    ['WhiteOnWhite', 'low-contrast', false],
    ['TinyText', 'tiny', false],
    ['UnderCover', 'covered', false],
  ]);
  // By default none of it is there.
  const plain = await snapshot(page, { tokenBudget: 0 });
  for (const word of ['SrOnlyRun', 'WhiteOnWhite', 'TinyText', 'UnderCover']) expect(plain.text).not.toContain(word);
});

function allNodesOf(json: import('../../src/types').SerializedPage): import('../../src/types').VirtualNode[] {
  const out: import('../../src/types').VirtualNode[] = [];
  const stack = [json.page.body];
  while (stack.length) {
    const n = stack.shift()!;
    out.push(n);
    for (const k of [n.children, n.shadowDom, n.iframe]) if (k) stack.unshift(...k);
  }
  return out;
}
