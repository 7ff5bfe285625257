// A same-origin frame as the walk sees it: where its content sits in top-level
// coordinates (its content box: inside the border, S2 boxes are top-level) and what
// clips that content.
import { getStyle } from '../../dom/caches';
import type { Box } from '../../dom/geometry';

export interface FrameView {
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

export function frameView(frameEl: Element, doc: Document, box: Box): FrameView {
  const inner = frameEl as HTMLElement;
  const dx = box.left + (inner.clientLeft || 0);
  const dy = box.top + (inner.clientTop || 0);
  const viewport: Box = { left: dx, top: dy, right: dx + (inner.clientWidth || 0), bottom: dy + (inner.clientHeight || 0) };
  return { dx, dy, viewport, hardClip: frameScrolls(frameEl, doc) ? null : viewport };
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
