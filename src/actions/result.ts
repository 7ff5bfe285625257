// ActionResult building (A5), the typed DomToolError, and every LLM-facing message
// of the action layer. Wording lives here and only here so that it stays
// consistent and can be tuned for agents in one place.
import type { ActionEffect, ActionResult, ErrorCode } from '../types';
import { now } from '../dom/builtins';

/** Whether an agent can get past this error by itself (fresh snapshot, other id, closing a dialog…). */
const RECOVERABLE: Record<ErrorCode, boolean> = {
  VALIDATION_ERROR: true,
  ELEMENT_NOT_FOUND: true,
  STALE_NODE: true,
  NOT_ACTIONABLE: true,
  OBSCURED: true,
  CROSS_ORIGIN: false,
  ACTION_FAILED: true,
  TIMEOUT: true,
  NO_DOCUMENT: false,
  UNKNOWN_MESSAGE: false,
  INTERNAL_ERROR: true,
  TAB_NOT_FOUND: true,
  RESTRICTED_PAGE: false,
  CONTENT_SCRIPT_NOT_LOADED: true,
  WRONG_TAB: true,
  NAVIGATED: true,
  FRAME_GONE: true,
  UNSUPPORTED: false,
  UNKNOWN_TOOL: true,
  NO_TAB: true,
  CANCELLED: true,
  // A person has to pair the extension.
  EXTENSION_NOT_CONNECTED: false,
};

/** Errors after which the same call is worth repeating once the agent has looked again. */
const RETRY_SUGGESTED: Partial<Record<ErrorCode, boolean>> = {
  ELEMENT_NOT_FOUND: true,
  STALE_NODE: true,
  TIMEOUT: true,
};

/** Typed error for programmatic callers; actions never throw it, they return it inside the result. */
export class DomToolError extends Error {
  readonly code: ErrorCode;
  readonly recoverable: boolean;
  readonly retrySuggested: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    recoverable = RECOVERABLE[code],
    retrySuggested = RETRY_SUGGESTED[code] === true,
  ) {
    super(message);
    this.name = 'DomToolError';
    this.code = code;
    this.recoverable = recoverable;
    this.retrySuggested = retrySuggested;
  }

  /** Rebuilds the error carried by a failed ActionResult (e.g. to `throw` it in caller code). */
  static fromResult(result: ActionResult): DomToolError | null {
    if (!result.error) return null;
    return new DomToolError(
      result.error.code,
      result.error.message,
      result.error.recoverable,
      result.retrySuggested === true,
    );
  }
}

export function isDomToolError(e: unknown): e is DomToolError {
  return (
    !!e &&
    typeof e === 'object' &&
    (e as { name?: unknown }).name === 'DomToolError' &&
    typeof (e as DomToolError).code === 'string'
  );
}

const FRESH = 'Take a fresh snapshot';

/**
 * Caller input as a message may echo it: at most `max` (≤ 80) characters, so that a
 * megabyte passed by mistake does not come back as a megabyte of message (issue 18).
 */
export function cut(text: string, max = 60): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

function quoted(v: unknown): string {
  return cut(typeof v === 'string' ? v : typeof v === 'object' && v ? '[object]' : String(v));
}

/** All messages an agent reads. Each says what happened and what to do next. */
export const msg = {
  noDocument: () =>
    'DomTool has no web page to work on: there is no document here (Node.js or a worker, not a page). ' +
    'Run it inside the page: inject dist/domtool.iife.js (with Playwright: injectDomTool(page) from ' +
    "'browserx-domtool/playwright'), or use it in an extension content script; with a DOM library in Node, pass new DomTool({ document }).",
  invalidId: (id: unknown) => `"${quoted(id)}" is not a node id. Use an id such as nv_1k9x2 from the latest snapshot.`,
  invalidArg: (name: string, expected: string) => `Invalid ${name}: expected ${expected}.`,
  textRun: (id: string, text: string, holder: string | null) =>
    `${id} is a run of text ("${text.length > 40 ? text.slice(0, 39) + '…' : text}"), not an element; nothing was done. ` +
    (holder
      ? `The target that holds it is ${holder}: use that id.`
      : 'No target holds this text: it is not clickable on its own.'),
  notFound: (id: string) =>
    `No element with id ${id} exists in the page, even after refreshing the snapshot. ${FRESH} and pick an id from it.`,
  stale: (id: string, detail: string) =>
    `The page changed since the snapshot; take a fresh snapshot. Element ${id} is no longer what the snapshot showed (${detail}); nothing was done.`,
  detached: (id: string) => `Element ${id} was removed from the page. ${FRESH}.`,
  removed: (id: string) =>
    `Element ${id} was removed from the page (or is no longer shown); ids are never reused, so nothing was done. ${FRESH} and pick the current id.`,
  notVisible: (id: string, what: string) =>
    `Element ${id} (${what}) is not visible, so a person could not use it. ${FRESH}; it may need scrolling, a menu opened, or a tab switched first.`,
  disabled: (id: string, what: string, why: string) =>
    `Element ${id} (${what}) is disabled (${why}). Fill in what the form needs first, or choose another element.`,
  inert: (id: string, what: string) =>
    `Element ${id} (${what}) is inert (behind a modal dialog or otherwise blocked). Close the dialog first.`,
  readonly: (id: string, what: string) => `Element ${id} (${what}) is read-only; it cannot be typed into.`,
  notEditable: (id: string, what: string) =>
    `Element ${id} (${what}) is not a text field or editable region. Use click or select instead.`,
  obscured: (id: string, what: string, by: string) =>
    `Element ${id} (${what}) is covered by ${by}, which would receive the click. Close or dismiss it first (e.g. a dialog or cookie banner), then take a fresh snapshot.`,
  inspectNeedsScroll: 'Outside the viewport: an action scrolls it into view first, then checks that nothing covers it.',
  inspectThroughHover: (trigger: string) =>
    `Shown only while the pointer is over ${trigger}: a click hovers that first (checked here), then clicks the item.`,
  inspectOperates: (what: string) => `The action operates ${what}.`,
  offViewport: (id: string, what: string) =>
    `Element ${id} (${what}) could not be scrolled into the viewport. Scroll its container first.`,
  crossOrigin: (id: string) =>
    `Element ${id} is inside a cross-origin frame that page scripts cannot reach. It cannot be operated from this page.`,
  notFocusable: (id: string, what: string) => `Element ${id} (${what}) cannot take keyboard focus.`,
  notSelect: (id: string, what: string, wanted: string, listed: string[]) =>
    `Element ${id} (${what}) is not a select, listbox or combobox` +
    (listed.length
      ? `, and none of the targets inside it reads "${quoted(wanted)}". Click one of them instead: ${listed.join('; ')}.`
      : ` and shows no options now. Click it to open it, take a snapshot, then click the option's id.`),
  noOption: (id: string, wanted: string, available: string[]) =>
    `No option "${quoted(wanted)}" in ${id}. Available options: ${available.length ? available.map((o) => `"${o}"`).join(', ') : '(none visible)'}.`,
  optionDisabled: (id: string, wanted: string) =>
    `Option "${quoted(wanted)}" of ${id} is disabled and cannot be chosen.`,
  listboxDidNotOpen: (id: string) =>
    `Clicking ${id} did not open a list of options. ${FRESH} and click the option directly if it is visible.`,
  selectDidNotStick: (id: string, wanted: string) =>
    `Option "${quoted(wanted)}" was clicked but ${id} does not show it as selected. ${FRESH} to check.`,
  notCheckable: (id: string, what: string) =>
    `Element ${id} (${what}) is not a checkbox, radio button or switch. Use click instead.`,
  radioUncheck: (id: string) =>
    `A radio button (${id}) cannot be unchecked directly; check another option of the same group instead.`,
  checkDidNotStick: (id: string, wanted: boolean) =>
    `Clicking ${id} did not ${wanted ? 'check' : 'uncheck'} it. The page may ignore synthetic (untrusted) events, or the control may be read-only.`,
  valueDidNotStick: (id: string, expected: string, actual: string) =>
    `Typed into ${id} but the field holds ${JSON.stringify(cut(actual, 80))} instead of ${JSON.stringify(cut(expected, 80))}, even through the editing fallback. The page rejected the input (it may ignore synthetic events).`,
  editorDidNotAccept: (id: string) =>
    `The editor ${id} did not accept the typed text, even through the editing fallback. It may only accept trusted keyboard input.`,
  clearDidNotStick: (id: string, actual: string) =>
    `Tried to clear ${id} but it still holds ${JSON.stringify(cut(actual, 80))}.`,
  unknownKey: (key: string) =>
    `Unknown key "${quoted(key)}". Use a single character or a key name such as Enter, Tab, Escape, Backspace, ArrowDown, PageDown.`,
  notScrollable: (id: string, what: string) => `Neither ${id} (${what}) nor any container around it can scroll.`,
  internal: (action: string, detail: string) =>
    `The ${action} action failed unexpectedly: ${detail}. ${FRESH} and try again.`,

  // Notes (successful results with caveats).
  noEffect: (action: string) =>
    `No observable effect followed the ${action} (no DOM change, focus, value or URL change). The page may ignore synthetic (untrusted) events or react later; take a fresh snapshot to check before repeating.`,
  reformatted: (expected: string, actual: string) =>
    `The page changed the typed value: the field now holds ${JSON.stringify(cut(actual, 80))} (typed ${JSON.stringify(cut(expected, 80))}).`,
  truncatedByMaxLength: (max: number) => `The field accepts at most ${max} characters; the rest was not typed.`,
  fallbackUsed: 'Per-key typing did not stick; the text was inserted through the browser editing path instead.',
  alreadyInState: (checked: boolean) => `Already ${checked ? 'checked' : 'unchecked'}; nothing was done.`,
  alreadySelected: (label: string) => `"${label}" was already selected; nothing was done.`,
  clickedLabelInstead: 'The control itself is visually hidden; its label was clicked instead, as a person would.',
  scrolled: (dx: number, dy: number, where: string) =>
    `Scrolled ${where} by ${Math.round(dx)}px horizontally and ${Math.round(dy)}px vertically.`,
  scrollAtEnd: (direction: string) => `Already at the ${direction} end; nothing moved.`,
  scrollHandledByPage: 'The page handled the wheel event itself (it called preventDefault).',
  scrollChangedContent:
    'No scroll position changed, but the content under the pointer did (the page moves it its own way).',
  activeMoved: (key: string, item: string, chosen: string) =>
    `${key} moved the active item to ${item}${chosen} (focus stays on the widget: aria-activedescendant).`,
  defaultPrevented: (key: string) =>
    `The page handled ${key} itself (it called preventDefault), so no default action was emulated.`,
  formSubmitted: 'A form was submitted.',
  textTooLong: (length: number, max: number) =>
    `The text is ${length} characters long; type() takes at most ${max}. Type it in parts (type(id, part, { replace: false })) or shorten it.`,
  pasted: (length: number, limit: number) =>
    `The ${length} characters went in as one paste (insertFromPaste): text over ${limit} characters is not typed key by key.`,
  navigated: (url: string) => `The page navigated to ${url}; take a fresh snapshot.`,
  navigationDropped:
    'The page began a navigation that the browser dropped (no new page, no file saved); this page stays.',
  // Not arrived yet: an answer that is a file is saved instead, and the page stays (the page cannot know which).
  leaving: (from: string, to: string | undefined) =>
    to
      ? `The page began navigating away from ${from} to ${to} (not loaded yet; if it answers with a file, the browser saves it and this page stays); take a fresh snapshot.`
      : `The page began navigating away from ${from} (destination not known yet); take a fresh snapshot once the new page has loaded.`,
} as const;

/** Whether a note is the "no observable effect" caveat (dropped when an effect turned up beyond the page, e.g. a new tab). */
export function isNoEffectNote(note: string): boolean {
  const [head, tail] = msg.noEffect('\u0000').split('\u0000');
  return (
    note.length > head.length + tail.length &&
    note.indexOf(head) === 0 &&
    note.slice(note.length - tail.length) === tail
  );
}

/** Builds results; `snapshotInvalidated` is always true because every action invalidates (F3). */
export function successResult(
  start: number,
  effect?: ActionEffect,
  notes?: string[],
  noObservableEffect?: boolean,
): ActionResult {
  // `text` is rendered by the runner once the result is complete (result-text.ts).
  const result: ActionResult = {
    ok: true,
    success: true,
    duration: round(now() - start),
    snapshotInvalidated: true,
    text: '',
  };
  if (effect) result.effect = effect;
  if (noObservableEffect) result.noObservableEffect = true;
  if (notes && notes.length) result.notes = notes;
  return result;
}

export function failureResult(
  start: number,
  error: DomToolError,
  effect?: ActionEffect,
  notes?: string[],
): ActionResult {
  const result: ActionResult = {
    ok: false,
    success: false,
    duration: round(now() - start),
    error: { code: error.code, message: error.message, recoverable: error.recoverable },
    snapshotInvalidated: true,
    text: '',
  };
  if (error.retrySuggested) result.retrySuggested = true;
  if (effect) result.effect = effect;
  if (notes && notes.length) result.notes = notes;
  return result;
}

/** Any thrown value → DomToolError, so nothing escapes an action as an exception. */
export function toDomToolError(e: unknown, action: string): DomToolError {
  if (isDomToolError(e)) return e;
  const detail =
    e && typeof e === 'object' && typeof (e as Error).message === 'string' ? (e as Error).message : String(e);
  return new DomToolError('ACTION_FAILED', msg.internal(action, detail));
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
