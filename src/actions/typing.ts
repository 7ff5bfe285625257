// Text entry (A2, A4). Form fields: per character keydown → keypress → beforeinput →
// native value setter → input → keyup, so React/Vue/Angular value trackers see a
// real change; `change` on commit. contentEditable editors: the browser's editing
// path (execCommand insertText) after a cancelable beforeinput, which is what
// Quill/ProseMirror/Lexical-style editors listen to. The value is read back and
// the editing path is used as a fallback when per-key typing did not stick.
import { normalizeWhitespace, windowOf } from '../dom/dom-utils';
import { fireEvent, fireInput, fireKey, setNativeValue } from './events';
import { keyForChar, type Modifiers } from './keys';
import { inputType } from '../semantics';

const TEXT_TYPES: Record<string, true> = {
  text: true,
  search: true,
  url: true,
  tel: true,
  email: true,
  password: true,
  number: true,
  '': true,
};
/** Inputs whose value only makes sense whole (a partial date is sanitized to ''). */
const WHOLE_VALUE_TYPES: Record<string, true> = {
  date: true,
  time: true,
  month: true,
  week: true,
  'datetime-local': true,
  color: true,
  range: true,
};

export function isTextField(el: Element): boolean {
  if (el.localName === 'textarea') return true;
  if (el.localName !== 'input') return false;
  const type = inputType(el);
  return TEXT_TYPES[type] === true || WHOLE_VALUE_TYPES[type] === true;
}

function isWholeValueField(el: Element): boolean {
  return WHOLE_VALUE_TYPES[inputType(el)] === true;
}

/** The contentEditable editing host to type into: the element, its host, or the first editable inside it. */
export function editingHostOf(el: Element): HTMLElement | null {
  const h = el as HTMLElement;
  if (h.isContentEditable) {
    let host: HTMLElement = h;
    while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
    return host;
  }
  const inner =
    el.querySelector('[contenteditable]:not([contenteditable="false"])') ??
    el.shadowRoot?.querySelector('[contenteditable]:not([contenteditable="false"])');
  return inner && (inner as HTMLElement).isContentEditable ? (inner as HTMLElement) : null;
}

export function readValue(el: Element): string {
  const host = isTextField(el) || el.localName === 'select' ? null : editingHostOf(el);
  if (host) return editableText(host);
  const v = (el as HTMLInputElement).value;
  return typeof v === 'string' ? v : '';
}

/** Visible text of an editor, as a person reads it (editors pad with a trailing newline). */
export function editableText(host: HTMLElement): string {
  const text = typeof host.innerText === 'string' ? host.innerText : (host.textContent ?? '');
  return text.replace(/\n+$/, '');
}

/** Selection range of a field, or its end when the type has no selection API (email, number). */
function selectionOf(el: HTMLInputElement | HTMLTextAreaElement): [number, number] {
  let s: number | null = null;
  let e: number | null = null;
  try {
    s = el.selectionStart;
    e = el.selectionEnd;
  } catch {
    s = e = null;
  }
  const len = el.value.length;
  return s === null || e === null ? [len, len] : [s, e];
}

function setCaret(el: HTMLInputElement | HTMLTextAreaElement, pos: number): void {
  try {
    el.setSelectionRange(pos, pos);
  } catch {
    // Types without selection (email, number): the caret stays at the end.
  }
}

/**
 * One editing step on a form field: beforeinput, value through the native setter,
 * input. Returns false when the page cancelled beforeinput or maxlength blocked it.
 */
export function insertIntoField(el: Element, text: string, inputType = 'insertText'): boolean {
  const field = el as HTMLInputElement | HTMLTextAreaElement;
  if (!fireInput(el, 'beforeinput', inputType, text)) return false;
  const value = field.value;
  const [s, e] = selectionOf(field);
  let insert = text;
  const max = field.maxLength;
  if (typeof max === 'number' && max >= 0) {
    const room = max - (value.length - (e - s));
    if (room <= 0) return false;
    if (insert.length > room) insert = insert.slice(0, room);
  }
  setNativeValue(el, value.slice(0, s) + insert + value.slice(e));
  setCaret(field, s + insert.length);
  fireInput(el, 'input', inputType, insert);
  return true;
}

/** Deletes the selection, or one character before/after the caret. */
export function deleteFromField(el: Element, direction: 'backward' | 'forward'): boolean {
  const field = el as HTMLInputElement | HTMLTextAreaElement;
  const value = field.value;
  let [s, e] = selectionOf(field);
  if (s === e) {
    if (direction === 'backward') s = Math.max(0, s - 1);
    else e = Math.min(value.length, e + 1);
  }
  if (s === e) return false;
  const inputType = direction === 'backward' ? 'deleteContentBackward' : 'deleteContentForward';
  if (!fireInput(el, 'beforeinput', inputType, null)) return false;
  setNativeValue(el, value.slice(0, s) + value.slice(e));
  setCaret(field, s);
  fireInput(el, 'input', inputType, null);
  return true;
}

/** Whole-field replacement (select-all + delete, or select-all + paste of a whole value). */
function replaceWholeValue(el: Element, value: string): void {
  const field = el as HTMLInputElement;
  const inputType = value === '' ? 'deleteContentBackward' : 'insertReplacementText';
  if (!fireInput(el, 'beforeinput', inputType, value === '' ? null : value)) return;
  setNativeValue(el, value);
  if (value === '') setCaret(field, 0);
  fireInput(el, 'input', inputType, value === '' ? null : value);
}

function execCommand(el: Element, command: string, arg?: string): boolean {
  try {
    return el.ownerDocument.execCommand(command, false, arg);
  } catch {
    return false;
  }
}

function selectAllIn(host: HTMLElement, collapseToEnd: boolean): void {
  const win = windowOf(host);
  const sel = win ? win.getSelection() : null;
  if (!sel) return;
  const range = host.ownerDocument.createRange();
  range.selectNodeContents(host);
  if (collapseToEnd) caretAtEnd(range, host);
  sel.removeAllRanges();
  sel.addRange(range);
}

/**
 * Collapses `range` at the end of the host's last line, inside its last block.
 * A caret at (host, childCount) — after the last <p> — is where Chromium and WebKit
 * type into the last text node anyway, but Firefox inserts there as a new line
 * outside the block (Quill then reports an extra paragraph), so the caret is put at
 * the end of the deepest last node: a text node's end, before a trailing <br>, or
 * inside an empty element. Whitespace-only text between blocks is skipped.
 */
const VOID_ELEMENT =
  /^(?:img|input|hr|wbr|embed|source|track|area|col|meta|link|base|param|video|audio|iframe|canvas|svg|math|object)$/;

function caretAtEnd(range: Range, host: HTMLElement): void {
  let node: Node = host;
  for (;;) {
    let child = node.lastChild;
    while (child && child.nodeType === 3 && !/\S/.test(child.nodeValue ?? '') && child.previousSibling)
      child = child.previousSibling;
    if (!child) break;
    node = child;
    if (node.nodeType !== 1) break;
    if ((node as Element).localName === 'br') {
      range.setStartBefore(node);
      range.collapse(true);
      return;
    }
  }
  if (node.nodeType === 3) range.setStart(node, (node.nodeValue ?? '').length);
  else if (node.nodeType === 1 && !VOID_ELEMENT.test((node as Element).localName))
    range.setStart(node, node.childNodes.length);
  else range.setStartAfter(node);
  range.collapse(true);
}

function focusWithoutScroll(el: Element): void {
  const h = el as HTMLElement;
  if (typeof h.focus === 'function') h.focus({ preventScroll: true });
}

/** Editor step: cancelable beforeinput, then the browser's own editing command unless the page took over. */
export function insertIntoEditor(host: HTMLElement, text: string): void {
  const lineBreak = text === '\n' || text === '\r';
  const inputType = lineBreak ? 'insertParagraph' : 'insertText';
  if (!fireInput(host, 'beforeinput', inputType, lineBreak ? null : text)) return;
  if (lineBreak) execCommand(host, 'insertParagraph');
  else execCommand(host, 'insertText', text);
}

export function deleteInEditor(host: HTMLElement, direction: 'backward' | 'forward'): void {
  const inputType = direction === 'backward' ? 'deleteContentBackward' : 'deleteContentForward';
  if (!fireInput(host, 'beforeinput', inputType, null)) return;
  execCommand(host, direction === 'backward' ? 'delete' : 'forwardDelete');
}

/**
 * Text up to this many characters is typed key by key (A2); longer text goes in as one
 * paste (insertFromPaste), as a person would: per-key events for a megabyte block the
 * page for minutes (issue 18).
 */
export const KEYED_TYPING_LIMIT = 1000;
/** type() refuses longer text (VALIDATION_ERROR): the documented cap. */
export const MAX_TYPED_LENGTH = 200000;

export interface TypeOutcome {
  /** The text went in as one paste (longer than KEYED_TYPING_LIMIT). */
  pasted?: boolean;
  /** True when the final value holds the typed text. */
  stuck: boolean;
  expected: string;
  valueAfter: string;
  usedFallback: boolean;
  truncatedTo?: number;
  /** Something stuck, but not exactly what was typed (page reformatting). */
  reformatted: boolean;
}

/** One key: keydown → keypress → text insertion step → keyup, honouring preventDefault. */
function typeChar(target: Element, ch: string, insert: () => void): void {
  const { def, shift } = keyForChar(ch);
  const mods: Modifiers = { shift };
  const down = fireKey(target, 'keydown', def, mods);
  if (down && fireKey(target, 'keypress', def, mods)) insert();
  fireKey(target, 'keyup', def, mods);
}

/** Types `text` into a form field, character by character, then commits with `change`. */
export function typeIntoField(el: Element, text: string, replace: boolean): TypeOutcome {
  const field = el as HTMLInputElement | HTMLTextAreaElement;
  focusWithoutScroll(el);
  const before = field.value;
  if (replace && field.value !== '') {
    try {
      field.select();
    } catch {
      // No selection API: replaced as a whole below.
    }
    replaceWholeValue(el, '');
  } else if (!replace) {
    // Appending: the caret goes to the end, as a person clicking into the field and
    // typing on would put it (focus alone keeps wherever it was, often the start).
    setCaret(field, field.value.length);
  }
  const base = field.value;
  const expectedRaw = (replace ? '' : base) + text;
  let pasted = false;
  if (isWholeValueField(el)) {
    // A date/colour/range cannot be typed key by key: set it whole, as a picker would.
    replaceWholeValue(el, text);
  } else if (text.length > KEYED_TYPING_LIMIT) {
    pasted = true;
    const pieces = el.localName === 'textarea' ? text.replace(/\r\n?/g, '\n') : text.replace(/[\r\n]/g, '');
    insertIntoField(el, pieces, 'insertFromPaste');
  } else {
    const multiline = el.localName === 'textarea';
    for (const ch of text) {
      if ((ch === '\n' || ch === '\r') && !multiline) continue;
      typeChar(el, ch, () =>
        insertIntoField(el, ch === '\r' ? '\n' : ch, ch === '\n' || ch === '\r' ? 'insertLineBreak' : 'insertText'),
      );
    }
  }
  const expected = fieldExpectation(el, expectedRaw);
  let usedFallback = false;
  if (field.value !== expected.value && field.value === base) {
    // Nothing stuck (the page ignores synthetic input or reverted it): the editing path.
    usedFallback = true;
    focusWithoutScroll(el);
    try {
      if (replace) field.select();
      else setCaret(field, field.value.length);
    } catch {
      // Selection unsupported for this type.
    }
    execCommand(el, 'insertText', text.replace(/\n+$/, ''));
  }
  const after = field.value;
  if (after !== before) fireEvent(el, 'change');
  const exact = after === expected.value;
  // Anything that changed the field counts as stuck; a difference from what was
  // typed (input masks, upper-casing) is reported as reformatting, not as failure.
  const changed = after !== base;
  return {
    stuck: exact || changed,
    expected: expected.value,
    valueAfter: after,
    usedFallback,
    truncatedTo: expected.truncatedTo,
    reformatted: !exact && changed,
    pasted,
  };
}

function fieldExpectation(el: Element, raw: string): { value: string; truncatedTo?: number } {
  let value = el.localName === 'textarea' ? raw.replace(/\r\n?/g, '\n') : raw.replace(/[\r\n]/g, '');
  const max = (el as HTMLInputElement).maxLength;
  if (typeof max === 'number' && max >= 0 && value.length > max) {
    value = value.slice(0, max);
    return { value, truncatedTo: max };
  }
  return { value };
}

/** Types into a contentEditable editor through the editing path, with read-back. */
export async function typeIntoEditor(host: HTMLElement, text: string, replace: boolean): Promise<TypeOutcome> {
  focusWithoutScroll(host);
  selectAllIn(host, !replace);
  const before = editableText(host);
  const pasted = text.length > KEYED_TYPING_LIMIT;
  if (pasted) {
    if (fireInput(host, 'beforeinput', 'insertFromPaste', text)) execCommand(host, 'insertText', text);
    await Promise.resolve();
  } else {
    for (const ch of text) {
      typeChar(host, ch, () => insertIntoEditor(host, ch));
      // Editors that cancel beforeinput apply the edit in a microtask (Lexical): let it
      // land before the next key, or the next insertion happens at a stale selection.
      await Promise.resolve();
    }
  }
  let after = editableText(host);
  const expectedText = replace ? text : before + text;
  let usedFallback = false;
  if (!editorHolds(after, expectedText, text)) {
    usedFallback = true;
    focusWithoutScroll(host);
    selectAllIn(host, !replace);
    execCommand(host, 'insertText', text);
    after = editableText(host);
  }
  const stuck = editorHolds(after, expectedText, text);
  return { stuck, expected: expectedText, valueAfter: after, usedFallback, reformatted: false, pasted };
}

function editorHolds(actual: string, expected: string, typed: string): boolean {
  const a = normalizeWhitespace(actual);
  const e = normalizeWhitespace(expected);
  const t = normalizeWhitespace(typed);
  return a === e || (t !== '' && a.indexOf(t) >= 0);
}

/** Empties a field or editor the way select-all + Delete does. Returns the value left. */
export function clearElement(el: Element): string {
  if (isTextField(el)) {
    const field = el as HTMLInputElement;
    focusWithoutScroll(el);
    if (field.value === '') return '';
    try {
      field.select();
    } catch {
      // No selection API.
    }
    replaceWholeValue(el, '');
    if (field.value !== '') {
      execCommand(el, 'delete');
    }
    fireEvent(el, 'change');
    return field.value;
  }
  const host = editingHostOf(el);
  if (!host) return readValue(el);
  focusWithoutScroll(host);
  selectAllIn(host, false);
  deleteInEditor(host, 'backward');
  if (normalizeWhitespace(editableText(host)) !== '') {
    selectAllIn(host, false);
    execCommand(host, 'delete');
  }
  return editableText(host);
}
