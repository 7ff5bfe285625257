// Focus (S5, A2): what can take focus and what has it, across shadow roots and frames.
import { attr, inputType, isHtml } from './element';
import { disabledReason } from './disabled';
import { flatTreeParent } from '../dom/dom-utils';
import { perSnapshot } from '../dom/caches';

/**
 * Focusable by click or script (not necessarily by Tab): a parseable tabindex, a link
 * with href, an enabled form control, the first <summary> of a <details>, an iframe, an
 * editing host.
 */
export function isFocusable(el: Element): boolean {
  const tabindex = attr(el, 'tabindex');
  if (tabindex !== null && tabindex.trim() !== '' && !isNaN(Number(tabindex))) return true;
  if (!isHtml(el)) return false;
  switch (el.localName) {
    case 'a':
    case 'area':
      return el.hasAttribute('href');
    case 'button':
    case 'select':
    case 'textarea':
      return disabledReason(el, true) === null;
    case 'input':
      return inputType(el) !== 'hidden' && disabledReason(el, true) === null;
    case 'summary':
      return isFirstSummary(el);
    case 'iframe':
      return true;
  }
  const ce = attr(el, 'contenteditable');
  if (ce === null || ce.toLowerCase() === 'false') return false;
  // The editing host only: its descendants are part of the same editor.
  const parent = el.parentElement;
  return !(parent && parent.isContentEditable === true);
}

/** The <summary> that toggles its <details> (the first one). */
export function isFirstSummary(el: Element): boolean {
  const parent = el.parentElement;
  if (!parent || parent.localName !== 'details') return false;
  for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
    if (c.localName === 'summary') return c === el;
  }
  return false;
}

/** The deepest focused element: through open shadow roots and same-origin frames. */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (let i = 0; active && i < 64; i++) {
    const shadow = (active as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
    const shadowActive = shadow ? shadow.activeElement : null;
    if (shadowActive) {
      active = shadowActive;
      continue;
    }
    if (active.localName === 'iframe' || active.localName === 'frame') {
      let inner: Document | null = null;
      try {
        inner = (active as HTMLIFrameElement).contentDocument;
      } catch {
        inner = null;
      }
      if (inner && inner.activeElement && inner.activeElement !== inner.body) {
        active = inner.activeElement;
        continue;
      }
    }
    break;
  }
  return active;
}

/** Has focus (the deepest focused element of its own frame; body and html never count). */
export function isFocused(el: Element): boolean {
  const doc = el.ownerDocument;
  // Asked of every described control: inside a snapshot (which moves no focus) found once per
  // document, and compared first (rarely equal: body and html need no read for the others).
  return !!doc && perSnapshot(doc, deepActiveElement) === el && el !== doc.body && el !== doc.documentElement;
}

/** The element a focus() would land on for a click here: the element or its nearest focusable ancestor. */
export function focusTargetFor(el: Element): Element | null {
  for (let cur: Element | null = el; cur; cur = flatTreeParent(cur)) {
    if (isFocusable(cur)) return cur;
  }
  return null;
}
