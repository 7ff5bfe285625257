// Choosing options (A1): native <select> (by label or value; input + change) and
// ARIA listbox/combobox widgets (open the popup like a person, then click the
// option). Option matching is exact first, then case-insensitive — never fuzzy,
// so "Apple" never picks "Pineapple".
import { getElementByIdInScope, normalizeWhitespace } from '../dom/dom-utils';
import { checkedOf, isDisabled, isRendered, nameOf, roleOf as roleOrNull, selectedOf } from '../semantics';
import { DomToolError, msg } from './result';
import { fireEvent } from './events';

export function isNativeSelect(el: Element): el is HTMLSelectElement {
  return el.localName === 'select';
}

function optionLabel(o: HTMLOptionElement): string {
  return normalizeWhitespace(o.label || o.text || '');
}

/** Index of the option matching `wanted` by label, then value, then case-insensitive label. */
export function findNativeOption(select: HTMLSelectElement, wanted: string): number {
  const options = select.options;
  const w = normalizeWhitespace(wanted);
  for (let i = 0; i < options.length; i++) if (optionLabel(options[i]) === w) return i;
  for (let i = 0; i < options.length; i++) if (options[i].value === wanted) return i;
  const lw = w.toLowerCase();
  for (let i = 0; i < options.length; i++) if (optionLabel(options[i]).toLowerCase() === lw) return i;
  return -1;
}

export function nativeOptionLabels(select: HTMLSelectElement): string[] {
  const out: string[] = [];
  for (let i = 0; i < select.options.length && out.length < 30; i++) out.push(optionLabel(select.options[i]));
  return out;
}

/**
 * Selects options of a native select. Returns false when everything was already
 * selected (nothing done, no events — a person would not pick it again).
 */
export function selectNative(select: HTMLSelectElement, wanted: string[], id: string): boolean {
  const indices: number[] = [];
  for (let i = 0; i < wanted.length; i++) {
    const index = findNativeOption(select, wanted[i]);
    if (index < 0) throw new DomToolError('VALIDATION_ERROR', msg.noOption(id, wanted[i], nativeOptionLabels(select)));
    const option = select.options[index];
    if (isDisabled(option)) {
      throw new DomToolError('NOT_ACTIONABLE', msg.optionDisabled(id, wanted[i]));
    }
    indices.push(index);
  }
  if (!select.multiple && wanted.length > 1)
    throw new DomToolError('VALIDATION_ERROR', msg.invalidArg('option', 'a single option for a single-choice select'));
  const options = select.options;
  let changed = false;
  for (let i = 0; i < options.length; i++) {
    const want = indices.indexOf(i) >= 0;
    if (select.multiple ? options[i].selected !== want : want && !options[i].selected) changed = true;
  }
  if (!changed) return false;
  (select as HTMLElement).focus({ preventScroll: true });
  if (select.multiple) {
    for (let i = 0; i < options.length; i++) options[i].selected = indices.indexOf(i) >= 0;
  } else {
    select.selectedIndex = indices[0];
  }
  fireEvent(select, 'input', { bubbles: true, composed: true });
  fireEvent(select, 'change');
  return true;
}

// ---- ARIA widgets ----------------------------------------------------------

function roleOf(el: Element): string {
  return roleOrNull(el) ?? '';
}

export function isAriaSelectable(el: Element): boolean {
  const role = roleOf(el);
  return role === 'combobox' || role === 'listbox' || el.getAttribute('aria-haspopup') === 'listbox';
}

/** The listbox a combobox controls: aria-controls / aria-owns, a descendant, or a listbox that just appeared. */
export function findListbox(el: Element): Element | null {
  if (roleOf(el) === 'listbox') return el;
  for (const attr of ['aria-controls', 'aria-owns']) {
    const ids = normalizeWhitespace(el.getAttribute(attr) ?? '');
    if (!ids) continue;
    const parts = ids.split(' ');
    for (let i = 0; i < parts.length; i++) {
      const ref = getElementByIdInScope(el, parts[i]) ?? el.ownerDocument.getElementById(parts[i]);
      if (!ref) continue;
      if (roleOf(ref) === 'listbox') return ref;
      const inner = ref.querySelector('[role="listbox"]');
      if (inner) return inner;
    }
  }
  const inner = el.querySelector('[role="listbox"]') ?? el.parentElement?.querySelector('[role="listbox"]') ?? null;
  return inner;
}

/** Any visible listbox in the element's tree — popups are often portalled to the end of <body>. */
export function findVisibleListbox(el: Element): Element | null {
  const own = findListbox(el);
  if (own && isRendered(own)) return own;
  const root = el.getRootNode() as Document | ShadowRoot;
  const all = root.querySelectorAll('[role="listbox"]');
  for (let i = all.length - 1; i >= 0; i--) if (all[i] !== el && isRendered(all[i])) return all[i];
  return null;
}

export function listboxOptions(listbox: Element): Element[] {
  const out: Element[] = [];
  const all = listbox.querySelectorAll('[role="option"]');
  for (let i = 0; i < all.length; i++) out.push(all[i]);
  // aria-owns on the listbox adds options that live elsewhere.
  const owns = normalizeWhitespace(listbox.getAttribute('aria-owns') ?? '');
  if (owns) {
    const parts = owns.split(' ');
    for (let i = 0; i < parts.length; i++) {
      const ref = getElementByIdInScope(listbox, parts[i]);
      if (ref && roleOf(ref) === 'option' && out.indexOf(ref) < 0) out.push(ref);
    }
  }
  return out;
}

/** Option matching by accessible name / text, then data-value / value attribute, then case-insensitively. */
export function findAriaOption(options: Element[], wanted: string): Element | null {
  const w = normalizeWhitespace(wanted);
  for (let i = 0; i < options.length; i++) if (nameOf(options[i]) === w) return options[i];
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    if (o.getAttribute('data-value') === wanted || o.getAttribute('value') === wanted) return o;
  }
  const lw = w.toLowerCase();
  for (let i = 0; i < options.length; i++) if (nameOf(options[i]).toLowerCase() === lw) return options[i];
  return null;
}

export function ariaOptionLabels(options: Element[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < options.length && out.length < 30; i++) out.push(nameOf(options[i]));
  return out;
}

/** Selected, or checked in a multi-select listbox (aria-checked on options). */
export function isOptionSelected(option: Element): boolean {
  const role = roleOrNull(option);
  return selectedOf(option, role) || checkedOf(option, role) === true;
}

/** Whether the combobox now shows `wanted`: selected option, its value, or its text. */
export function comboboxShows(combo: Element, option: Element | null, wanted: string): boolean {
  if (option && option.isConnected && isOptionSelected(option)) return true;
  const w = normalizeWhitespace(wanted).toLowerCase();
  const value = (combo as HTMLInputElement).value;
  if (typeof value === 'string' && normalizeWhitespace(value).toLowerCase() === w) return true;
  const optionName = option ? nameOf(option).toLowerCase() : w;
  const text = normalizeWhitespace(combo.textContent ?? '').toLowerCase();
  return (
    text.indexOf(optionName) >= 0 ||
    (typeof value === 'string' && normalizeWhitespace(value).toLowerCase() === optionName)
  );
}
