// Where a same-origin frame's document sits in its parent's coordinates: at the frame
// element's content box (inside its border AND its padding: an <iframe> is a replaced
// element, its document is drawn in the content box). The walk (top-level coordinates
// for S2 boxes), the covers, and the action layer's hit test through frames (A3) all
// place a frame's content with frameContentBox, so a snapshot's layout and an action's
// point agree inside padded frames.
import { getStyle } from '../caches';
import { windowOf } from '../dom-utils';
import type { Box, Point } from './box';

/** The <iframe> element hosting this element's document, if same-origin. */
export function frameElementOf(el: Element): Element | null {
  try {
    const win = windowOf(el);
    return win && win.frameElement ? win.frameElement : null;
  } catch {
    return null;
  }
}

/**
 * The content box of a frame element whose border box starts at (`left`, `top`) in
 * some coordinates, in those coordinates: where its document's client (0, 0) is, and
 * how far its viewport reaches (scrollbars of the frame element itself left out).
 */
export function frameContentBox(frameEl: Element, left: number, top: number): Box {
  const inner = frameEl as HTMLElement;
  const style = getStyle(frameEl);
  const padL = style ? parseFloat(style.paddingLeft) || 0 : 0;
  const padT = style ? parseFloat(style.paddingTop) || 0 : 0;
  const padR = style ? parseFloat(style.paddingRight) || 0 : 0;
  const padB = style ? parseFloat(style.paddingBottom) || 0 : 0;
  const x = left + (inner.clientLeft || 0) + padL;
  const y = top + (inner.clientTop || 0) + padT;
  return {
    left: x,
    top: y,
    right: x + Math.max(0, (inner.clientWidth || 0) - padL - padR),
    bottom: y + Math.max(0, (inner.clientHeight || 0) - padT - padB),
  };
}

/** Maps a point in a frame's document (its client coordinates) to its parent document's client coordinates. */
export function toParentFramePoint(frame: Element, point: Point): Point {
  const r = frame.getBoundingClientRect();
  const content = frameContentBox(frame, r.left, r.top);
  return { x: content.left + point.x, y: content.top + point.y };
}

/** A same-origin frame's document as the walk and the covers see it, in top-level coordinates. */
export interface FrameView {
  frameEl: Element;
  /** Offset of the frame's content (its client coordinates) in top-level coordinates. */
  dx: number;
  dy: number;
  /** The frame's viewport, top-level coordinates. */
  viewport: Box;
  /**
   * The viewport when the frame cannot scroll (it shows only its box); null when it can:
   * then it is a scroll container and what lies below its fold is a scroll away.
   */
  hardClip: Box | null;
}

/** The view of `frameEl`'s document `doc`, given the frame element's border box in top-level coordinates. */
export function frameView(frameEl: Element, doc: Document, box: Box): FrameView {
  const viewport = frameContentBox(frameEl, box.left, box.top);
  return {
    frameEl,
    dx: viewport.left,
    dy: viewport.top,
    viewport,
    hardClip: frameScrolls(frameEl, doc) ? null : viewport,
  };
}

/** Whether a person can scroll the frame's document (scrolling="no", or overflow hidden on its viewport, forbid it). */
function frameScrolls(frameEl: Element, doc: Document): boolean {
  if ((frameEl.getAttribute('scrolling') ?? '').toLowerCase() === 'no') return false;
  const root = doc.documentElement ? getStyle(doc.documentElement) : null;
  const body = doc.body ? getStyle(doc.body) : null;
  // The body's overflow applies to the viewport only when the root's is visible (CSS Overflow 3 §3.3).
  const viewport = root && root.overflowY !== 'visible' ? root : body;
  return !viewport || (viewport.overflowY !== 'hidden' && viewport.overflowY !== 'clip');
}
