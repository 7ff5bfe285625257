// Caret and selection keys as default actions (A2): a synthetic arrow, Home or End moves
// nothing by itself, so what the browser would do is done here — in text fields by
// their selection range, in contenteditable editors by the document selection — with
// Shift extending from the anchor, Control (Alt on macOS, Meta for lines) moving by
// words. Editors (ProseMirror/TipTap, Lexical, Quill) read the selection back from the
// selectionchange the browser fires, so a command that follows (Bold) acts on it.
import type { Modifiers } from './keys';

type Direction = 'forward' | 'backward';

/** Word boundaries as the browser's word movement sees them: letters, digits and underscore. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && WORD_CHAR.test(c);
}

/** The start of the word at or before `pos` (Control+ArrowLeft). */
export function previousWordStart(text: string, pos: number): number {
  let i = pos;
  while (i > 0 && !isWordChar(text[i - 1])) i--;
  while (i > 0 && isWordChar(text[i - 1])) i--;
  return i;
}

/** The end of the word at or after `pos` (Control+ArrowRight, as on Linux and macOS). */
export function nextWordEnd(text: string, pos: number): number {
  let i = pos;
  while (i < text.length && !isWordChar(text[i])) i++;
  while (i < text.length && isWordChar(text[i])) i++;
  return i;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

function lineEnd(text: string, pos: number): number {
  const i = text.indexOf('\n', pos);
  return i < 0 ? text.length : i;
}

/** The caret one line up or down at the same column (textarea; a wrapped line counts as one). */
function verticalMove(text: string, pos: number, down: boolean): number {
  const start = lineStart(text, pos);
  const column = pos - start;
  if (down) {
    const end = lineEnd(text, pos);
    if (end >= text.length) return text.length;
    return Math.min(end + 1 + column, lineEnd(text, end + 1));
  }
  if (start === 0) return 0;
  const prevStart = lineStart(text, start - 1);
  return Math.min(prevStart + column, start - 1);
}

/** Moves the caret or selection of an <input>/<textarea> for a navigation key. Returns what it did. */
export function moveFieldSelection(
  field: HTMLInputElement | HTMLTextAreaElement,
  key: string,
  mods: Modifiers,
): string | null {
  const text = field.value;
  const len = text.length;
  const s = field.selectionStart ?? len;
  const e = field.selectionEnd ?? len;
  const backwardSel = field.selectionDirection === 'backward';
  const anchor = backwardSel ? e : s;
  const focus = backwardSel ? s : e;
  const word = !!(mods.ctrl || mods.alt);
  const multiline = field.localName === 'textarea';
  let pos: number;
  switch (key) {
    case 'ArrowLeft':
      pos = word ? previousWordStart(text, focus) : !mods.shift && s !== e ? s : Math.max(0, focus - 1);
      break;
    case 'ArrowRight':
      pos = word ? nextWordEnd(text, focus) : !mods.shift && s !== e ? e : Math.min(len, focus + 1);
      break;
    case 'Home':
      pos = mods.ctrl || mods.meta || !multiline ? 0 : lineStart(text, focus);
      break;
    case 'End':
      pos = mods.ctrl || mods.meta || !multiline ? len : lineEnd(text, focus);
      break;
    case 'ArrowUp':
    case 'PageUp':
      pos = multiline && key === 'ArrowUp' && !mods.meta ? verticalMove(text, focus, false) : 0;
      break;
    case 'ArrowDown':
    case 'PageDown':
      pos = multiline && key === 'ArrowDown' && !mods.meta ? verticalMove(text, focus, true) : len;
      break;
    default:
      return null;
  }
  try {
    if (mods.shift) {
      const dir: Direction = pos < anchor ? 'backward' : 'forward';
      field.setSelectionRange(Math.min(anchor, pos), Math.max(anchor, pos), dir);
      return 'extended the selection';
    }
    field.setSelectionRange(pos, pos);
    return 'moved the caret';
  } catch {
    // <input type=email/number> has no selection API: the caret cannot be placed.
    return null;
  }
}

type Granularity = 'character' | 'word' | 'line' | 'lineboundary' | 'documentboundary';

/** The Selection.modify step a navigation key takes in editable content. */
function editorStep(key: string, mods: Modifiers): { direction: Direction; granularity: Granularity } | null {
  const word = !!(mods.ctrl || mods.alt);
  switch (key) {
    case 'ArrowLeft':
      return { direction: 'backward', granularity: mods.meta ? 'lineboundary' : word ? 'word' : 'character' };
    case 'ArrowRight':
      return { direction: 'forward', granularity: mods.meta ? 'lineboundary' : word ? 'word' : 'character' };
    case 'ArrowUp':
      return { direction: 'backward', granularity: mods.meta ? 'documentboundary' : 'line' };
    case 'ArrowDown':
      return { direction: 'forward', granularity: mods.meta ? 'documentboundary' : 'line' };
    case 'Home':
      return { direction: 'backward', granularity: mods.ctrl || mods.meta ? 'documentboundary' : 'lineboundary' };
    case 'End':
      return { direction: 'forward', granularity: mods.ctrl || mods.meta ? 'documentboundary' : 'lineboundary' };
    default:
      return null;
  }
}

/**
 * Moves the caret or selection inside an editing host, with the browser's own movement
 * (Selection.modify: word and line boundaries as the browser lays them out). The caret
 * is put in the host first when the selection is outside it. Returns what it did.
 */
export function moveEditorSelection(host: Element, key: string, mods: Modifiers): string | null {
  const step = editorStep(key, mods);
  const sel = host.ownerDocument.getSelection();
  if (!step || !sel) return null;
  const modify = (sel as Selection & { modify?: (alter: string, direction: string, granularity: string) => void })
    .modify;
  if (typeof modify !== 'function') return null;
  if (!sel.rangeCount || !host.contains(sel.anchorNode)) {
    sel.selectAllChildren(host);
    sel.collapseToStart();
  }
  // Without Shift, a selection collapses to the side the arrow points to (one step, no move).
  if (!mods.shift && !sel.isCollapsed && step.granularity === 'character') {
    if (step.direction === 'backward') sel.collapseToStart();
    else sel.collapseToEnd();
    return 'moved the caret';
  }
  modify.call(sel, mods.shift ? 'extend' : 'move', step.direction, step.granularity);
  return mods.shift ? 'extended the selection' : 'moved the caret';
}
