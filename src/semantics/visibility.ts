// Named visibility rules (in the style of axe-core's named rules): each question "does a
// person see it / can a pointer reach it" answered once, for the snapshot and the actions
// alike. Where a caller's question is meant to differ, it composes these under its own
// name with a comment saying why (blockers.ts shownAsWidget, upload.ts ownControl).
// Thresholds: hasArea (any area, dom/geometry) < hasBox (one side above 1px) <
// hasClickableBox (both sides above 1px).
import { windowOf } from '../dom/dom-utils';
import { MIN_OPACITY, boxOf, frameElementOf, hasArea } from '../dom/geometry';

/**
 * hasBox — a non-empty box: at least one side above 1px and neither side zero. S2: an
 * element with no box draws nothing (a 1px tracking pixel, a collapsed wrapper); a 1px
 * rule across the page still shows. The walk inlines it on its hot path (traverse.ts).
 */
export function hasBox(rect: { width: number; height: number }): boolean {
  const w = rect.width;
  const h = rect.height;
  return w > 0 && h > 0 && (w > 1 || h > 1);
}

/**
 * hasClickableBox — both sides above 1px: something a person can see and aim a pointer
 * at (a hairline has a box but is no target: a label, a layer, a dialog).
 */
export function hasClickableBox(rect: { width: number; height: number }): boolean {
  return rect.width > 1 && rect.height > 1;
}

/** faded — the element's own opacity at or below MIN_OPACITY: drawn, but nobody sees it (S13). */
export function faded(style: CSSStyleDeclaration): boolean {
  const opacity = style.opacity;
  return opacity !== '1' && opacity !== '' && parseFloat(opacity) <= MIN_OPACITY;
}

/**
 * isRendered — rendered as actions need it (A3): not display:none / visibility:hidden,
 * in a rendered frame. Opacity is left out on purpose: opacity:0 native inputs under
 * custom-styled labels are still operable. The snapshot's walk decides S2 visibility
 * from its cached computed styles (traverse.ts) with the same parts.
 */
export function isRendered(el: Element): boolean {
  const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  if (typeof check === 'function') {
    if (!check.call(el, { visibilityProperty: true, contentVisibilityAuto: false })) return false;
  } else {
    const win = windowOf(el);
    const style = win ? win.getComputedStyle(el) : null;
    if (style && (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse'))
      return false;
  }
  // The element's frame must be rendered too.
  const frame = frameElementOf(el);
  return frame ? isRendered(frame) : true;
}

/**
 * isOperable — the A3 visibility check of an action's element: rendered, with some area
 * (a display:contents wrapper through its children's boxes). Any area, not hasBox: an
 * action on a thin but real element (a 1px-high slider track) is not refused for its size.
 */
export function isOperable(el: Element): boolean {
  return isRendered(el) && hasArea(boxOf(el));
}

/**
 * shown — a layer a person sees: rendered, not faded, with a clickable box (a dialog at
 * opacity 0 or collapsed to a line hides nothing yet).
 */
export function shown(el: Element, style: CSSStyleDeclaration | null): boolean {
  if (!isRendered(el) || (style && faded(style))) return false;
  return hasClickableBox(el.getBoundingClientRect());
}

/**
 * drawnVisible — shown as the walk judges it, from the per-snapshot caches (a computed
 * style and a box already read): displayed, visibility visible, not faded, with a box.
 */
export function drawnVisible(style: CSSStyleDeclaration | null, rect: { width: number; height: number }): boolean {
  return !!style && style.display !== 'none' && style.visibility === 'visible' && !faded(style) && hasBox(rect);
}
