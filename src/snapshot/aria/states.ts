// ARIA states and values (S5): WAI-ARIA 1.2 states merged with the native HTML
// states HTML-AAM maps to them. Only meaningful fields are set: `true` states, and
// `false` only where it is the information itself (an unchecked checkbox, a
// collapsed disclosure, an unpressed toggle button). Never throws.
import { parentElementOrHost } from '../../dom/dom-utils';
import { ariaCaches } from '../caches';
import type { VirtualNode } from '../../types';

/** The state fields of a snapshot node (S5); one definition, in types.ts. */
export type AriaStates = Pick<
  VirtualNode,
  | 'disabled' | 'checked' | 'selected' | 'pressed' | 'expanded' | 'required' | 'readonly' | 'invalid' | 'focused'
  | 'haspopup' | 'multiselectable' | 'current' | 'level' | 'valuemin' | 'valuemax' | 'valuenow' | 'valuetext'
>;

function dict(words: string): Record<string, true> {
  const set = Object.create(null) as Record<string, true>;
  const parts = words.split(' ');
  for (let i = 0; i < parts.length; i++) set[parts[i]] = true;
  return set;
}

const CHECKABLE = dict('checkbox radio switch menuitemcheckbox menuitemradio');
const SELECTABLE = dict('option tab gridcell row treeitem columnheader rowheader');
const RANGE = dict('slider spinbutton scrollbar progressbar meter separator');
const NATIVE_DISABLEABLE = dict('button input select textarea optgroup option fieldset');
const FIELDSET_DISABLES = dict('button input select textarea fieldset output object');
const READONLY_INPUT_TYPES = dict('text search url tel email password date month week time datetime-local number');

function attr(el: Element, name: string): string | null {
  try {
    return el.getAttribute(name);
  } catch {
    return null;
  }
}

function ariaToken(el: Element, name: string): string | null {
  const v = attr(el, name);
  if (v === null) return null;
  const t = v.trim().toLowerCase();
  return t === '' || t === 'undefined' ? null : t;
}

function isHtml(el: Element): boolean {
  return el.namespaceURI === 'http://www.w3.org/1999/xhtml' || el.namespaceURI === null;
}

function inputType(el: Element): string {
  return (attr(el, 'type') || 'text').trim().toLowerCase();
}

/** Native disabled (the :disabled rules of HTML, incl. fieldset[disabled] and its first legend). */
function isNativelyDisabled(el: Element): boolean {
  if (!isHtml(el)) return false;
  const tag = el.localName;
  if (NATIVE_DISABLEABLE[tag] !== true) return false;
  if (el.hasAttribute('disabled')) return true;
  if (tag === 'option' || tag === 'optgroup') {
    // An option in a disabled optgroup, or any option of a disabled select.
    for (let p = el.parentElement; p; p = p.parentElement) {
      if ((p.localName === 'optgroup' || p.localName === 'select') && p.hasAttribute('disabled')) return true;
      if (p.localName === 'select' || p.localName === 'datalist') break;
    }
    return false;
  }
  if (FIELDSET_DISABLES[tag] !== true) return false;
  let child: Element = el;
  for (let p = el.parentElement; p; child = p, p = p.parentElement) {
    if (p.localName !== 'fieldset' || !p.hasAttribute('disabled')) continue;
    // Descendants of the fieldset's first <legend> stay enabled.
    let firstLegend: Element | null = null;
    for (let c = p.firstElementChild; c; c = c.nextElementSibling) {
      if (c.localName === 'legend') {
        firstLegend = c;
        break;
      }
    }
    if (!(firstLegend && firstLegend === child)) return true;
  }
  return false;
}

/** aria-disabled="true" on the element or an ancestor (Chromium propagates it), memoized per snapshot. */
function isAriaDisabled(el: Element): boolean {
  const cache = ariaCaches();
  const path: Element[] = [];
  let result = false;
  for (let cur: Element | null = el; cur; cur = parentElementOrHost(cur)) {
    const hit = cache ? cache.ariaDisabled.get(cur) : undefined;
    if (hit !== undefined) {
      result = hit;
      break;
    }
    path.push(cur);
    const v = ariaToken(cur, 'aria-disabled');
    if (v === 'true') {
      result = true;
      break;
    }
    if (v === 'false') break;
  }
  if (cache) for (let i = 0; i < path.length; i++) cache.ariaDisabled.set(path[i], result);
  return result;
}

export function isDisabled(el: Element): boolean {
  try {
    return isNativelyDisabled(el) || isAriaDisabled(el);
  } catch {
    return false;
  }
}

/** The focused element, descending through open shadow roots. */
function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (let i = 0; active && i < 64; i++) {
    const shadow = (active as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
    const inner = shadow ? shadow.activeElement : null;
    if (!inner) break;
    active = inner;
  }
  return active;
}

function parseNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return isFinite(n) ? n : undefined;
}

function tristate(value: string | null): boolean | 'mixed' | undefined {
  if (value === 'true') return true;
  if (value === 'mixed') return 'mixed';
  if (value === 'false') return false;
  return undefined;
}

function headingLevel(el: Element, role: string | null): number | undefined {
  const aria = parseNumber(attr(el, 'aria-level'));
  if (aria !== undefined && aria >= 1) return Math.floor(aria);
  if (role !== 'heading') return undefined;
  const m = /^h([1-6])$/.exec(el.localName);
  if (m && isHtml(el)) return Number(m[1]);
  return 2; // WAI-ARIA 1.2: default aria-level for role=heading.
}

function setValues(el: Element, role: string, out: AriaStates): void {
  const tag = el.localName;
  let min = parseNumber(attr(el, 'aria-valuemin'));
  let max = parseNumber(attr(el, 'aria-valuemax'));
  let now = parseNumber(attr(el, 'aria-valuenow'));
  if (tag === 'input') {
    const type = inputType(el);
    if (type === 'range' || type === 'number') {
      if (min === undefined) min = parseNumber(attr(el, 'min'));
      if (max === undefined) max = parseNumber(attr(el, 'max'));
      if (now === undefined) now = parseNumber(String((el as HTMLInputElement).value ?? ''));
      if (type === 'range') {
        if (min === undefined) min = 0;
        if (max === undefined) max = 100;
      }
    }
  } else if (tag === 'progress' || tag === 'meter') {
    if (min === undefined) min = tag === 'meter' ? parseNumber(attr(el, 'min')) ?? 0 : 0;
    if (max === undefined) max = parseNumber(attr(el, 'max')) ?? 1;
    if (now === undefined && el.hasAttribute('value')) now = parseNumber(attr(el, 'value'));
  } else if (role === 'slider' || role === 'scrollbar') {
    // WAI-ARIA 1.2 defaults.
    if (min === undefined) min = 0;
    if (max === undefined) max = 100;
  }
  if (min !== undefined) out.valuemin = min;
  if (max !== undefined) out.valuemax = max;
  if (now !== undefined) out.valuenow = now;
  const text = attr(el, 'aria-valuetext');
  if (text !== null && text.trim()) out.valuetext = text;
}

/** ARIA states of `el` for `role` (as returned by getRole). */
export function getAriaStates(el: Element, role: string | null): AriaStates {
  const out: AriaStates = {};
  try {
    const tag = isHtml(el) ? el.localName : '';
    if (isDisabled(el)) out.disabled = true;

    // checked: native checkbox/radio first (indeterminate → mixed), then aria-checked.
    if (role && CHECKABLE[role] === true) {
      let checked: boolean | 'mixed' | undefined;
      if (tag === 'input' && (inputType(el) === 'checkbox' || inputType(el) === 'radio')) {
        const input = el as HTMLInputElement;
        checked = inputType(el) === 'checkbox' && input.indeterminate ? 'mixed' : !!input.checked;
      } else {
        checked = tristate(ariaToken(el, 'aria-checked'));
        if (checked === 'mixed' && role !== 'checkbox' && role !== 'menuitemcheckbox') checked = false;
        if (checked === undefined) checked = false;
      }
      out.checked = checked;
    }

    // selected
    if (tag === 'option' && role === 'option') {
      if ((el as HTMLOptionElement).selected) out.selected = true;
    } else if (role && SELECTABLE[role] === true && ariaToken(el, 'aria-selected') === 'true') {
      out.selected = true;
    }

    // pressed (toggle buttons)
    if (role === 'button') {
      const pressed = tristate(ariaToken(el, 'aria-pressed'));
      if (pressed !== undefined) out.pressed = pressed;
    }

    // expanded: aria-expanded, or <summary> of a <details>.
    const expanded = ariaToken(el, 'aria-expanded');
    if (expanded === 'true') out.expanded = true;
    else if (expanded === 'false') out.expanded = false;
    else if (tag === 'summary' && role === 'button') {
      const details = el.parentElement;
      if (details && details.localName === 'details') out.expanded = details.hasAttribute('open');
    }

    // required / readonly
    if ((tag === 'input' || tag === 'select' || tag === 'textarea') && el.hasAttribute('required')) out.required = true;
    else if (ariaToken(el, 'aria-required') === 'true') out.required = true;
    if (tag === 'textarea' || (tag === 'input' && READONLY_INPUT_TYPES[inputType(el)] === true)) {
      if (el.hasAttribute('readonly')) out.readonly = true;
    }
    if (!out.readonly && ariaToken(el, 'aria-readonly') === 'true') out.readonly = true;

    // invalid: true, or the token (grammar/spelling).
    const invalid = ariaToken(el, 'aria-invalid');
    if (invalid !== null && invalid !== 'false') out.invalid = invalid === 'true' ? true : invalid;

    // focused (deep through shadow roots; in the element's own frame).
    const doc = el.ownerDocument;
    if (doc && deepActiveElement(doc) === el && el !== doc.body && el !== doc.documentElement) out.focused = true;

    // haspopup
    const popup = ariaToken(el, 'aria-haspopup');
    if (popup !== null && popup !== 'false') out.haspopup = popup === 'true' ? 'menu' : popup;
    else if (tag === 'input' && role === 'combobox' && el.hasAttribute('list')) out.haspopup = 'listbox';

    // multiselectable
    if (tag === 'select' && el.hasAttribute('multiple')) out.multiselectable = true;
    else if (ariaToken(el, 'aria-multiselectable') === 'true') out.multiselectable = true;

    // current
    const current = ariaToken(el, 'aria-current');
    if (current !== null && current !== 'false') out.current = current;

    // level (headings; aria-level on treeitem/listitem/row)
    const level = headingLevel(el, role);
    if (level !== undefined) out.level = level;

    // values of range widgets
    if (role && RANGE[role] === true) setValues(el, role, out);
  } catch {
    /* never throw: return what we have */
  }
  return out;
}
