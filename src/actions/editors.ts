// Code editors that do not edit a contentEditable DOM: Monaco. Its text lives in
// its own model; the DOM shows only rendered lines. It takes input through
//  - an EditContext (Chromium, Monaco ≥ 0.5x default): keydown for commands, then
//    the browser updates the EditContext text and fires `textupdate` — emulated
//    here exactly that way (updateText + updateSelection + a TextUpdateEvent),
//    newlines through beforeinput insertParagraph, which Monaco listens to;
//  - or a hidden textarea (older Monaco, EditContext off): per-key input events.
// Select-all is Monaco's own Ctrl+A keybinding, so replace works through the model.
// The value is read back from the rendered lines after Monaco renders (a frame).
// CodeMirror 6, ProseMirror/Tiptap, Lexical and Quill edit a contentEditable and go
// through typing.ts (beforeinput + the browser editing path).
import type { ActionResult } from '../types';
import type { ActionContext } from './context';
import type { SnapshotLike } from './resolve';
import { DomToolError, failureResult, successResult } from './result';
import { toArray } from '../dom/builtins';
import { reportValue } from './observe';
import { fireInput, fireKey } from './events';
import { keyForChar, parseKey } from './keys';
import { insertIntoField } from './typing';
import { nextFrame, sleep } from './drag-sequence';

interface EditContextLike extends EventTarget {
  text: string;
  selectionStart: number;
  selectionEnd: number;
  updateText(start: number, end: number, text: string): void;
  updateSelection(start: number, end: number): void;
}

export interface CodeEditor {
  kind: 'monaco';
  root: Element;
  /** The element keys go to: the EditContext host or the hidden textarea. */
  input: HTMLElement;
  editContext: EditContextLike | null;
}

/** The Monaco editor an element belongs to (the element, an ancestor, or the one inside it). */
export function codeEditorFor(el: Element): CodeEditor | null {
  const root = el.closest('.monaco-editor') ?? el.querySelector('.monaco-editor');
  if (!root) return null;
  const host = root.querySelector<HTMLElement>('.native-edit-context');
  const ec = host ? ((host as unknown as { editContext?: EditContextLike | null }).editContext ?? null) : null;
  if (host && ec) return { kind: 'monaco', root, input: host, editContext: ec };
  const area = root.querySelector<HTMLElement>('textarea.inputarea, textarea:not([readonly])');
  return area ? { kind: 'monaco', root, input: area, editContext: null } : null;
}

/** The document as Monaco renders it: view lines in vertical order, nbsp as spaces. */
export function monacoText(editor: CodeEditor): string {
  const lines = toArray(editor.root.querySelectorAll<HTMLElement>('.view-lines .view-line'));
  lines.sort((a, b) => (parseFloat(a.style.top) || 0) - (parseFloat(b.style.top) || 0));
  return lines
    .map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' '))
    .join('\n')
    .replace(/\s+$/, '');
}

function textUpdate(host: HTMLElement, ec: EditContextLike, text: string): void {
  const win = host.ownerDocument.defaultView as unknown as {
    TextUpdateEvent?: new (type: string, init: object) => Event;
  } | null;
  const s = Math.min(ec.selectionStart, ec.selectionEnd);
  const e = Math.max(ec.selectionStart, ec.selectionEnd);
  ec.updateText(s, e, text);
  ec.updateSelection(s + text.length, s + text.length);
  const init = {
    text,
    updateRangeStart: s,
    updateRangeEnd: e,
    selectionStart: s + text.length,
    selectionEnd: s + text.length,
  };
  const event =
    win && typeof win.TextUpdateEvent === 'function'
      ? new win.TextUpdateEvent('textupdate', init)
      : Object.assign(new Event('textupdate'), init);
  ec.dispatchEvent(event);
}

async function typeOne(editor: CodeEditor, ch: string): Promise<void> {
  const { def, shift } = keyForChar(ch);
  const input = editor.input;
  const newline = ch === '\n' || ch === '\r';
  const down = fireKey(input, 'keydown', def, { shift });
  if (down) {
    if (editor.editContext) {
      if (newline) fireInput(input, 'beforeinput', 'insertParagraph', null);
      else textUpdate(input, editor.editContext, ch);
    } else {
      insertIntoField(input, newline ? '\n' : ch, newline ? 'insertLineBreak' : 'insertText');
    }
  }
  fireKey(input, 'keyup', def, { shift });
  // Monaco applies the edit and re-syncs its EditContext/textarea synchronously or in a microtask.
  await Promise.resolve();
}

async function selectAll(editor: CodeEditor): Promise<void> {
  const key = parseKey('Control+a');
  if (!key) return;
  fireKey(editor.input, 'keydown', key.def, key.mods);
  fireKey(editor.input, 'keyup', key.def, key.mods);
  await nextFrame();
}

async function deleteSelection(editor: CodeEditor): Promise<void> {
  const key = parseKey('Delete');
  if (!key) return;
  fireKey(editor.input, 'keydown', key.def, {});
  fireKey(editor.input, 'keyup', key.def, {});
  await nextFrame();
}

/** type()/clear() on a Monaco editor: keys and text updates as the browser sends them, read back from the editor. */
export async function runTypeCodeEditor(
  ctx: ActionContext,
  start: number,
  id: string,
  editor: CodeEditor,
  snapshot: SnapshotLike,
  text: string,
  replace: boolean,
): Promise<ActionResult> {
  ctx.pointerTarget(editor.root, id, snapshot);
  const watch = ctx.watch(editor.input, snapshot);
  editor.input.focus({ preventScroll: true });
  await nextFrame();
  const before = monacoText(editor);
  if (replace) {
    await selectAll(editor);
    if (text === '' || !editor.editContext) await deleteSelection(editor);
  } else {
    // Append: Ctrl+End puts the cursor at the end of the document.
    const end = parseKey('Control+End');
    if (end) {
      fireKey(editor.input, 'keydown', end.def, end.mods);
      fireKey(editor.input, 'keyup', end.def, end.mods);
      await nextFrame();
    }
  }
  for (const ch of text.replace(/\r\n?/g, '\n')) await typeOne(editor, ch);
  // Read back once the page settled, not after one frame: on a loaded machine Monaco
  // renders the last keystrokes' lines later than the next frame.
  const obs = await ctx.settle(watch);
  const expected = (replace ? '' : before) + text;
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const after = await renderedText(editor, before, norm(expected), norm);
  reportValue(obs.effect, after);
  if (norm(after) === norm(expected)) return successResult(start, obs.effect);
  if (after !== before && norm(after).indexOf(norm(text)) >= 0) {
    return successResult(start, obs.effect, [
      `The editor changed the typed text (auto-indent or auto-closing): it now holds ${JSON.stringify(after.slice(0, 200))}.`,
    ]);
  }
  return failureResult(
    start,
    new DomToolError(
      'ACTION_FAILED',
      `Typed into the code editor ${id} but it holds ${JSON.stringify(after.slice(0, 200))} instead of ${JSON.stringify(expected.slice(0, 200))}. The editor did not take the input.`,
    ),
    obs.effect,
  );
}

/**
 * The editor's text once it shows `expected`, or once it changed from `before` and holds still
 * for a poll (auto-indent or auto-closing may keep it from matching), or after RENDER_LAG_MS.
 * Monaco draws its view lines in an animation frame; on a loaded machine that frame can come
 * after the page looked settled (no mutation for the quiet period), and reading then would
 * report the old text as a refusal. Waiting only delays a failure; a match is always read
 * from the page, never assumed.
 */
async function renderedText(
  editor: CodeEditor,
  before: string,
  expected: string,
  norm: (s: string) => string,
): Promise<string> {
  let text = monacoText(editor);
  for (let waited = 0; norm(text) !== expected && waited < RENDER_LAG_MS; waited += 50) {
    const previous = text;
    await sleep(50);
    text = monacoText(editor);
    if (text !== before && text === previous) break;
  }
  return text;
}

const RENDER_LAG_MS = 1000;
