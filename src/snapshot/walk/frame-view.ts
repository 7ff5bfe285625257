// Viewports as the walk sees them: where a same-origin frame's content sits in top-level
// coordinates (its content box: inside the border, S2 boxes are top-level), what clips
// that content, and what clips a fixed box (the viewport it is fixed to).
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

/**
 * The computed position, read only where it can be absolute or fixed: CSS blockifies
 * those boxes (CSS Display 3 §2.7), so an inline-level or table-part box is in flow or
 * relative — '' then, and a style read (~0.2 µs) saved on most elements.
 */
export function positionOf(style: CSSStyleDeclaration, display: string): string {
  return display.charCodeAt(0) === 105 /* inline… */ || display.startsWith('table-') ? '' : style.position;
}

/**
 * The clip of a fixed box: its document's viewport — unless an ancestor's transform,
 * filter, perspective or containment makes that ancestor its containing block (CSS
 * Transforms 1 §2): then it scrolls with the page like an absolute box (null).
 */
export function pinnedClip(el: Element, viewport: Box): Box | null {
  for (let cur = el.parentElement; cur; cur = cur.parentElement) {
    const style = getStyle(cur);
    if (!style) continue;
    if (style.transform !== 'none' || style.filter !== 'none' || style.perspective !== 'none') return null;
    const contain = style.contain;
    if (contain && contain !== 'none' && /paint|layout|strict|content/.test(contain)) return null;
    const will = style.willChange;
    if (will && will !== 'auto' && /transform|filter|perspective/.test(will)) return null;
  }
  return viewport;
}
