// Issue 30 item 4: covers that are not positioned. A static box that starts a stacking
// context (a carousel slide's transform, a fading card's opacity, a filter, will-change)
// paints in the positioned layer, over in-flow content wherever it comes in the tree; and
// later inline content (text, an inline link, an inline-block badge) paints over earlier
// inline content it overlaps (line-height:0 lines, a headline pulled up over a nav icon).
// A later block's background never does. The snapshot marks what the action would refuse,
// in view (the browser's hit test) and below the fold (painting order, no scrolling: S11).
import { test, expect, type Page } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';

const FOLD = '<div style="height:1600px">Top of the page</div>';

/** The id the text shows for `name` and the marks that follow it (a line, or a link in a sentence). */
function entryOf(text: string, name: string): { id: string; marks: string } {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m =
    new RegExp(`\\[${esc}\\]\\((nv_[a-z0-9]+)([^)]*)\\)`).exec(text) ??
    new RegExp(`(nv_[a-z0-9]+) [a-z]+ "${esc}"(.*)`).exec(text);
  if (!m) throw new Error(`no id for ${name} in:\n${text}`);
  return { id: m[1], marks: m[2] };
}

function hover(page: Page, id: string): Promise<{ success: boolean; error?: { code: string; message: string } }> {
  return page.evaluate(
    (id) => (window as unknown as { __domtoolTest: { hover(id: string): Promise<never> } }).__domtoolTest.hover(id),
    id,
  );
}

/** Each covered link is marked and refused; each free one is unmarked and goes through. */
async function expectRoundTrip(page: Page, text: string, covered: string[], free: string[]): Promise<void> {
  for (const name of covered) expect(entryOf(text, name).marks, name).toContain('covered by');
  for (const name of free) expect(entryOf(text, name).marks, name).not.toContain('covered');
  const y0 = await page.evaluate(() => scrollY);
  for (const name of [...covered, ...free]) {
    await page.evaluate((y) => scrollTo(0, y), y0);
    const r = await hover(page, entryOf(text, name).id);
    expect(r.success, `${name}: ${r.error?.message}`).toBe(!covered.includes(name));
    if (!r.success) expect(r.error?.code, name).toBe('OBSCURED');
  }
}

/** Static boxes over an earlier link, each pulled up by a negative margin. */
const STACKING = `
  <div style="width:600px;margin-bottom:40px">
    <a href="/s1" style="display:block;height:24px">Slide under a scaled slide</a>
    <div style="transform:scale(.88);margin-top:-24px;height:40px"></div>
  </div>
  <div style="width:600px;margin-bottom:40px">
    <a href="/s2" style="display:block;height:24px">Story under a fading card</a>
    <div style="opacity:.97;margin-top:-24px;height:40px;background:#fff"></div>
  </div>
  <div style="width:600px;margin-bottom:40px">
    <a href="/s3" style="display:block;height:24px">Link under a filtered banner</a>
    <div style="filter:drop-shadow(0 0 2px #000);margin-top:-24px;height:40px"></div>
  </div>
  <div style="width:600px;margin-bottom:40px">
    <div style="will-change:transform;height:24px;margin-bottom:-24px"></div>
    <a href="/s4" style="display:block;height:24px">Link after an animated box</a>
  </div>
  <div style="width:600px;margin-bottom:40px">
    <a href="/f1">Link under a plain block</a>
    <div style="margin-top:-20px;height:40px;background:#eee"></div>
  </div>
  <div style="width:600px;margin-bottom:40px">
    <a href="/f2" style="display:block;height:24px">Link under a click-through slide</a>
    <div style="transform:scale(.88);pointer-events:none;margin-top:-24px;height:40px"></div>
  </div>
  <div style="width:600px;margin-bottom:40px;transform:scale(.95)">
    <a href="/f3" style="display:block;height:24px">Link inside a scaled slide</a>
  </div>`;

for (const where of ['in view', 'below the fold'])
  test(`a static box that starts a stacking context covers in-flow links ${where}`, async ({ page }) => {
    await loadHtml(page, where === 'in view' ? STACKING : FOLD + STACKING);
    const { text } = await snapshot(page, { tokenBudget: 0 });
    await expectRoundTrip(
      page,
      text,
      [
        'Slide under a scaled slide',
        'Story under a fading card',
        'Link under a filtered banner',
        'Link after an animated box',
      ],
      ['Link under a plain block', 'Link under a click-through slide', 'Link inside a scaled slide'],
    );
  });

/** Later inline content over an earlier link. */
const INLINE = `
  <p style="width:10px;font:16px sans-serif;line-height:0;margin:20px 0">
    <a href="/i1" style="white-space:nowrap">Alpha Graphics</a>
    <a href="/i2" style="white-space:nowrap">Mathematical Association of America</a>
  </p>
  <nav style="height:20px;margin-top:30px"><a href="/tw" aria-label="Twitter icon"><svg width="16" height="16"><rect width="16" height="16"/></svg></a></nav>
  <h1 style="margin:-22px 0 0;font:32px/36px sans-serif">Space ship breaks up over Siberia</h1>
  <div style="margin-top:30px"><a href="/i3">Deal of the day</a><b style="display:inline-block;margin-left:-70px;background:#c00;color:#fff">NEW</b></div>
  <div style="margin-top:30px"><a href="/f4">Link beside a badge</a> <b style="display:inline-block;background:#c00;color:#fff">HOT</b></div>
  <div style="margin-top:30px;font:16px/20px sans-serif"><a href="/f5">Link over an empty block</a><div style="margin-top:-20px;height:30px;background:#eee"></div></div>`;

for (const where of ['in view', 'below the fold'])
  test(`later inline content covers an earlier link it overlaps ${where}`, async ({ page }) => {
    await loadHtml(page, where === 'in view' ? INLINE : FOLD + INLINE);
    const { text } = await snapshot(page, { tokenBudget: 0 });
    await expectRoundTrip(
      page,
      text,
      ['Alpha Graphics', 'Twitter icon', 'Deal of the day'],
      ['Mathematical Association of America', 'Link beside a badge', 'Link over an empty block'],
    );
  });

/**
 * A link wrapped over two lines: the centre of its bounding box lies between its two
 * fragments, where the next line's raised citation link is (wikipedia-2 "Mount Ruapehu").
 * The action aims at the first fragment that shows; so does the snapshot.
 */
const WRAPPED = `
  <p style="width:300px;font:16px/16px monospace;margin:0">
    xxxxxxxxxxxxxxxxxxxxxxxx <a href="/w">Mount Ruapehu</a> blew <sup><a href="/c">[150]</a></sup> and more text after it
  </p>`;

for (const where of ['in view', 'below the fold'])
  test(`a wrapped link is judged at the fragment the action aims at, not between its lines ${where}`, async ({
    page,
  }) => {
    await loadHtml(page, where === 'in view' ? WRAPPED : FOLD + WRAPPED);
    const { text } = await snapshot(page, { tokenBudget: 0 });
    await expectRoundTrip(page, text, [], ['Mount Ruapehu', '150']);
  });

/**
 * Two positioned cards side by side in the tree: the later one paints over the earlier one
 * as a whole, in-flow content and all (CSS 2.1 Appendix E: each is painted as if it were a
 * stacking context, in tree order), so its content covers a link in the earlier card even
 * where that content has no text; the earlier card's content does not cover the later's.
 */
const CARDS = `
  <div style="width:600px">
    <div style="position:relative"><a href="/c1" style="display:block;height:24px">Link in a card under the next card</a></div>
    <div style="position:relative;top:-24px;height:0"><div style="height:40px;background:#fff"></div></div>
  </div>
  <div style="width:600px;margin-top:80px">
    <div style="position:relative;height:0"><div style="height:40px;background:#fff"></div></div>
    <div style="position:relative"><a href="/c2" style="display:block;height:24px">Link in a card over the previous card</a></div>
  </div>`;

for (const where of ['in view', 'below the fold'])
  test(`a later positioned card's content covers a link in an earlier card ${where}`, async ({ page }) => {
    await loadHtml(page, where === 'in view' ? CARDS : FOLD + CARDS);
    const { text } = await snapshot(page, { tokenBudget: 0 });
    await expectRoundTrip(
      page,
      text,
      ['Link in a card under the next card'],
      ['Link in a card over the previous card'],
    );
  });
