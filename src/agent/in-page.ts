// The code the Playwright host sends into a document (a page's main frame or one of its
// frames) as an expression string: it runs there, against the IIFE's `BrowserXDomTool`,
// and answers plain data. One DomTool per document, kept on its window, so the changes
// tool compares with what this document showed last.
import type { CommandName } from '../commands/table';

/** The in-page prologue: the IIFE's API `g` and this document's agent DomTool `t`. */
const TOOL = `const g = globalThis.BrowserXDomTool;
  if (!g || !g.DomTool) throw new Error('no DomTool in this page (inject dist/domtool.iife.js first)');
  const t = globalThis.__browserxAgentTool || (globalThis.__browserxAgentTool = new g.DomTool());`;

/**
 * What an answer says when the document is not the one `doc` named: the frame navigated
 * since the snapshot that handed out the ids, and nothing was done in the new document.
 */
export const OTHER_DOCUMENT = '__browserxOtherDocument';

/**
 * The frame's document token check, first thing in the expression, in the same evaluation
 * as the command: a document loaded after the check can never receive the call (A3).
 */
const sameDocument = (doc: string | undefined) =>
  doc ? `if (globalThis.__browserxAgentDoc !== ${JSON.stringify(doc)}) return { ${OTHER_DOCUMENT}: true };` : '';

/** The call of a table command: DomTool's method of that name; `doc`: only in that document. */
export function commandExpression(command: CommandName, args: unknown[], abortId = 0, doc?: string): string {
  return `(async (c, a, id) => {
  ${sameDocument(doc)}
  ${TOOL}
  const aborts = globalThis.__browserxAgentAborts || (globalThis.__browserxAgentAborts = new Map());
  if (id) {
    const ac = new AbortController();
    aborts.set(id, ac);
    a = [a[0], a[1], { signal: ac.signal }];
  }
  try {
    const r = await t[c](...a);
    return g.toPlainData ? g.toPlainData(r) : r;
  } finally {
    aborts.delete(id);
  }
})(${JSON.stringify(command)}, ${JSON.stringify(args)}, ${abortId})`;
}

/**
 * This document's token: a random string kept on its window from the first call on. A
 * navigated frame's new document has none (or another), so ids handed out for the old
 * one are known to be void. Page scripts of the new document cannot know the old token.
 */
export function documentTokenExpression(fresh: string): string {
  return `(() => {
  if (!Object.prototype.hasOwnProperty.call(globalThis, '__browserxAgentDoc'))
    Object.defineProperty(globalThis, '__browserxAgentDoc', { value: ${JSON.stringify(fresh)} });
  return globalThis.__browserxAgentDoc;
})()`;
}

/** The host's number of an <iframe>'s frame (labelFrame below), -1 for one it did not number. */
const KEY_OF = `const keyOf = (el) => {
    try {
      const keys = el.ownerDocument.defaultView.__browserxFrameKeys;
      const k = keys && keys.get(el);
      return typeof k === 'number' ? k : -1;
    } catch (e) {
      return -1;
    }
  };`;

/**
 * The frame's text snapshot (integration/frames.ts frameSnapshot, as the extension's
 * content script takes it): ids prefixed with `prefix`, and a frame slot line under each
 * cross-origin iframe, keyed by the number the host gave that iframe's frame (labelFrame).
 */
export function frameTextExpression(options: object, prefix: string, doc?: string): string {
  return `(async (o, p) => {
  ${sameDocument(doc)}
  ${TOOL}
  ${KEY_OF}
  const a = await g.frameSnapshot(t, { type: 'domtool:frameSnapshot', format: 'text', options: o, idPrefix: p }, keyOf);
  return { text: a.text || '', keys: a.frames.map((f) => f.frameId) };
})(${JSON.stringify(options)}, ${JSON.stringify(prefix)})`;
}

/**
 * Where a pointer command's target lands in this frame's viewport (scrolled into view as
 * the action would): integration/frames.ts locate. null for a command that is not a
 * pointer action, or a target not found (the action itself then says why).
 */
export function locateExpression(command: CommandName, target: unknown, doc: string): string {
  return `(async (c, target) => {
  ${sameDocument(doc)}
  ${TOOL}
  return g.isPointerCommand && g.isPointerCommand(c) ? g.locate(t, target) : null;
})(${JSON.stringify(command)}, ${JSON.stringify(target)})`;
}

/** The parent document's hit test of its iframe (numbered `key`) at `point` of the frame: integration/frames.ts frameHitTest. */
export function hitTestExpression(key: number, point: { x: number; y: number }): string {
  return `(() => {
  const g = globalThis.BrowserXDomTool;
  if (!g || !g.frameHitTest) return null;
  ${KEY_OF}
  return g.frameHitTest(document, ${key}, ${JSON.stringify(point)}, keyOf);
})()`;
}

/**
 * Runs in the parent document, on the <iframe> element of a frame (Playwright's
 * frameElement()): remembers the host's number for that frame, where the parent's
 * snapshot looks it up (keyOf above). A WeakMap on the element's own window: nothing is
 * written into the DOM (S11).
 */
export function labelFrame(el: Element, key: number): void {
  const win = el.ownerDocument.defaultView as (Window & { __browserxFrameKeys?: WeakMap<Element, number> }) | null;
  if (!win) return;
  if (!win.__browserxFrameKeys)
    Object.defineProperty(win, '__browserxFrameKeys', { value: new WeakMap<Element, number>() });
  win.__browserxFrameKeys!.set(el, key);
}
