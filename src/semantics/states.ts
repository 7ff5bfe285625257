// ARIA states and values (S5): WAI-ARIA 1.2 states merged with the native HTML
// states HTML-AAM maps to them. Only meaningful fields are set: `true` states, and
// `false` only where it is the information itself (an unchecked checkbox, a
// collapsed disclosure, an unpressed toggle button). Never throws.
import type { VirtualNode } from '../types';
import { attr, ariaToken, inputType, isHtml, wordSet } from './element';
import { isDisabled } from './disabled';
import { isFocused } from './focus';
import { getRole as roleOf } from './roles';

/** The state fields of a snapshot node (S5); one definition, in types.ts. */
export type AriaStates = Pick<
  VirtualNode,
  | 'disabled'
  | 'checked'
  | 'selected'
  | 'pressed'
  | 'expanded'
  | 'required'
  | 'readonly'
  | 'invalid'
  | 'focused'
  | 'haspopup'
  | 'multiselectable'
  | 'current'
  | 'level'
  | 'valuemin'
  | 'valuemax'
  | 'valuenow'
  | 'valuetext'
>;

/*
 * `aria` (the readers' last parameter): false when the caller scanned the element and found no
 * aria-* state attribute on it (the walk's attribute scan), so the ~12 attribute reads per
 * element that can only answer null are not made.
 */

/** An aria-* state attribute as a token (ariaToken), or null without reading when there is none. */
function stateToken(el: Element, name: string, aria: boolean): string | null {
  return aria ? ariaToken(el, name) : null;
}

/** An aria-* state attribute's raw value (attr), or null without reading when there is none. */
function stateAttr(el: Element, name: string, aria: boolean): string | null {
  return aria ? attr(el, name) : null;
}

const CHECKABLE = wordSet('checkbox radio switch menuitemcheckbox menuitemradio');
const SELECTABLE = wordSet('option tab gridcell row treeitem columnheader rowheader');
const RANGE = wordSet('slider spinbutton scrollbar progressbar meter separator');
const READONLY_INPUT_TYPES = wordSet('text search url tel email password date month week time datetime-local number');

/** Native checkbox or radio input. */
export function isNativeCheckable(el: Element): boolean {
  const t = inputType(el);
  return t === 'checkbox' || t === 'radio';
}

/**
 * checked: native checkbox/radio (indeterminate → mixed), else aria-checked for the
 * checkable roles (absent means false) and for options (only when set). Undefined when
 * the element has no checked state.
 */
export function checkedOf(el: Element, role: string | null = roleOf(el), aria = true): boolean | 'mixed' | undefined {
  if (isNativeCheckable(el)) {
    const input = el as HTMLInputElement;
    return inputType(el) === 'checkbox' && input.indeterminate ? 'mixed' : !!input.checked;
  }
  if (role && CHECKABLE[role] === true) {
    const checked = tristate(stateToken(el, 'aria-checked', aria));
    if (checked === 'mixed' && role !== 'checkbox' && role !== 'menuitemcheckbox') return false;
    return checked ?? false;
  }
  if (role === 'option') return tristate(stateToken(el, 'aria-checked', aria));
  return undefined;
}

/** aria-pressed of a toggle button. */
export function pressedOf(el: Element, role: string | null = roleOf(el), aria = true): boolean | 'mixed' | undefined {
  return role === 'button' ? tristate(stateToken(el, 'aria-pressed', aria)) : undefined;
}

/** aria-expanded, or the open state of the <details> a <summary> toggles. */
export function expandedOf(el: Element, role: string | null = roleOf(el), aria = true): boolean | undefined {
  const expanded = stateToken(el, 'aria-expanded', aria);
  if (expanded === 'true') return true;
  if (expanded === 'false') return false;
  if (el.localName === 'summary' && role === 'button') {
    const details = el.parentElement;
    if (details && details.localName === 'details') return details.hasAttribute('open');
  }
  return undefined;
}

/** selected: a native <option>'s selectedness, else aria-selected="true" on a selectable role. */
export function selectedOf(el: Element, role: string | null = roleOf(el), aria = true): boolean {
  if (el.localName === 'option' && isHtml(el) && role === 'option') return !!(el as HTMLOptionElement).selected;
  return !!role && SELECTABLE[role] === true && stateToken(el, 'aria-selected', aria) === 'true';
}

/** Read-only: the readonly attribute on text-like fields, else aria-readonly="true". */
export function isReadOnly(el: Element, aria = true): boolean {
  const tag = el.localName;
  if ((tag === 'textarea' || READONLY_INPUT_TYPES[inputType(el)] === true) && el.hasAttribute('readonly')) return true;
  return stateToken(el, 'aria-readonly', aria) === 'true';
}

/** aria-current as a token, unless absent or "false". */
export function currentOf(el: Element, aria = true): string | undefined {
  const current = stateToken(el, 'aria-current', aria);
  return current !== null && current !== 'false' ? current : undefined;
}

/** aria-haspopup ("true" is a menu), or the list of a native combobox; `tag` is the HTML tag ('' for others). */
export function haspopupOf(el: Element, tag: string, role: string | null, aria = true): string | undefined {
  const popup = stateToken(el, 'aria-haspopup', aria);
  if (popup !== null && popup !== 'false') return popup === 'true' ? 'menu' : popup;
  if (tag === 'input' && role === 'combobox' && el.hasAttribute('list')) return 'listbox';
  return undefined;
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

function headingLevel(el: Element, role: string | null, aria: boolean): number | undefined {
  const level = parseNumber(stateAttr(el, 'aria-level', aria));
  if (level !== undefined && level >= 1) return Math.floor(level);
  if (role !== 'heading') return undefined;
  const m = /^h([1-6])$/.exec(el.localName);
  if (m && isHtml(el)) return Number(m[1]);
  return 2; // WAI-ARIA 1.2: default aria-level for role=heading.
}

/** Writes a range widget's values into `out`; returns how many it wrote. */
function setValues(el: Element, role: string, out: AriaStates, aria: boolean): number {
  const tag = el.localName;
  let min = parseNumber(stateAttr(el, 'aria-valuemin', aria));
  let max = parseNumber(stateAttr(el, 'aria-valuemax', aria));
  let now = parseNumber(stateAttr(el, 'aria-valuenow', aria));
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
    if (min === undefined) min = tag === 'meter' ? (parseNumber(attr(el, 'min')) ?? 0) : 0;
    if (max === undefined) max = parseNumber(attr(el, 'max')) ?? 1;
    if (now === undefined && el.hasAttribute('value')) now = parseNumber(attr(el, 'value'));
  } else if (role === 'slider' || role === 'scrollbar') {
    // WAI-ARIA 1.2 defaults.
    if (min === undefined) min = 0;
    if (max === undefined) max = 100;
  }
  let n = 0;
  if (min !== undefined) {
    out.valuemin = min;
    n++;
  }
  if (max !== undefined) {
    out.valuemax = max;
    n++;
  }
  if (now !== undefined) {
    out.valuenow = now;
    n++;
  }
  const text = stateAttr(el, 'aria-valuetext', aria);
  if (text !== null && text.trim()) {
    out.valuetext = text;
    n++;
  }
  return n;
}

/**
 * ARIA states of `el` for `role` (as returned by getRole), written into `out` (a new
 * object by default; the snapshot passes its node, so no Object.assign is needed).
 * `aria: false`: the caller read el's attribute names and none is an aria-* state
 * (the walk's scan: no aria-* besides aria-hidden / aria-label), so only native states are read.
 * `walked`: the snapshot's walk visited el (disabled.ts watchAriaDisabled).
 */
export function getAriaStates(
  el: Element,
  role: string | null,
  out: AriaStates = {},
  aria = true,
  walked = false,
): AriaStates {
  writeAriaStates(el, role, out, aria, walked);
  return out;
}

/**
 * getAriaStates into `out`, returning how many states it wrote (each a field `out` did not
 * have: the snapshot's line shows them, and knows so without counting its node's keys).
 */
export function writeAriaStates(
  el: Element,
  role: string | null,
  out: AriaStates,
  aria: boolean,
  walked: boolean,
): number {
  let n = 0;
  try {
    const tag = isHtml(el) ? el.localName : '';
    if (isDisabled(el, walked)) {
      out.disabled = true;
      n++;
    }
    const checked = checkedOf(el, role, aria);
    if (checked !== undefined) {
      out.checked = checked;
      n++;
    }
    if (selectedOf(el, role, aria)) {
      out.selected = true;
      n++;
    }
    const pressed = pressedOf(el, role, aria);
    if (pressed !== undefined) {
      out.pressed = pressed;
      n++;
    }
    const expanded = expandedOf(el, role, aria);
    if (expanded !== undefined) {
      out.expanded = expanded;
      n++;
    }

    // required / readonly
    if ((tag === 'input' || tag === 'select' || tag === 'textarea') && el.hasAttribute('required')) {
      out.required = true;
      n++;
    } else if (stateToken(el, 'aria-required', aria) === 'true') {
      out.required = true;
      n++;
    }
    if (isReadOnly(el, aria)) {
      out.readonly = true;
      n++;
    }

    // invalid: true, or the token (grammar/spelling).
    const invalid = stateToken(el, 'aria-invalid', aria);
    if (invalid !== null && invalid !== 'false') {
      out.invalid = invalid === 'true' ? true : invalid;
      n++;
    }

    if (isFocused(el)) {
      out.focused = true;
      n++;
    }

    const popup = haspopupOf(el, tag, role, aria);
    if (popup !== undefined) {
      out.haspopup = popup;
      n++;
    }

    // multiselectable
    if (tag === 'select' && el.hasAttribute('multiple')) {
      out.multiselectable = true;
      n++;
    } else if (stateToken(el, 'aria-multiselectable', aria) === 'true') {
      out.multiselectable = true;
      n++;
    }

    const current = currentOf(el, aria);
    if (current !== undefined) {
      out.current = current;
      n++;
    }

    // level (headings; aria-level on treeitem/listitem/row)
    const level = headingLevel(el, role, aria);
    if (level !== undefined) {
      out.level = level;
      n++;
    }

    // values of range widgets
    if (role && RANGE[role] === true) n += setValues(el, role, out, aria);
  } catch {
    /* never throw: what was written is counted */
  }
  return n;
}
