// Scrolling (A1), as a person scrolls: a wheel over an element goes to whatever is under
// the pointer there, so pages that drive their own scrolling (virtual lists, maps,
// carousels) see it as they would see a person's wheel; when they do not cancel it, the
// innermost native scroller is scrolled. What moved is measured after the page settled.
import { parentElementOrHost, windowOf } from '../dom/dom-utils';
import { boxOf, targetPoint, viewportOf } from '../dom/geometry';
import { frameElementOf } from '../semantics';
import { composedContains, deepElementFromPoint } from '../semantics/hit-test';
import type { ActionResult } from '../types';
import type { Observation } from './observe';
import { DomToolError, msg, successResult } from './result';

export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

function scrollingRoot(doc: Document): Element {
  return doc.scrollingElement ?? doc.documentElement;
}

function isPageRoot(el: Element): boolean {
  const doc = el.ownerDocument;
  return el === scrollingRoot(doc) || el === doc.documentElement || el === doc.body;
}

/** True when the element scrolls on the axis and has somewhere to go. */
export function canScroll(el: Element, axis: 'x' | 'y'): boolean {
  const overflowing = axis === 'y' ? el.scrollHeight > el.clientHeight + 1 : el.scrollWidth > el.clientWidth + 1;
  if (!overflowing) return false;
  if (isPageRoot(el)) {
    // The viewport scrolls unless overflow on the root says otherwise.
    const win = windowOf(el);
    const style = win ? win.getComputedStyle(el.ownerDocument.documentElement) : null;
    const o = style ? (axis === 'y' ? style.overflowY : style.overflowX) : 'visible';
    return o !== 'hidden' && o !== 'clip';
  }
  const win = windowOf(el);
  const style = win ? win.getComputedStyle(el) : null;
  if (!style) return false;
  const o = axis === 'y' ? style.overflowY : style.overflowX;
  return o === 'auto' || o === 'scroll' || o === 'overlay';
}

/** The element itself when it scrolls, else the nearest scrollable ancestor (shadow hosts and frames crossed), else the page. */
export function scrollContainerOf(el: Element, axis: 'x' | 'y' = 'y'): Element {
  for (let cur: Element | null = el, i = 0; cur && i < 1000; i++) {
    if (isPageRoot(cur)) break;
    if (canScroll(cur, axis)) return cur;
    const parent: Element | null = parentElementOrHost(cur);
    if (!parent) {
      // Top of a frame document: the frame's own page scrolls, else continue outside it.
      const root = scrollingRoot(cur.ownerDocument);
      if (canScroll(root, axis)) return root;
      cur = frameElementOf(cur);
      continue;
    }
    cur = parent;
  }
  return scrollingRoot(el.ownerDocument);
}

/** A scroll position, read before the wheel and again after the page settled. */
interface Mark {
  el: Element;
  x: number;
  y: number;
}

/** What a wheel did, measured once the page has settled (a library scrolls in its next frame). */
export interface ScrollOutcome {
  dx: number;
  dy: number;
  /** The page cancelled the wheel event and (maybe) scrolled by itself. */
  handledByPage: boolean;
  /** The innermost element whose scroll position changed, or null when none did. */
  moved: Element | null;
  /** The container scrolled by default (when the page did not cancel the wheel). */
  container: Element;
}

/** A wheel that was dispatched; `measure()` after settling says what moved. */
export interface Wheel {
  handledByPage: boolean;
  measure(): ScrollOutcome;
}

function position(container: Element): { x: number; y: number } {
  return { x: container.scrollLeft, y: container.scrollTop };
}

/** Default step: most of one screen of the container, like PageDown. */
export function pageStep(container: Element, axis: 'x' | 'y'): number {
  const size = isPageRoot(container)
    ? axis === 'y'
      ? (windowOf(container)?.innerHeight ?? container.clientHeight)
      : (windowOf(container)?.innerWidth ?? container.clientWidth)
    : axis === 'y'
      ? container.clientHeight
      : container.clientWidth;
  return Math.max(40, Math.round(size * 0.875));
}

/**
 * Where a person rests the pointer to scroll `el`: where a click on it would aim (targetPoint:
 * its part that shows in the viewport, scrollbars excluded); for an element wholly outside,
 * its centre clamped into the viewport.
 */
function restingPoint(el: Element): { x: number; y: number } {
  const at = targetPoint(el);
  if (at) return { x: Math.floor(at.x), y: Math.floor(at.y) };
  const r = boxOf(el);
  const vp = viewportOf(el.ownerDocument);
  const x = Math.max(0, Math.min(vp.right - 1, (r.left + r.right) / 2));
  const y = Math.max(0, Math.min(vp.bottom - 1, (r.top + r.bottom) / 2));
  return { x: Math.floor(x), y: Math.floor(y) };
}

/**
 * Where a person's wheel over `el` goes: the element under the pointer when that is
 * `el` or inside it (the innermost thing the wheel reaches first), else `el` itself.
 */
function wheelTargetOver(el: Element, point: { x: number; y: number }): Element {
  if (isPageRoot(el)) return el.ownerDocument.body ?? el;
  const hit = deepElementFromPoint(el.ownerDocument, point.x, point.y, el);
  return hit && hit !== el && composedContains(el, hit) ? hit : el;
}

/** The elements from `from` up to the page root whose scroll positions a wheel could change. */
function chainOf(from: Element): Mark[] {
  const marks: Mark[] = [];
  for (let cur: Element | null = from, i = 0; cur && i < 200; i++, cur = parentElementOrHost(cur)) {
    marks.push({ el: cur, x: cur.scrollLeft, y: cur.scrollTop });
  }
  const root = scrollingRoot(from.ownerDocument);
  if (marks.every((m) => m.el !== root)) marks.push({ el: root, x: root.scrollLeft, y: root.scrollTop });
  return marks;
}

/**
 * The container a wheel over `target` scrolls by default: the innermost native scroller
 * between the element under the pointer and `owner` (inclusive), else the scroll
 * container of `owner`. A scroller already at its end is not left for an outer one:
 * the agent named what it wanted scrolled, and hears that it is at its end.
 */
function defaultContainer(target: Element, owner: Element, axis: 'x' | 'y'): Element {
  for (let cur: Element | null = target, i = 0; cur && i < 200; i++, cur = parentElementOrHost(cur)) {
    if (!isPageRoot(cur) && canScroll(cur, axis)) return cur;
    if (cur === owner) break;
  }
  return scrollContainerOf(owner, axis);
}

/**
 * The box whose content the wheel moves, for the default step: the innermost element
 * under the pointer that cuts its content (a virtual list's holder with overflow hidden,
 * above the item the agent named), else the container.
 */
function viewOf(target: Element, container: Element, axis: 'x' | 'y'): Element {
  for (
    let cur: Element | null = target, i = 0;
    cur && i < 200 && cur !== container;
    i++, cur = parentElementOrHost(cur)
  ) {
    const cuts = axis === 'y' ? cur.scrollHeight > cur.clientHeight + 1 : cur.scrollWidth > cur.clientWidth + 1;
    if (cuts && cur.clientHeight > 0) {
      const style = windowOf(cur)?.getComputedStyle(cur);
      if (style && (axis === 'y' ? style.overflowY : style.overflowX) !== 'visible') return cur;
    }
  }
  return container;
}

/**
 * A person's wheel over `owner` (A1): a cancelable wheel event goes to the element under
 * the pointer, so a library that scrolls by its own wheel handler (a virtual list with
 * overflow hidden, a map, a carousel) sees it as it sees a person's; when no handler
 * cancels it, the innermost native scroller there is scrolled, as the browser would.
 * For the page itself (`owner` is the scrolling root) the wheel goes to the body.
 */
export function wheelOver(owner: Element, direction: ScrollDirection, amount?: number): Wheel {
  const axis = direction === 'up' || direction === 'down' ? 'y' : 'x';
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  const win = windowOf(owner);
  const point = win ? restingPoint(isPageRoot(owner) ? (owner.ownerDocument.body ?? owner) : owner) : { x: 0, y: 0 };
  const target = win ? wheelTargetOver(owner, point) : owner;
  const container = isPageRoot(owner) ? scrollingRoot(owner.ownerDocument) : defaultContainer(target, owner, axis);
  const delta = sign * (amount ?? pageStep(isPageRoot(owner) ? container : viewOf(target, container, axis), axis));
  const marks = chainOf(target);
  if (marks.every((m) => m.el !== container)) marks.push({ el: container, ...position(container) });
  let handledByPage = false;
  if (win && typeof win.WheelEvent === 'function') {
    const wheel = new win.WheelEvent('wheel', {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: win,
      clientX: point.x,
      clientY: point.y,
      deltaX: axis === 'x' ? delta : 0,
      deltaY: axis === 'y' ? delta : 0,
      deltaMode: 0,
    });
    handledByPage = !target.dispatchEvent(wheel);
  }
  if (!handledByPage) {
    const scroller = isPageRoot(container) && win ? win : container;
    const opts: ScrollToOptions = {
      left: axis === 'x' ? delta : 0,
      top: axis === 'y' ? delta : 0,
      behavior: 'instant',
    };
    scroller.scrollBy(opts);
  }
  return {
    handledByPage,
    measure(): ScrollOutcome {
      for (const m of marks) {
        const now = position(m.el);
        if (now.x !== m.x || now.y !== m.y)
          return { dx: now.x - m.x, dy: now.y - m.y, handledByPage, moved: m.el, container };
      }
      return { dx: 0, dy: 0, handledByPage, moved: null, container };
    },
  };
}

/** The scroll options checked (VALIDATION_ERROR otherwise). */
export function checkScrollOptions(options: { direction?: unknown; amount?: unknown }): {
  direction?: ScrollDirection;
  amount?: number | 'page';
} {
  const { direction, amount } = options;
  if (
    direction !== undefined &&
    direction !== 'up' &&
    direction !== 'down' &&
    direction !== 'left' &&
    direction !== 'right'
  ) {
    throw new DomToolError('VALIDATION_ERROR', msg.invalidArg('direction', '"up", "down", "left" or "right"'));
  }
  if (amount !== undefined && amount !== 'page' && !(typeof amount === 'number' && amount > 0 && isFinite(amount))) {
    throw new DomToolError('VALIDATION_ERROR', msg.invalidArg('amount', 'a positive number of pixels or "page"'));
  }
  return { direction, amount };
}

/** The result of a wheel: what moved and by how much (`describe` names an element), or honestly that nothing did. */
export function scrollResult(
  start: number,
  moved: ScrollOutcome,
  obs: Observation,
  direction: ScrollDirection,
  describe: (el: Element) => string,
): ActionResult {
  const notes: string[] = [];
  if (moved.handledByPage) notes.push(msg.scrollHandledByPage);
  if (!moved.moved) {
    if (!moved.handledByPage)
      notes.push(msg.scrollAtEnd(direction === 'down' ? 'bottom' : direction === 'up' ? 'top' : direction));
    else if (!obs.noEffect) notes.push(msg.scrollChangedContent);
    return successResult(start, obs.effect, notes, obs.noEffect);
  }
  const el = moved.moved;
  const where = el === scrollingRoot(el.ownerDocument) ? 'the page' : describe(el);
  notes.push(msg.scrolled(moved.dx, moved.dy, where));
  return successResult(start, obs.effect, notes);
}

/** Keyboard scrolling of the container (arrows, PageUp/Down, Home/End, Space). Returns true when it moved. */
export function scrollByKey(container: Element, key: string, shift: boolean): boolean {
  const before = position(container);
  const line = 40;
  const page = pageStep(container, 'y');
  const target = isPageRoot(container) ? (windowOf(container) ?? container) : container;
  const by = (top: number) => target.scrollBy({ top, left: 0, behavior: 'instant' as ScrollBehavior });
  switch (key) {
    case 'ArrowDown':
      by(line);
      break;
    case 'ArrowUp':
      by(-line);
      break;
    case 'PageDown':
      by(shift ? -page : page);
      break;
    case 'PageUp':
      by(-page);
      break;
    case 'Home':
      target.scrollTo({ top: 0, left: before.x, behavior: 'instant' as ScrollBehavior });
      break;
    case 'End':
      target.scrollTo({ top: container.scrollHeight, left: before.x, behavior: 'instant' as ScrollBehavior });
      break;
    default:
      return false;
  }
  const after = position(container);
  return after.x !== before.x || after.y !== before.y;
}
