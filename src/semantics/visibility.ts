// Visibility as actions need it (A3): rendered (not display:none / visibility:hidden,
// in a rendered frame). Opacity is left out on purpose: opacity:0 native inputs under
// custom-styled labels are still operable. The snapshot's own visibility pass reads
// cached computed styles during its walk (dom/geometry.ts).
import { windowOf } from '../dom/dom-utils';

export function isRendered(el: Element): boolean {
  const check = (el as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  if (typeof check === 'function') {
    if (!check.call(el, { visibilityProperty: true, contentVisibilityAuto: false })) return false;
  } else {
    const win = windowOf(el);
    const style = win ? win.getComputedStyle(el) : null;
    if (style && (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse')) return false;
  }
  // The element's frame must be rendered too.
  const frame = frameElementOf(el);
  return frame ? isRendered(frame) : true;
}

/** The <iframe> element hosting this element's document, if same-origin. */
export function frameElementOf(el: Element): Element | null {
  try {
    const win = windowOf(el);
    return win && win.frameElement ? win.frameElement : null;
  } catch {
    return null;
  }
}
