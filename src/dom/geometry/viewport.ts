// The viewport, where a pointer goes in an element, and bringing an element into view:
// asked by the walk (the fold), the action layer (A2 scroll, A3 hit point) and the
// overlay alike, so a snapshot and an action measure the same screen.
import { getStyle } from '../caches';
import { flatTreeParent, windowOf } from '../dom-utils';
import { centreOf, boxOf, hasArea, intersect, overflowKind, paddingBox, type Box, type Point } from './box';
import { frameElementOf } from './frames';
import { ClipChain, visiblePart } from './clip';

/**
 * The layout viewport of `doc`'s window without scrollbars (nothing under a scrollbar
 * can be clicked), in its client coordinates. CSSOM View §6.1 reports it as the client
 * size of the root in standards mode and of <body> in quirks mode (no doctype: there
 * the root's client box is the document's own height, small or tall); the window's
 * inner size (scrollbars included) bounds it and stands in when neither says.
 */
export function viewportOf(doc: Document): Box {
  const win = doc.defaultView;
  const iw = win ? win.innerWidth : 0;
  const ih = win ? win.innerHeight : 0;
  const quirks = doc.compatMode === 'BackCompat';
  const el = quirks ? doc.body : doc.documentElement;
  const cw = el ? el.clientWidth : 0;
  const ch = el ? el.clientHeight : 0;
  const w = cw > 0 && (!iw || cw <= iw) ? cw : iw;
  const h = ch > 0 && (!ih || ch <= ih) ? ch : ih;
  return { left: 0, top: 0, right: w, bottom: h };
}

/**
 * The window's inner box, scrollbars included: the size the snapshot reports (S2). It
 * differs from viewportOf by the scrollbars only (none where they overlay or are hidden);
 * the fold, the covers and the clips are judged with viewportOf, as the action judges,
 * so a control only under a classic scrollbar is not "in view" to one and not the other.
 */
export function windowBoxOf(doc: Document): Box {
  const win = doc.defaultView;
  const root = doc.documentElement;
  return {
    left: 0,
    top: 0,
    right: win?.innerWidth ?? root?.clientWidth ?? 0,
    bottom: win?.innerHeight ?? root?.clientHeight ?? 0,
  };
}

/**
 * Where a pointer goes in the element: the centre of its visible part (clip.ts) inside
 * the first of `areas` that shows some of it, in its own frame's client coordinates; null
 * when none does. `clip`: what its ancestors' overflow leaves (ClipChain.of). The action
 * asks with the viewport; the snapshot, which may not scroll (S11), with the areas it
 * tries in turn (the screen, its frame's window, the whole page) — one answer for both.
 */
export function targetPoint(
  el: Element,
  areas: readonly Box[] = [viewportOf(el.ownerDocument)],
  clip: Box | null = new ClipChain().of(el),
  box: Box = boxOf(el),
): Point | null {
  // Wrapped inline elements (a link across two lines): the first fragment that shows,
  // because the bounding box centre may fall between the lines (on another link there).
  const rects = mayWrap(el, box) ? el.getClientRects() : null;
  for (const area of areas) {
    for (let i = 0; rects && rects.length > 1 && i < rects.length; i++) {
      const r = rects[i];
      const vis = r.width > 1 && r.height > 1 ? visiblePart(r, area, clip) : null;
      if (vis) return centreOf(vis);
    }
    const vis = visiblePart(box, area, clip);
    if (vis) return centreOf(vis);
  }
  return null;
}

/**
 * Whether the element may lie on more than one line: an inline box two lines of its font
 * tall. Its fragments are read only then: Chromium finds them by walking the paragraph,
 * ~10 µs a link on a long article, paid for every control by the snapshot.
 */
function mayWrap(el: Element, box: Box): boolean {
  const style = getStyle(el);
  return !!style && style.display === 'inline' && box.bottom - box.top >= 1.8 * (parseFloat(style.fontSize) || 16);
}

/** scrollIntoView({block:'center'}) only when the element is not already fully in view (A2). Returns whether it scrolled. */
export function scrollIntoViewIfNeeded(el: Element): boolean {
  const box = boxOf(el);
  const vp = viewportOf(el.ownerDocument);
  const inside = intersect(box, vp);
  const fits = box.right - box.left <= vp.right && box.bottom - box.top <= vp.bottom;
  const fullyVisible = fits
    ? inside.left <= box.left && inside.top <= box.top && inside.right >= box.right && inside.bottom >= box.bottom
    : hasArea(inside);
  if (fullyVisible && !frameOutOfView(el) && !scrolledAwayInContainer(el, box)) return false;
  const kept = cutOffsets(el);
  scrollToCentre(el);
  for (let i = 0; i < kept.length; i++) kept[i]();
  scrollRestIntoView(el);
  return true;
}

/**
 * scrollIntoView scrolls every box around the element, also one whose overflow is cut
 * (overflow:hidden, an app shell): a person cannot scroll that, and the snapshot counts
 * what it cuts away as gone for good (contentClips' hard clip). So the action scrolls
 * only what a person can: each cut axis gets its offset back (one closure per box).
 */
function cutOffsets(el: Element): (() => void)[] {
  const win = windowOf(el);
  const kept: (() => void)[] = [];
  if (!win) return kept;
  const doc = el.ownerDocument;
  // The root and <body> scroll the viewport (their overflow is the window's): a person scrolls that.
  for (
    let cur = flatTreeParent(el);
    cur && cur !== doc.documentElement && cur !== doc.body;
    cur = flatTreeParent(cur)
  ) {
    const kind = overflowKind(win.getComputedStyle(cur));
    if (kind === 'visible' || kind === 'scroll') continue;
    const box = cur;
    const { scrollLeft, scrollTop } = box;
    if (kind !== 'clip-y') kept.push(() => void (box.scrollLeft = scrollLeft));
    if (kind !== 'clip-x') kept.push(() => void (box.scrollTop = scrollTop));
  }
  return kept;
}

/**
 * After scrollIntoView: an inline element split around a block child (a link holding a
 * <div> or a block icon) is scrolled by its containing block — Chromium centres that
 * block, which can leave the element itself below the fold when the block is taller
 * than the viewport. The page's viewport then scrolls by what is left, as a person
 * scrolls on until the element shows.
 */
function scrollRestIntoView(el: Element): void {
  const vp = viewportOf(el.ownerDocument);
  const box = boxOf(el);
  if (hasArea(intersect(box, vp)) || !hasArea(box)) return;
  const win = el.ownerDocument.defaultView;
  if (!win) return;
  // Its centre to the viewport's centre; a box taller or wider than the viewport: its start to the viewport's start.
  const shownY = box.top < vp.bottom && box.bottom > vp.top;
  const shownX = box.left < vp.right && box.right > vp.left;
  const dy = shownY ? 0 : box.bottom - box.top > vp.bottom ? box.top : (box.top + box.bottom - vp.bottom) / 2;
  const dx = shownX ? 0 : box.right - box.left > vp.right ? box.left : (box.left + box.right - vp.right) / 2;
  try {
    win.scrollBy({ left: dx, top: dy, behavior: 'instant' as ScrollBehavior });
  } catch {
    win.scrollBy(dx, dy);
  }
}

/** Scrolls every scroller around `el` (its frames' too) to put it in the middle of the view, at once. */
export function scrollToCentre(el: Element, inline: ScrollLogicalPosition = 'center'): void {
  try {
    el.scrollIntoView({ block: 'center', inline, behavior: 'instant' as ScrollBehavior });
  } catch {
    // Engines without the options form.
    el.scrollIntoView();
  }
}

/**
 * Whether a scroll container around `el` has scrolled it out of its visible part: the element
 * sits in the page's viewport but under the container's edge (a panel's later rows), where a
 * click would land on whatever is drawn there instead.
 */
function scrolledAwayInContainer(el: Element, box: Box): boolean {
  const win = windowOf(el);
  if (!win) return false;
  // Up to (not including) the root scroller: the page's own scrolling is the viewport check.
  for (
    let cur = flatTreeParent(el);
    cur && cur !== el.ownerDocument.documentElement && cur !== el.ownerDocument.body;
    cur = flatTreeParent(cur)
  ) {
    if (cur.scrollHeight <= cur.clientHeight && cur.scrollWidth <= cur.clientWidth) continue;
    if (overflowKind(win.getComputedStyle(cur)) === 'visible') continue;
    const inside = intersect(box, paddingBox(cur, cur.getBoundingClientRect()));
    const fits = box.right - box.left <= cur.clientWidth && box.bottom - box.top <= cur.clientHeight;
    if (
      fits
        ? inside.left > box.left || inside.top > box.top || inside.right < box.right || inside.bottom < box.bottom
        : !hasArea(inside)
    )
      return true;
  }
  return false;
}

/** The frame holding `el` lies outside its parent's viewport. */
function frameOutOfView(el: Element): boolean {
  const frame = frameElementOf(el);
  if (!frame) return false;
  return !hasArea(intersect(boxOf(frame), viewportOf(frame.ownerDocument)));
}
