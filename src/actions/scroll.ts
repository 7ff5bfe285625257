// Scrolling (A1): the page, an element's own scroll container, or the nearest
// scrollable ancestor. A cancelable wheel event goes first so pages that drive
// their own scrolling (virtual lists, maps, carousels) see it as they would see a
// person's wheel; when they do not cancel it, the container is scrolled.
import { parentElementOrHost, windowOf } from '../dom/dom-utils';
import { frameElementOf } from '../semantics';

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

export interface ScrollOutcome {
  dx: number;
  dy: number;
  /** The page cancelled the wheel event and (maybe) scrolled by itself. */
  handledByPage: boolean;
  container: Element;
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

/** Scrolls `container` by a signed amount on an axis; wheel first, then scrollBy unless cancelled. */
export function scrollContainer(container: Element, direction: ScrollDirection, amount: number): ScrollOutcome {
  const axis = direction === 'up' || direction === 'down' ? 'y' : 'x';
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  const delta = sign * amount;
  const before = position(container);
  const win = windowOf(container);
  const wheelTarget = isPageRoot(container) ? (container.ownerDocument.body ?? container) : container;
  let handledByPage = false;
  if (win && typeof win.WheelEvent === 'function') {
    const r = wheelTarget.getBoundingClientRect();
    const vw = win.innerWidth;
    const vh = win.innerHeight;
    const x = Math.floor(Math.max(0, Math.min(vw - 1, r.left + Math.min(r.width, vw) / 2)));
    const y = Math.floor(Math.max(0, Math.min(vh - 1, r.top + Math.min(r.height, vh) / 2)));
    const wheel = new win.WheelEvent('wheel', {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: win,
      clientX: x,
      clientY: y,
      deltaX: axis === 'x' ? delta : 0,
      deltaY: axis === 'y' ? delta : 0,
      deltaMode: 0,
    });
    handledByPage = !wheelTarget.dispatchEvent(wheel);
  }
  if (!handledByPage) {
    const target = isPageRoot(container) && win ? win : container;
    const opts: ScrollToOptions = { left: axis === 'x' ? delta : 0, top: axis === 'y' ? delta : 0, behavior: 'instant' as ScrollBehavior };
    target.scrollBy(opts);
  }
  const after = position(container);
  return { dx: after.x - before.x, dy: after.y - before.y, handledByPage, container };
}

/** Keyboard scrolling of the container (arrows, PageUp/Down, Home/End, Space). Returns true when it moved. */
export function scrollByKey(container: Element, key: string, shift: boolean): boolean {
  const before = position(container);
  const line = 40;
  const page = pageStep(container, 'y');
  const target = isPageRoot(container) ? (windowOf(container) ?? container) : container;
  const by = (top: number) => target.scrollBy({ top, left: 0, behavior: 'instant' as ScrollBehavior });
  switch (key) {
    case 'ArrowDown': by(line); break;
    case 'ArrowUp': by(-line); break;
    case 'PageDown': by(shift ? -page : page); break;
    case 'PageUp': by(-page); break;
    case 'Home': target.scrollTo({ top: 0, left: before.x, behavior: 'instant' as ScrollBehavior }); break;
    case 'End': target.scrollTo({ top: container.scrollHeight, left: before.x, behavior: 'instant' as ScrollBehavior }); break;
    default: return false;
  }
  const after = position(container);
  return after.x !== before.x || after.y !== before.y;
}
