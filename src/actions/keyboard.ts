// Key presses (A2): keydown → keypress (printable/Enter) → default action → keyup.
// Synthetic key events perform no default action, so the ones a person relies on
// are emulated here — only when the page did not call preventDefault.
import { fireActivationClick, fireEvent, fireKey } from './events';
import { insertsText, type KeyDef, type Modifiers } from './keys';
import { moveFocus, radioGroup } from './focus-order';
import {
  deleteFromField,
  deleteInEditor,
  editingHostOf,
  insertIntoEditor,
  insertIntoField,
  isTextField,
} from './typing';
import { deepActiveElement, disabledReason, inputType, isRendered } from '../semantics';
import { scrollContainerOf, scrollByKey } from './scroll';
import { moveEditorSelection, moveFieldSelection } from './selection-keys';

export interface KeyOutcome {
  /** The page cancelled keydown, so no default action ran. */
  prevented: boolean;
  /** What the emulated default action did, for the result notes. */
  defaultAction?: string;
}

/** Presses one key on `target` (the focused element). */
export function pressKey(
  target: Element,
  def: KeyDef,
  mods: Modifiers,
  hold: { repeat?: boolean; release?: boolean } = {},
): KeyOutcome {
  const doc = target.ownerDocument;
  const down = fireKey(target, 'keydown', def, mods, hold.repeat === true);
  let outcome: KeyOutcome = { prevented: !down };
  if (down) {
    // keypress exists only for keys that produce a character (and Enter).
    const producesChar = insertsText(def, mods) || (def.key === 'Enter' && !mods.ctrl && !mods.alt && !mods.meta);
    const press = producesChar ? fireKey(target, 'keypress', def, mods, hold.repeat === true) : true;
    if (!press) outcome = { prevented: true };
    else outcome.defaultAction = keydownDefault(target, def, mods) ?? undefined;
  }
  // After the keydown default (focus may have moved): keyup goes to the focused element, as in browsers.
  const upTarget = def.key === 'Tab' && doc.activeElement ? (deepActiveElement(doc) ?? target) : target;
  // A held key (auto-repeat) is released once, after its last repeat.
  if (hold.release === false) return outcome;
  const up = fireKey(upTarget, 'keyup', def, mods);
  if (down && up && def.key === ' ' && !mods.ctrl && !mods.alt && !mods.meta) {
    const act = spaceActivation(target);
    if (act) outcome.defaultAction = act;
  }
  return outcome;
}

const ACTIVATED_BY_ENTER: Record<string, true> = { submit: true, reset: true, button: true, image: true };
const ACTIVATED_BY_SPACE: Record<string, true> = {
  checkbox: true,
  radio: true,
  submit: true,
  reset: true,
  button: true,
  image: true,
};

/** Default action of keydown/keypress. Returns a description when one ran. */
function keydownDefault(target: Element, def: KeyDef, mods: Modifiers): string | null {
  const tag = target.localName;
  const editorHost = !isTextField(target) && tag !== 'select' ? editingHostOf(target) : null;
  const editable = isTextField(target) && !(target as HTMLInputElement).readOnly;
  switch (def.key) {
    case 'Enter':
      if (mods.ctrl || mods.alt || mods.meta) return null;
      if (tag === 'textarea' && editable)
        return insertIntoField(target, '\n', 'insertLineBreak') ? 'inserted a line break' : null;
      if (editorHost && editorHost === target) {
        insertIntoEditor(editorHost, '\n');
        return 'inserted a paragraph';
      }
      if (tag === 'input' && ACTIVATED_BY_ENTER[inputType(target)] !== true)
        return implicitSubmission(target as HTMLInputElement);
      if (
        tag === 'button' ||
        (tag === 'input' && ACTIVATED_BY_ENTER[inputType(target)] === true) ||
        (tag === 'a' && target.hasAttribute('href')) ||
        tag === 'summary'
      ) {
        fireActivationClick(target, mods);
        return `activated ${tag}`;
      }
      return null;
    case 'Tab': {
      const next = moveFocus(target.ownerDocument, target === target.ownerDocument.body ? null : target, !!mods.shift);
      return next ? 'moved focus' : null;
    }
    case 'Escape':
      return escapeDefault(target);
    case 'Backspace':
    case 'Delete': {
      const dir = def.key === 'Backspace' ? 'backward' : 'forward';
      if (editable) return deleteFromField(target, dir) ? 'deleted text' : null;
      if (editorHost) {
        deleteInEditor(editorHost, dir);
        return 'deleted text';
      }
      return null;
    }
    case 'ArrowUp':
    case 'ArrowDown':
    case 'ArrowLeft':
    case 'ArrowRight':
    case 'Home':
    case 'End':
    case 'PageUp':
    case 'PageDown':
      return navigationKey(target, def.key, mods, editable || !!editorHost);
    default:
      break;
  }
  if ((mods.ctrl || mods.meta) && def.key.toLowerCase() === 'a') {
    if (editable) (target as HTMLInputElement).select();
    else if (editorHost) target.ownerDocument.execCommand('selectAll');
    return editable || editorHost ? 'selected all' : null;
  }
  if (insertsText(def, mods) && def.key !== ' ') {
    if (editable) return insertIntoField(target, def.text as string) ? 'inserted text' : null;
    if (editorHost) {
      insertIntoEditor(editorHost, def.text as string);
      return 'inserted text';
    }
  }
  if (def.key === ' ' && insertsText(def, mods)) {
    if (editable) return insertIntoField(target, ' ') ? 'inserted text' : null;
    if (editorHost) {
      insertIntoEditor(editorHost, ' ');
      return 'inserted text';
    }
    if (isPageTarget(target))
      return scrollByKey(scrollContainerOf(target), 'PageDown', !!mods.shift) ? 'scrolled' : null;
  }
  return null;
}

/** HTML implicit submission: the default button is clicked, or a lone field submits the form. */
function implicitSubmission(input: HTMLInputElement): string | null {
  const form = input.form;
  if (!form) return null;
  const elements = form.elements;
  let defaultButton: Element | null = null;
  let blocking = 0;
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    const t = inputType(el);
    if (
      !defaultButton &&
      ((el.localName === 'button' && ((el as HTMLButtonElement).type || 'submit') === 'submit') ||
        t === 'submit' ||
        t === 'image')
    ) {
      defaultButton = el;
    }
    if (el.localName === 'input' && isTextField(el) && t !== '') blocking++;
  }
  if (defaultButton) {
    if (disabledReason(defaultButton)) return null;
    fireActivationClick(defaultButton);
    return 'submitted the form (default button)';
  }
  if (blocking > 1) return null;
  if (typeof form.requestSubmit === 'function') form.requestSubmit();
  else if (fireEvent(form, 'submit', { bubbles: true, cancelable: true })) form.submit();
  return 'submitted the form';
}

/** Escape: cancels the topmost modal dialog, else hides the last open popover. */
function escapeDefault(target: Element): string | null {
  const doc = target.ownerDocument;
  const dialogs = doc.querySelectorAll('dialog[open]');
  for (let i = dialogs.length - 1; i >= 0; i--) {
    const d = dialogs[i] as HTMLDialogElement;
    let modal = false;
    try {
      modal = d.matches(':modal');
    } catch {
      modal = false;
    }
    if (!modal) continue;
    if (fireEvent(d, 'cancel', { bubbles: false, cancelable: true })) d.close();
    return 'closed the dialog';
  }
  let popovers: NodeListOf<Element> | null = null;
  try {
    popovers = doc.querySelectorAll(':popover-open');
  } catch {
    popovers = null;
  }
  if (popovers && popovers.length) {
    const p = popovers[popovers.length - 1] as HTMLElement & { hidePopover?: () => void };
    if (typeof p.hidePopover === 'function') {
      p.hidePopover();
      return 'closed the popover';
    }
  }
  return null;
}

function isPageTarget(el: Element): boolean {
  return el === el.ownerDocument.body || el === el.ownerDocument.documentElement;
}

/** Arrows/Home/End: radio groups, selects, caret movement, or page scrolling. */
function navigationKey(target: Element, key: string, mods: Modifiers, editable: boolean): string | null {
  const forward = key === 'ArrowDown' || key === 'ArrowRight';
  const backward = key === 'ArrowUp' || key === 'ArrowLeft';
  if (inputType(target) === 'radio' && (forward || backward)) {
    const group = radioGroup(target as HTMLInputElement);
    const i = group.indexOf(target as HTMLInputElement);
    const next = group[(i + (forward ? 1 : -1) + group.length) % group.length];
    if (!next || next === target) return null;
    next.focus();
    // Browsers fire click (then input/change) when arrows move the checked radio; React listens to click.
    fireActivationClick(next);
    return 'checked the next radio button';
  }
  if (target.localName === 'select' && !(target as HTMLSelectElement).multiple) {
    return moveSelectOption(target as HTMLSelectElement, key);
  }
  if (editable && isTextField(target)) return moveFieldSelection(target as HTMLInputElement, key, mods);
  const host = editable ? editingHostOf(target) : null;
  if (host) return moveEditorSelection(host, key, mods);
  if (editable) return null;
  if (key === 'ArrowLeft' || key === 'ArrowRight') return null;
  return scrollByKey(scrollContainerOf(target), key, !!mods.shift) ? 'scrolled' : null;
}

function moveSelectOption(select: HTMLSelectElement, key: string): string | null {
  const options = select.options;
  const enabled: number[] = [];
  for (let i = 0; i < options.length; i++) if (!options[i].disabled && isRendered(select)) enabled.push(i);
  if (!enabled.length) return null;
  const cur = select.selectedIndex;
  let next = cur;
  if (key === 'Home' || key === 'PageUp') next = enabled[0];
  else if (key === 'End' || key === 'PageDown') next = enabled[enabled.length - 1];
  else if (key === 'ArrowDown' || key === 'ArrowRight') {
    for (let i = 0; i < enabled.length; i++)
      if (enabled[i] > cur) {
        next = enabled[i];
        break;
      }
  } else {
    for (let i = enabled.length - 1; i >= 0; i--)
      if (enabled[i] < cur) {
        next = enabled[i];
        break;
      }
  }
  if (next === cur) return null;
  select.selectedIndex = next;
  fireEvent(select, 'input', { bubbles: true, composed: true });
  fireEvent(select, 'change');
  return 'changed the selected option';
}

/** Space activates buttons and toggles checkboxes/radios on keyup. */
function spaceActivation(target: Element): string | null {
  const tag = target.localName;
  const t = inputType(target);
  if (tag === 'button' || tag === 'summary' || (tag === 'input' && ACTIVATED_BY_SPACE[t] === true)) {
    if (disabledReason(target)) return null;
    fireActivationClick(target);
    return t === 'checkbox' ? 'toggled the checkbox' : t === 'radio' ? 'checked the radio button' : `activated ${tag}`;
  }
  return null;
}
