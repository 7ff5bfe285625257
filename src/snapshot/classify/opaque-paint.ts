// S13: whether a box hides what lies under it at a point — its own background (or a
// replaced element, or an image), faded by its opacity and its ancestors'. Shared by the
// covers' hit-test path (in view) and their painting-order path (below the fold).
import { wordList } from '../../semantics/element';
import { parseColor } from '../../dom/color';
import { composedContains } from '../../semantics/hit-test';
import { getRect, getStyle } from '../../dom/caches';
import { containsPoint, type Point } from '../../dom/geometry';

const REPLACED = wordList('img video canvas iframe object embed picture');

/** How much of what is under it the element's own painting hides, 0–1, before any opacity. */
export function ownCoverage(el: Element): number {
  if (REPLACED.has(el.localName) || el.namespaceURI === 'http://www.w3.org/2000/svg') return 1;
  const style = getStyle(el);
  if (!style) return 0;
  if (style.backgroundImage !== 'none') return 1;
  const bg = parseColor(style.backgroundColor);
  return bg ? bg.a : 0;
}

export function opacityOf(el: Element): number {
  const o = parseFloat(getStyle(el)?.opacity ?? '1');
  return o === o ? o : 1;
}

/** What counts as hiding: a layer through which under a fifth of the text shows. */
export const OPAQUE = 0.8;

/**
 * Whether the cover (from the hit element up to where it meets the text's ancestors)
 * hides what is under it at `p` (the hit test's point, in their document's coordinates):
 * some box on the way that holds the point paints at least OPAQUE after the opacity of
 * itself and of the cover boxes around it (a dark layer at opacity .3 is a scrim the text
 * shows through, not a cover). A box paints its background inside its own border box only:
 * an opaque header whose transparent content overflows it hides nothing under that content.
 */
export function paintsOpaque(hit: Element, under: Element, p: Point): boolean {
  const chain: Element[] = [];
  for (let cur: Element | null = hit; cur && !cur.contains(under); cur = cur.parentElement) chain.push(cur);
  let fade = 1;
  for (let i = chain.length - 1; i >= 0; i--) {
    fade *= opacityOf(chain[i]);
    if (fade < OPAQUE) return false;
    if (ownCoverage(chain[i]) * fade >= OPAQUE && containsPoint(getRect(chain[i]), p)) return true;
  }
  return false;
}

/**
 * The first box that paints opaque at `p` (client coordinates of `under`'s frame) among
 * those hit-testable there above `under`, in painting order; null when `under` or an
 * ancestor of it comes first. `judged`, the topmost hit, was already found not to.
 */
export function opaqueBetween(under: Element, p: Point, judged: Element): Element | null {
  const root = under.getRootNode() as Document | ShadowRoot;
  if (typeof root.elementsFromPoint !== 'function') return null;
  const stack = root.elementsFromPoint(p.x, p.y);
  for (let i = 0; i < stack.length; i++) {
    const el = stack[i];
    if (composedContains(el, under) || composedContains(under, el)) return null;
    if (el !== judged && paintsOpaque(el, under, p)) return el;
  }
  return null;
}

/** Whether the cover or a box inside it at the point (its frame's coordinates) paints opaque. */
export function opaqueAt(cover: Element, p: Point): boolean {
  const fade = opacityOf(cover);
  if (fade < OPAQUE) return false;
  if (ownCoverage(cover) * fade >= OPAQUE) return true;
  // A transparent positioned wrapper hides what is under it with what it holds (a panel).
  let seen = 0;
  for (let el = cover.firstElementChild; el && seen < 256; ) {
    seen++;
    const r = getRect(el);
    const inside = r.left <= p.x && p.x < r.right && r.top <= p.y && p.y < r.bottom;
    if (inside && ownCoverage(el) * fade * opacityOf(el) >= OPAQUE) return true;
    // Into children only where the point is (boxes nest, mostly).
    if (inside && el.firstElementChild) el = el.firstElementChild;
    else {
      while (el && !el.nextElementSibling && el !== cover) el = el.parentElement;
      el = el && el !== cover ? el.nextElementSibling : null;
    }
  }
  return false;
}
