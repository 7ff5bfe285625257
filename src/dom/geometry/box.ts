// Boxes and what clips them: the plain-number box every layer measures with, the one
// border box of an element (boxOf), and the CSS clips (overflow, clip-path, clip) the
// walk applies. S2 visibility is decided from one computed style and one box per
// element; subtree-level decisions (skip children) are separate from element-level ones.

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Opacity (compounded along the ancestors) at or below this is treated as invisible (S2, S13). */
export const MIN_OPACITY = 0.05;

/** content-visibility:hidden renders the element's box but none of its content. */
export function hidesContent(style: CSSStyleDeclaration): boolean {
  return (style as CSSStyleDeclaration & { contentVisibility?: string }).contentVisibility === 'hidden';
}

/** visibility:hidden/collapse hides the element itself; descendants may opt back in. */
export function isVisibilityVisible(style: CSSStyleDeclaration): boolean {
  return style.visibility === 'visible';
}

/** A point in client coordinates (of the document named where it is used). */
export interface Point {
  x: number;
  y: number;
}

/**
 * Border box of `el` in its own frame's client coordinates, or the union of its
 * children's boxes for a box-less wrapper (display:contents draws through its children).
 */
export function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  if (r.width > 0 || r.height > 0) return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  let union: Box | null = null;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const cr = c.getBoundingClientRect();
    if (cr.width <= 0 && cr.height <= 0) continue;
    union = union
      ? {
          left: Math.min(union.left, cr.left),
          top: Math.min(union.top, cr.top),
          right: Math.max(union.right, cr.right),
          bottom: Math.max(union.bottom, cr.bottom),
        }
      : { left: cr.left, top: cr.top, right: cr.right, bottom: cr.bottom };
  }
  return union ?? { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** Some area at all, however thin: what a box (or the visible part of one) needs to be hit. */
export function hasArea(r: Box): boolean {
  return r.right - r.left > 0 && r.bottom - r.top > 0;
}

/** The intersection when it has area, else null. */
export function intersectOrNull(a: Box, b: Box): Box | null {
  const r = intersect(a, b);
  return hasArea(r) ? r : null;
}

/** The point lies in the box (right and bottom edges excluded, as for pixels). */
export function containsPoint(box: Box, p: Point): boolean {
  return box.left <= p.x && p.x < box.right && box.top <= p.y && p.y < box.bottom;
}

/** Where a pointer goes in a box: its centre, in integer coordinates like a real mouse, kept inside the box. */
export function centreOf(r: Box): Point {
  return { x: Math.floor((r.left + r.right) / 2), y: Math.floor((r.top + r.bottom) / 2) };
}

/**
 * 'clip-x' / 'clip-y': one axis cut away, the other scrolls (`overflow-x: hidden;
 * overflow-y: auto`, the usual vertical scroller that hides a carousel's off-side slides).
 */
export type Overflow = 'visible' | 'clip' | 'scroll' | 'clip-x' | 'clip-y';

/** How the element treats overflowing descendants, per axis: clips them away, scrolls them, or shows them. */
export function overflowKind(style: CSSStyleDeclaration): Overflow {
  // One read of the shorthand ("visible", "hidden", "hidden auto") instead of two.
  const both = style.overflow;
  if (both === 'visible' || both === '') return 'visible';
  const space = both.indexOf(' ');
  const x = space < 0 ? both : both.slice(0, space);
  const y = space < 0 ? both : both.slice(space + 1);
  if (x === 'visible' && y === 'visible') return 'visible';
  const cutX = x === 'hidden' || x === 'clip';
  const cutY = y === 'hidden' || y === 'clip';
  if (cutX && cutY) return 'clip';
  // A scrollable axis still lets a person reach the content by scrolling; the other stays cut.
  if (cutX) return 'clip-x';
  if (cutY) return 'clip-y';
  return 'scroll';
}

/** The padding box of `el` whose border box is `box` (scrollbars left out: they cover content too). */
export function paddingBox(el: Element, box: Box): Box {
  const left = box.left + el.clientLeft;
  const top = box.top + el.clientTop;
  return { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight };
}

/**
 * The clips a box with `overflow` (padding box `box`) hands its content, given the hard
 * clip its ancestors put on the box. `hard`: what no scrolling brings back; `soft`: what
 * is only scrolled out of sight. A scroll container brings any of its content into its
 * window (its padding box as far as its ancestors leave it visible): on a scrolling axis
 * the ancestors' clip stops at it — a fixed sidebar taller than the screen, a pane inside
 * an overflow:hidden app shell — as long as some of the window shows; on a cut axis the
 * clip narrows to the window.
 */
export function contentClips(
  overflow: Overflow,
  box: Box,
  inherited: Box | null,
): { hard: Box | null; soft: Box | null } {
  if (overflow === 'visible') return { hard: inherited, soft: null };
  const window = inherited ? intersect(inherited, box) : box;
  if (overflow === 'clip') return { hard: window, soft: null };
  if (window.right - window.left < 1 || window.bottom - window.top < 1) return { hard: window, soft: null };
  if (overflow === 'scroll') return { hard: null, soft: window };
  const scrollX = overflow === 'clip-y';
  return {
    hard: scrollX
      ? { left: -Infinity, right: Infinity, top: window.top, bottom: window.bottom }
      : { left: window.left, right: window.right, top: -Infinity, bottom: Infinity },
    soft: window,
  };
}

export function intersects(a: Box, b: Box): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

export function intersect(a: Box, b: Box): Box {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/** Plain numbers: DOMRect fields are native getters, costly to read again and again. */
export interface PlainRect extends Box {
  width: number;
  height: number;
}

/**
 * The region `clip-path: inset(…)` / `circle(0)` or `clip: rect(…)` (absolutely
 * positioned boxes; `position` is the computed one, or '' when the box cannot be
 * absolute) leaves of the element's border box, or null when it clips nothing
 * we can tell. `clip-path: inset(50%)` and `clip: rect(0 0 0 0)` leave nothing (S13).
 */
export function clipRegion(style: CSSStyleDeclaration, box: PlainRect, position: string): Box | null {
  const region = clipRegionRaw(style, box, position);
  // A region under a pixel wide or high shows nothing: it must intersect nothing either.
  if (region && (region.right - region.left < 1 || region.bottom - region.top < 1)) return NOTHING;
  return region;
}

/** A box no other box intersects. */
const NOTHING: Box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };

function clipRegionRaw(style: CSSStyleDeclaration, box: PlainRect, position: string): Box | null {
  const path = style.clipPath;
  if (path && path !== 'none') {
    const inset = /^inset\(([^)]*)\)/.exec(path);
    if (inset) {
      const parts = inset[1]
        .split(/\s+round\s+/)[0]
        .trim()
        .split(/\s+/);
      const t = parts[0];
      const r = parts[1] ?? t;
      const b = parts[2] ?? t;
      const l = parts[3] ?? r;
      return {
        left: box.left + length(l, box.width),
        right: box.right - length(r, box.width),
        top: box.top + length(t, box.height),
        bottom: box.bottom - length(b, box.height),
      };
    }
    if (/^(?:circle|ellipse)\(\s*0(?:px|%)?(?:\s+0(?:px|%)?)?(?:\s|\))/.test(path))
      return { left: box.left, right: box.left, top: box.top, bottom: box.top };
  }
  // `clip` applies to absolutely positioned boxes only: not read for the rest.
  if (position !== 'absolute' && position !== 'fixed') return null;
  const clip = style.clip;
  if (clip && clip !== 'auto' && clip.startsWith('rect(')) {
    const v = clip.slice(5, -1).split(/[\s,]+/);
    const edge = (s: string | undefined, auto: number) => (!s || s === 'auto' ? auto : parseFloat(s) || 0);
    return {
      top: box.top + edge(v[0], 0),
      right: box.left + edge(v[1], box.width),
      bottom: box.top + edge(v[2], box.height),
      left: box.left + edge(v[3], 0),
    };
  }
  return null;
}

function length(value: string, of: number): number {
  const n = parseFloat(value) || 0;
  return value.endsWith('%') ? (n / 100) * of : n;
}
