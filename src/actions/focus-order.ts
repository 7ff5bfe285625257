// Sequential focus navigation (Tab / Shift+Tab), which synthetic key events do not
// perform. Walks the flat tree (shadow roots, slots, same-origin iframes) and
// orders positive tabindex first, then document order, as browsers do.
import { isElement, windowOf } from '../dom/dom-utils';
import { deepActiveElement, disabledReason, inputType, isFocusable, isInert, isRendered } from '../semantics';

export { deepActiveElement };

function tabIndexOf(el: Element): number {
  const t = (el as HTMLElement).tabIndex;
  return typeof t === 'number' ? t : -1;
}

/** Children in rendering order: shadow content instead of light children, slot assignments for slots. */
function flatChildren(el: Element, out: Element[]): void {
  const shadow = el.shadowRoot;
  if (shadow) {
    for (let c = shadow.firstElementChild; c; c = c.nextElementSibling) out.push(c);
    return;
  }
  if (el.localName === 'slot') {
    const assigned = (el as HTMLSlotElement).assignedElements ? (el as HTMLSlotElement).assignedElements() : [];
    if (assigned.length) {
      for (let i = 0; i < assigned.length; i++) out.push(assigned[i]);
      return;
    }
  }
  if (el.localName === 'iframe' || el.localName === 'frame') {
    let doc: Document | null = null;
    try {
      doc = (el as HTMLIFrameElement).contentDocument;
    } catch {
      doc = null;
    }
    if (doc && doc.body) out.push(doc.body);
    return;
  }
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) out.push(c);
}

/** Radio groups are one tab stop: the checked radio, else the first of the group. */
function isRadioTabStop(el: Element, seenGroups: Record<string, true>): boolean {
  if (inputType(el) !== 'radio') return true;
  const name = (el as HTMLInputElement).name;
  if (!name) return true;
  const group = radioGroup(el as HTMLInputElement);
  let checked: HTMLInputElement | null = null;
  for (let i = 0; i < group.length; i++) if (group[i].checked) checked = group[i];
  if (checked) return checked === el;
  const key = name + '\u0000' + ((el as HTMLInputElement).form ? 'f' : 'd');
  if (seenGroups[key]) return false;
  seenGroups[key] = true;
  return true;
}

/** Enabled, rendered radios sharing the name and form owner (the arrow-key group). */
export function radioGroup(radio: HTMLInputElement): HTMLInputElement[] {
  const out: HTMLInputElement[] = [];
  const root = radio.getRootNode() as Document | ShadowRoot;
  const name = radio.name;
  if (!name || typeof root.querySelectorAll !== 'function') return [radio];
  const all = root.querySelectorAll('input[type="radio"]');
  for (let i = 0; i < all.length; i++) {
    const r = all[i] as HTMLInputElement;
    if (r.name === name && r.form === radio.form && !disabledReason(r) && isRendered(r)) out.push(r);
  }
  return out.length ? out : [radio];
}

/** Every element reachable with Tab, in sequential focus order. */
export function sequentialFocusOrder(doc: Document): Element[] {
  const positive: { el: Element; t: number; i: number }[] = [];
  const zero: Element[] = [];
  const seenGroups: Record<string, true> = Object.create(null);
  const stack: Element[] = [];
  if (doc.body) stack.push(doc.body);
  let order = 0;
  while (stack.length) {
    const el = stack.pop() as Element;
    if (!isElement(el)) continue;
    if (el.hasAttribute('inert') || !isRendered(el)) continue;
    if (isFocusable(el) && tabIndexOf(el) >= 0 && el.localName !== 'iframe' && !disabledReason(el) && isRadioTabStop(el, seenGroups)) {
      const t = tabIndexOf(el);
      if (t > 0) positive.push({ el, t, i: order++ });
      else zero.push(el);
    }
    const kids: Element[] = [];
    flatChildren(el, kids);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  positive.sort((a, b) => a.t - b.t || a.i - b.i);
  const out: Element[] = [];
  for (let i = 0; i < positive.length; i++) out.push(positive[i].el);
  for (let i = 0; i < zero.length; i++) out.push(zero[i]);
  return out;
}

/** Moves focus like Tab / Shift+Tab from `current`. Returns the newly focused element. */
export function moveFocus(doc: Document, current: Element | null, backwards: boolean): Element | null {
  const order = sequentialFocusOrder(doc);
  if (!order.length) return null;
  let index = current ? order.indexOf(current) : -1;
  if (index < 0 && current) {
    // Focus sits on something not in the order (tabindex=-1, body): continue from its position.
    index = positionAmong(order, current, backwards);
  }
  const next = backwards ? order[index < 0 ? order.length - 1 : (index - 1 + order.length) % order.length] : order[(index + 1) % order.length];
  if (!next || isInert(next)) return null;
  (next as HTMLElement).focus();
  // Tabbing into a text field selects its content, as browsers do.
  if (next.localName === 'input' && typeof (next as HTMLInputElement).select === 'function') {
    try {
      (next as HTMLInputElement).select();
    } catch {
      // Not selectable.
    }
  }
  return next;
}

/** Index such that order[index+1] is the first element after `current` in tree order. */
function positionAmong(order: Element[], current: Element, backwards: boolean): number {
  const win = windowOf(current);
  const FOLLOWING = win ? win.Node.DOCUMENT_POSITION_FOLLOWING : 4;
  for (let i = 0; i < order.length; i++) {
    if (order[i].ownerDocument !== current.ownerDocument) continue;
    if (current.compareDocumentPosition(order[i]) & FOLLOWING) return backwards ? i : i - 1;
  }
  return backwards ? -1 : order.length - 1;
}
