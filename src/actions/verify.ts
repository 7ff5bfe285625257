// Verify before act (A3): connected, visible, enabled, not inert, and — for pointer
// actions — not obscured: the element hit at the target point (shadow roots and
// same-origin frames pierced) must be the element or inside it. Failures throw a
// DomToolError that names what a person would see instead.
import { flatTreeParent, normalizeWhitespace, windowOf } from '../dom/dom-utils';
import { overflowKind, paddingBox } from '../dom/geometry';
import { composedContains, deepElementFromPoint, hitTest, type Point } from '../semantics/hit-test';
import { disabledReason, frameElementOf, isFocusable, isInert, isRendered, roleAndName, roleOf } from '../semantics';
import { DomToolError, msg } from './result';
import type { SnapshotLike } from './snapshot-source';

export type { Point };
export { composedContains, deepElementFromPoint };

/** Short human description of an element: role "name" (id) or <tag class>. */
export function describeElement(el: Element, snapshot?: SnapshotLike | null): string {
  const found = roleAndName(el);
  const role = found.role;
  let name = found.name;
  if (name.length > 60) name = name.slice(0, 59) + '\u2026';
  const id = snapshot ? snapshot.getNodeId(el) : undefined;
  let text = role && role !== 'generic' && role !== 'none' ? role : `<${el.localName}${classHint(el)}>`;
  if (name) text += ` "${name}"`;
  if (id) text += ` (${id})`;
  return text;
}

function classHint(el: Element): string {
  const cls = typeof el.getAttribute === 'function' ? el.getAttribute('class') : null;
  if (!cls) return '';
  const first = normalizeWhitespace(cls).split(' ')[0];
  return first ? ` class="${first}"` : '';
}

/** Like describeElement, but climbs to the nearest ancestor worth naming when the element itself says nothing. */
export function describeCovering(el: Element, snapshot: SnapshotLike | null): string {
  const own = describeElement(el, snapshot);
  // Starts with a role (not "<tag"): it already says what it is.
  if (own.charAt(0) !== '<') return own;
  // A nameless backdrop usually wraps the dialog it belongs to: name that.
  const dialog = el.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]');
  if (dialog) return `${own} (the backdrop of ${describeElement(dialog, snapshot)})`;
  let cur: Element | null = flatTreeParent(el);
  for (let depth = 0; cur && depth < 25; depth++) {
    const id = snapshot ? snapshot.getNodeId(cur) : undefined;
    const role = roleOf(cur) ?? '';
    if (id || role === 'dialog' || role === 'alertdialog' || role === 'banner' || role === 'region') {
      return `${own} inside ${describeElement(cur, snapshot)}`;
    }
    cur = flatTreeParent(cur);
  }
  return own;
}

/** Same-origin check for frame placeholders: an <iframe> whose document we cannot reach. */
export function checkNotCrossOriginFrame(el: Element, id: string): void {
  const tag = el.localName;
  if (tag !== 'iframe' && tag !== 'frame') return;
  let doc: Document | null = null;
  try {
    doc = (el as HTMLIFrameElement).contentDocument;
  } catch {
    doc = null;
  }
  if (!doc) throw new DomToolError('CROSS_ORIGIN', msg.crossOrigin(id));
}

export function checkVisible(el: Element, id: string, _snapshot: SnapshotLike | null): void {
  if (!isRendered(el) || !hasArea(boxOf(el))) {
    throw new DomToolError('NOT_ACTIONABLE', msg.notVisible(id, describeElement(el)));
  }
}

export function checkEnabled(el: Element, id: string, _snapshot: SnapshotLike | null): void {
  const why = disabledReason(el);
  if (why) throw new DomToolError('NOT_ACTIONABLE', msg.disabled(id, describeElement(el), why));
  if (isInert(el)) throw new DomToolError('NOT_ACTIONABLE', msg.inert(id, describeElement(el)));
}

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Border box, or the union of the children's boxes for display:contents wrappers. */
export function boxOf(el: Element): Rect {
  const r = el.getBoundingClientRect();
  if (r.width > 0 || r.height > 0) return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  let union: Rect | null = null;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const cr = c.getBoundingClientRect();
    if (cr.width <= 0 && cr.height <= 0) continue;
    union = union
      ? { left: Math.min(union.left, cr.left), top: Math.min(union.top, cr.top), right: Math.max(union.right, cr.right), bottom: Math.max(union.bottom, cr.bottom) }
      : { left: cr.left, top: cr.top, right: cr.right, bottom: cr.bottom };
  }
  return union ?? { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

function hasArea(r: Rect): boolean {
  return r.right - r.left > 0 && r.bottom - r.top > 0;
}

function viewportOf(el: Element): Rect {
  const win = windowOf(el);
  const doc = el.ownerDocument;
  // The layout viewport without scrollbars is the root's client box in standards mode;
  // in quirks mode (no doctype) the root's client box is the whole document, so the
  // window's inner size bounds it.
  const iw = win ? win.innerWidth : 0;
  const ih = win ? win.innerHeight : 0;
  const cw = doc.documentElement.clientWidth;
  const ch = doc.documentElement.clientHeight;
  const w = cw > 0 && (!iw || cw <= iw) ? cw : iw;
  const h = ch > 0 && (!ih || ch <= ih) ? ch : ih;
  return { left: 0, top: 0, right: w, bottom: h };
}

function intersectRect(a: Rect, b: Rect): Rect {
  return { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
}

/** scrollIntoView({block:'center'}) only when the element is not already fully in view (A2). */
export function scrollIntoViewIfNeeded(el: Element): boolean {
  const box = boxOf(el);
  const vp = viewportOf(el);
  const inside = intersectRect(box, vp);
  const fits = box.right - box.left <= vp.right && box.bottom - box.top <= vp.bottom;
  const fullyVisible = fits ? inside.left <= box.left && inside.top <= box.top && inside.right >= box.right && inside.bottom >= box.bottom : hasArea(inside);
  if (fullyVisible && !frameNeedsScroll(el) && !scrolledAwayInContainer(el, box)) return false;
  try {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
  } catch {
    el.scrollIntoView();
  }
  return true;
}

/**
 * Whether a scroll container around `el` has scrolled it out of its visible part: the element
 * sits in the page's viewport but under the container's edge (a panel's later rows), where a
 * click would land on whatever is drawn there instead.
 */
function scrolledAwayInContainer(el: Element, box: Rect): boolean {
  const win = windowOf(el);
  if (!win) return false;
  // Up to (not including) the root scroller: the page's own scrolling is the viewport check above.
  for (let cur = flatTreeParent(el); cur && cur !== el.ownerDocument.documentElement && cur !== el.ownerDocument.body; cur = flatTreeParent(cur)) {
    if (cur.scrollHeight <= cur.clientHeight && cur.scrollWidth <= cur.clientWidth) continue;
    if (overflowKind(win.getComputedStyle(cur)) === 'visible') continue;
    const inside = intersectRect(box, paddingBox(cur, cur.getBoundingClientRect()));
    const fits = box.right - box.left <= cur.clientWidth && box.bottom - box.top <= cur.clientHeight;
    if (fits ? inside.left > box.left || inside.top > box.top || inside.right < box.right || inside.bottom < box.bottom : !hasArea(inside)) return true;
  }
  return false;
}

function frameNeedsScroll(el: Element): boolean {
  const frame = frameElementOf(el);
  if (!frame) return false;
  const box = boxOf(frame);
  return !hasArea(intersectRect(box, viewportOf(frame)));
}

/** Centre of the element's visible part, in its own frame's client coordinates. */
export function targetPoint(el: Element): Point | null {
  const vp = viewportOf(el);
  // Wrapped inline elements (a link across two lines): the first fragment in view,
  // because the bounding box centre may fall between the lines.
  const rects = el.getClientRects();
  if (rects.length > 1) {
    for (let i = 0; i < rects.length; i++) {
      const r = rects[i];
      const vis = intersectRect({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }, vp);
      if (hasArea(vis) && r.width > 1 && r.height > 1) return centre(vis);
    }
  }
  const vis = intersectRect(boxOf(el), vp);
  return hasArea(vis) ? centre(vis) : null;
}

function centre(r: Rect): Point {
  // Integer coordinates, like a real mouse, kept inside the box.
  return { x: Math.floor((r.left + r.right) / 2), y: Math.floor((r.top + r.bottom) / 2) };
}

/**
 * Hit test at `point` (client coordinates of the element's frame). Throws OBSCURED
 * naming the covering element. Frames are checked outward: the iframe itself must
 * not be covered in its parent document either.
 */
export function checkHitTarget(el: Element, point: Point, id: string, snapshot: SnapshotLike | null): void {
  const { kind, hit } = hitTest(el, point);
  if (kind === 'target') {
    checkFrameHit(el, point, id, snapshot);
    return;
  }
  if (!hit) throw new DomToolError('NOT_ACTIONABLE', msg.offViewport(id, describeElement(el)));
  if (kind === 'ancestor') {
    throw new DomToolError('OBSCURED', msg.noPointerEvents(id, describeElement(el), describeCovering(hit, snapshot)));
  }
  throw new DomToolError('OBSCURED', msg.obscured(id, describeElement(el), describeCovering(hit, snapshot)));
}

function checkFrameHit(el: Element, point: Point, id: string, snapshot: SnapshotLike | null): void {
  const frame = frameElementOf(el);
  if (!frame) return;
  const outer = toParentFramePoint(frame, point);
  const hit = deepElementFromPoint(frame.ownerDocument, outer.x, outer.y);
  if (hit === frame) {
    checkFrameHit(frame, outer, id, snapshot);
    return;
  }
  if (!hit) return;
  throw new DomToolError('OBSCURED', msg.obscured(id, describeElement(el), describeCovering(hit, snapshot)));
}

/** Maps a point inside an iframe's viewport to its parent document's client coordinates. */
export function toParentFramePoint(frame: Element, point: Point): Point {
  const r = frame.getBoundingClientRect();
  const win = windowOf(frame);
  const style = win ? win.getComputedStyle(frame) : null;
  const padL = style ? parseFloat(style.paddingLeft) || 0 : 0;
  const padT = style ? parseFloat(style.paddingTop) || 0 : 0;
  return { x: r.left + (frame as HTMLElement).clientLeft + padL + point.x, y: r.top + (frame as HTMLElement).clientTop + padT + point.y };
}

/** The element a focus() would land on for a click here: the element or its nearest focusable ancestor. */
export function focusTargetFor(el: Element): Element | null {
  for (let cur: Element | null = el; cur; cur = flatTreeParent(cur)) {
    if (isFocusable(cur)) return cur;
  }
  return null;
}
