// Sequential focus navigation (Tab / Shift+Tab), which synthetic key events do not
// perform. Orders each focus navigation scope (document, shadow root, slot,
// same-origin iframe) by tabindex, then splices scopes in after their owners, as
// browsers do.
import { isElement, windowOf } from '../dom/dom-utils';
import { deepActiveElement, disabledReason, inputType, isFocusable, isInert, isRendered } from '../semantics';

export { deepActiveElement };

function tabIndexOf(el: Element): number {
  const t = (el as HTMLElement).tabIndex;
  return typeof t === 'number' ? t : -1;
}

/**
 * The children of a focus navigation scope owner: a shadow host's shadow root, a
 * slot's assigned elements (or its fallback content), an iframe's body. Null for
 * an element that owns no scope.
 */
function scopeChildren(el: Element): Element[] | null {
  const shadow = el.shadowRoot;
  if (shadow) {
    const out: Element[] = [];
    for (let c = shadow.firstElementChild; c; c = c.nextElementSibling) out.push(c);
    return out;
  }
  if (el.localName === 'slot') {
    const assigned = (el as HTMLSlotElement).assignedElements ? (el as HTMLSlotElement).assignedElements() : [];
    if (assigned.length) return assigned.slice();
    const out: Element[] = [];
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) out.push(c);
    return out;
  }
  if (el.localName === 'iframe' || el.localName === 'frame') {
    let doc: Document | null = null;
    try {
      doc = (el as HTMLIFrameElement).contentDocument;
    } catch {
      doc = null;
    }
    return doc && doc.body ? [doc.body] : [];
  }
  return null;
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

/**
 * Every element reachable with Tab, in sequential focus order, as HTML defines it
 * (the "flattened tabindex-ordered focus navigation scope"): shadow roots, slots
 * and iframes are scopes of their own; inside each scope positive tabindex comes
 * first (ascending, then tree order), then tabindex 0 in tree order; a scope's
 * contents follow its owner (a host without tabindex sorts as 0; a host with a
 * negative tabindex takes its whole scope out of the order).
 */
export function sequentialFocusOrder(doc: Document): Element[] {
  const out: Element[] = [];
  const seenGroups: Record<string, true> = { __proto__: null } as unknown as Record<string, true>;
  if (doc.body) flattenScope([doc.body], out, seenGroups, 0);
  return out;
}

interface ScopeItem {
  el: Element;
  t: number;
  order: number;
  /** Focusable itself (a scope owner may be only an owner). */
  stop: boolean;
  scope: Element[] | null;
}

function flattenScope(roots: Element[], out: Element[], seenGroups: Record<string, true>, depth: number): void {
  if (depth > 32) return;
  const items: ScopeItem[] = [];
  const stack: Element[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push(roots[i]);
  while (stack.length) {
    const el = stack.pop() as Element;
    if (!isElement(el)) continue;
    // Slots are display:contents (no box of their own): only their content is checked.
    if (el.hasAttribute('inert') || (el.localName !== 'slot' && !isRendered(el))) continue;
    const t = tabIndexOf(el);
    const stop =
      isFocusable(el) && t >= 0 && el.localName !== 'iframe' && !disabledReason(el) && isRadioTabStop(el, seenGroups);
    const scope = scopeChildren(el);
    if (scope) {
      // A focusable owner with tabindex < 0 hides its scope from Tab; otherwise it sorts by its tabindex (or as 0).
      if (!(isFocusable(el) && el.hasAttribute('tabindex') && t < 0))
        items.push({ el, t: stop ? t : 0, order: items.length, stop, scope });
      continue;
    }
    if (stop) items.push({ el, t, order: items.length, stop, scope: null });
    for (let c = el.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
  }
  items.sort((a, b) => (a.t > 0 ? a.t : Infinity) - (b.t > 0 ? b.t : Infinity) || a.order - b.order);
  for (const item of items) {
    if (item.stop) out.push(item.el);
    if (item.scope) flattenScope(item.scope, out, seenGroups, depth + 1);
  }
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
  const next = backwards
    ? order[index < 0 ? order.length - 1 : (index - 1 + order.length) % order.length]
    : order[(index + 1) % order.length];
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
