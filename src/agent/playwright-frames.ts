// Cross-origin frames under the Playwright host (issue 34): the page text shows what each
// cross-origin iframe holds, with the frame's ids scoped `f<n>:`, and a ref so scoped goes
// to that frame. The same assembly as the extension's service (extension/assemble.ts,
// extension/scoped-ids.ts): each document snapshots only itself, a frame slot line marks
// each cross-origin iframe, and the frame's own text is grafted there. Matching a slot to
// a Playwright Frame: the host numbers every frame and writes the number, through
// frameElement(), into a WeakMap of the parent document (in-page.ts labelFrame), where the
// parent's snapshot reads it. Frame numbers name documents (FrameRegistry), so an id of a
// frame that navigated since is refused, never tried on the new document (A3).
import type { CommandName } from '../commands/table';
import type { Changes } from '../changes/ChangeTracker';
import type { FindResult } from '../changes/views';
import type { ErrorCode } from '../types';
import { FRAME_SLOT } from '../integration/frame-slot';
import { FrameRegistry, framePrefix, parseScopedId } from '../extension/scoped-ids';
import { CROSS_ORIGIN_NOTE, graftText, prefixIdsDeep, type TextFill } from '../extension/assemble';
import { frameHitRefusal } from '../extension/frame-refusal';
import type { FrameHitAnswer } from '../integration/frames';
import {
  commandExpression,
  documentTokenExpression,
  frameTextExpression,
  hitTestExpression,
  labelFrame,
  locateExpression,
  OTHER_DOCUMENT,
} from './in-page';

/** The Frame methods the host uses (structural: a Frame of `playwright`, `playwright-core` or `@playwright/test`). */
export interface PlaywrightToolFrame {
  evaluate(expression: string): Promise<unknown>;
  url(): string;
  isDetached(): boolean;
  childFrames(): PlaywrightToolFrame[];
  parentFrame(): PlaywrightToolFrame | null;
  frameElement(): Promise<FrameElementHandle>;
  waitForLoadState(state?: 'load' | 'domcontentloaded'): Promise<void>;
}

/** The <iframe> element of a frame, in its parent document. */
export interface FrameElementHandle {
  evaluate(fn: (el: Element, key: number) => void, key: number): Promise<unknown>;
  dispose(): Promise<void>;
}

/** A page whose frames the host reaches. */
export interface FramedPage {
  mainFrame(): PlaywrightToolFrame;
}

/** A frame's snapshot as frameTextExpression answers it. */
interface Slotted {
  text: string;
  keys: number[];
}

/** A frame whose text the last look showed: its number, its document, the iframe line it sits under. */
interface Shown {
  key: number;
  n: number;
  doc: string;
  frame: PlaywrightToolFrame;
  context: string;
}

/** What the agent was last shown of a page: the cross-origin frames whose text it was shown. */
interface Look {
  shown: Shown[];
}

/** Where a command on a frame's element goes. */
export interface Routed {
  frame: PlaywrightToolFrame;
  doc: string;
  n: number;
  prefix: string;
  /** The command's arguments with frame-local ids. */
  args: unknown[];
  /** The ref as the agent gave it. */
  ref: string;
}

/** Frames inside frames inside frames: as deep as the extension's service goes by default. */
const MAX_FRAME_DEPTH = 3;

/** A ref that cannot be used (its frame navigated, went away, or belongs to another tab): said with its code. */
export class FrameRefError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A Playwright error that says the document a call ran in went away. */
export const LOST = /Execution context was destroyed|navigat|Target closed|frame was detached/i;

const AGAIN = 'Call browser_snapshot and use the refs it shows.';

const isOtherDocument = (v: unknown): boolean => !!v && typeof v === 'object' && OTHER_DOCUMENT in v;

function descendants(frame: PlaywrightToolFrame): PlaywrightToolFrame[] {
  const out: PlaywrightToolFrame[] = [];
  const stack = frame.childFrames().slice();
  while (stack.length) {
    const f = stack.shift()!;
    if (f.isDetached()) continue;
    out.push(f);
    stack.push(...f.childFrames());
  }
  return out;
}

function freshToken(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : Math.random().toString(36).slice(2) + Date.now().toString(36);
}

/** The iframe's own line above its slot in a frame's text (without the "not accessible" note). */
function iframeLine(text: string, key: number): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === FRAME_SLOT + key);
  return at > 0 ? lines[at - 1].trim().replace(': ' + CROSS_ORIGIN_NOTE, '') : 'iframe';
}

/** The ref a command acts on, and where it sits in the arguments (the first, or a key's `id`). */
function refOf(command: CommandName, args: unknown[]): { ref: string; set: (local: string) => unknown[] } | null {
  const a0 = args[0];
  if (command === 'keypress') {
    const o = (args[1] ?? {}) as { id?: unknown };
    return typeof o.id === 'string' ? { ref: o.id, set: (id) => [a0, { ...o, id }] } : null;
  }
  if (typeof a0 === 'string') return { ref: a0.trim(), set: (id) => [id, ...args.slice(1)] };
  const within = (a0 as { within?: unknown } | null)?.within;
  if (a0 && typeof a0 === 'object' && typeof within === 'string')
    return { ref: within.trim(), set: (id) => [{ ...a0, within: id }, ...args.slice(1)] };
  return null;
}

/** Frames are compared whatever their delta's size: the page's own delta decides when the whole text is shorter. */
const FRAME_DELTA = { maxRatio: 1e9 };

/** A line of an iframe whose frame's text the agent is shown: without the "not accessible" note. */
function shownIframe(line: string, contexts: Set<string>): string {
  const at = line.indexOf(': ' + CROSS_ORIGIN_NOTE);
  return at >= 0 && contexts.has(line.slice(0, at).trim())
    ? line.slice(0, at) + line.slice(at + CROSS_ORIGIN_NOTE.length + 2)
    : line;
}

/**
 * The page's delta shows a cross-origin iframe whose content the agent was not shown: one
 * that appeared (or loaded another document) in a line added or changed, or in a dialog
 * that opened. Only the full text can show what it holds. (Iframes the page does not
 * show, such as hidden ad frames, are in no line, and do not count.)
 */
function unshownFrame(top: Changes): boolean {
  if (top.kind === 'unchanged') return false;
  return top.text.split('\n').some((l) => (top.dialog || /^[+~] /.test(l)) && l.indexOf(CROSS_ORIGIN_NOTE) >= 0);
}

/** A frame's delta lines under its iframe's line: its count line left out, the rest one step in. */
function deltaUnder(context: string, c: Changes): string[] {
  const lines = c.text.split('\n');
  const body = /^# changes since #/.test(lines[0]) && / removed$/.test(lines[0]) ? lines.slice(1) : lines;
  const out = ['  ' + context];
  for (const line of body) out.push(/^[+~ ] /.test(line) ? line.slice(0, 2) + '  ' + line.slice(2) : line);
  return out;
}

export class PlaywrightFrames {
  private readonly registry = new FrameRegistry();
  private readonly keys = new WeakMap<PlaywrightToolFrame, number>();
  private readonly byKey = new Map<number, PlaywrightToolFrame>();
  private readonly tabs = new WeakMap<FramedPage, number>();
  private readonly looks = new Map<number, Look>();
  private nextKey = 1;
  private nextTab = 1;

  private keyOf(frame: PlaywrightToolFrame): number {
    let key = this.keys.get(frame);
    if (key === undefined) {
      key = this.nextKey++;
      this.keys.set(frame, key);
      this.byKey.set(key, frame);
    }
    return key;
  }

  private tabOf(page: FramedPage): number {
    let tab = this.tabs.get(page);
    if (tab === undefined) this.tabs.set(page, (tab = this.nextTab++));
    return tab;
  }

  /** Tells the parent document which number its <iframe> element's frame has (for the slot lines). */
  private async label(frame: PlaywrightToolFrame): Promise<void> {
    const el = await frame.frameElement().catch(() => null);
    if (!el) return;
    await el.evaluate(labelFrame, this.keyOf(frame)).catch(() => undefined);
    await el.dispose().catch(() => undefined);
  }

  /**
   * The page text with every cross-origin frame's text under its iframe, ids scoped by
   * frame; null for a page without frames (the caller reads it as before).
   */
  async text(page: FramedPage, options: object): Promise<string | null> {
    const tab = this.tabOf(page);
    const main = page.mainFrame();
    const all = descendants(main);
    if (!all.length) {
      this.looks.delete(tab);
      return null;
    }
    await Promise.all(all.map((f) => this.label(f)));
    const look: Look = { shown: [] };
    const top = (await main.evaluate(frameTextExpression(options, ''))) as Slotted;
    const text = await this.fill(tab, top, options, 1, look);
    this.looks.set(tab, look);
    return text;
  }

  /** Fills the slot lines of `answer` with the text of the frames behind them (and theirs, down to the depth limit). */
  private async fill(tab: number, answer: Slotted, options: object, depth: number, look: Look): Promise<string> {
    const fills = new Map<number, TextFill>();
    const shown: (Shown[] | null)[] = await Promise.all(
      answer.keys.map(async (key) => {
        const frame = key >= 0 ? this.byKey.get(key) : undefined;
        if (!frame || frame.isDetached()) return null;
        if (depth > MAX_FRAME_DEPTH) {
          fills.set(key, { note: `Cross-origin iframe beyond the frame depth limit (${MAX_FRAME_DEPTH})` });
          return null;
        }
        try {
          const doc = String(await frame.evaluate(documentTokenExpression(freshToken())));
          const n = this.registry.frameNumber(tab, key, doc, frame.url());
          const child = (await frame.evaluate(frameTextExpression(options, framePrefix(n), doc))) as Slotted;
          if (isOtherDocument(child)) throw new Error('its document changed while it was read');
          const inner: Look = { shown: [] };
          fills.set(key, { text: await this.fill(tab, child, options, depth + 1, inner) });
          return [{ key, n, doc, frame, context: iframeLine(answer.text, key) }, ...inner.shown];
        } catch (e) {
          const why = String((e as Error)?.message ?? e).split('\n')[0];
          fills.set(key, { note: `Cross-origin iframe: its frame did not answer (${why}); take a new snapshot` });
          return null;
        }
      }),
    );
    for (const s of shown) if (s) look.shown.push(...s);
    return graftText(answer.text, fills);
  }

  /**
   * What changed since the agent last looked, in the page and in the frames it was shown,
   * merged; null when the last look had no frames (the caller asks the page as before).
   * A frame that navigated, went away or appeared makes the answer the full page text.
   */
  async changes(page: FramedPage, options: Record<string, unknown>): Promise<Changes | null> {
    const tab = this.tabOf(page);
    const look = this.looks.get(tab);
    if (!look) return null;
    const main = page.mainFrame();
    const top = (await main.evaluate(commandExpression('getChanges', [options]))) as Changes;
    if (top.error) return top;
    let whole = top.kind === 'full' || unshownFrame(top);
    const parts = whole
      ? []
      : await Promise.all(
          look.shown.map(async (s) => {
            const c = s.frame.isDetached()
              ? null
              : await s.frame
                  .evaluate(commandExpression('getChanges', [{ ...options, ...FRAME_DELTA }], 0, s.doc))
                  .catch(() => null);
            if (!c || isOtherDocument(c) || (c as Changes).kind === 'full' || (c as Changes).error) whole = true;
            return { s, c: prefixIdsDeep(c as Changes, framePrefix(s.n)) };
          }),
        );
    if (whole) {
      const { full: _f, maxRatio: _m, ignoreBlur: _b, ...snapshotOptions } = options;
      const text = (await this.text(page, snapshotOptions)) ?? top.text;
      return {
        ...top,
        kind: 'full',
        reason: top.kind === 'full' ? top.reason : 'frames',
        text,
        added: [],
        changed: [],
        removed: [],
      };
    }
    return mergeChanges(top, parts);
  }

  /** find in the page and in every frame the last look showed, merged; null when it showed none. */
  async find(page: FramedPage, query: unknown, options: object): Promise<FindResult | null> {
    const look = this.looks.get(this.tabOf(page));
    if (!look) return null;
    const top = (await page.mainFrame().evaluate(commandExpression('find', [query, options]))) as FindResult;
    if (top.error) return top;
    const parts = await Promise.all(
      look.shown.map(async (s) => {
        // A frame no longer in the page has nothing to search (the page's own lines say it went).
        if (s.frame.isDetached()) return { s, r: undefined };
        const r = await s.frame.evaluate(commandExpression('find', [query, options], 0, s.doc)).catch(() => null);
        return {
          s,
          r:
            !r || isOtherDocument(r) || (r as FindResult).error
              ? null
              : prefixIdsDeep(r as FindResult, framePrefix(s.n)),
        };
      }),
    );
    return mergeFound(top, parts);
  }

  /**
   * Where a command goes when its ref names a frame (`f2:nv_…`): that frame's document and
   * the arguments with the frame's own ids; null for the page itself. Throws FrameRefError
   * for a ref that cannot be used.
   */
  async route(page: FramedPage, command: CommandName, args: unknown[]): Promise<Routed | null> {
    const at = refOf(command, args);
    if (!at) return command === 'keypress' ? this.focused(page, args) : null;
    const scoped = parseScopedId(at.ref);
    if (scoped.frame === 0) return null;
    const rec = this.registry.frame(scoped.frame);
    if (!rec)
      throw new FrameRefError(
        'FRAME_GONE',
        `${at.ref} names frame f${scoped.frame}, which no snapshot of this session showed. ${AGAIN}`,
      );
    if (rec.tabId !== this.tabOf(page))
      throw new FrameRefError(
        'WRONG_TAB',
        `${at.ref} comes from a snapshot of another tab. Use refs from a snapshot of this tab.`,
      );
    const frame = this.byKey.get(rec.frameId);
    if (rec.gone === 'navigated') throw this.navigated(at.ref, scoped.frame);
    if (!frame || frame.isDetached()) {
      this.registry.markGone(scoped.frame, 'removed');
      throw new FrameRefError(
        'FRAME_GONE',
        `${at.ref} belongs to frame f${scoped.frame} (${rec.url.slice(0, 100)}), which is no longer in the page. ${AGAIN}`,
      );
    }
    let args2 = at.set(scoped.local);
    if (command === 'drag' && typeof args[1] === 'string') {
      // A drop target named by ref must live in the same frame as what is dragged.
      const to = parseScopedId(args[1].trim());
      if (to.frame !== scoped.frame)
        throw new FrameRefError(
          'VALIDATION_ERROR',
          `${at.ref} and ${args[1]} are in different frames; a drag stays inside one frame.`,
        );
      args2 = [args2[0], to.local, ...args2.slice(2)];
    }
    return { frame, doc: rec.documentId, n: scoped.frame, prefix: framePrefix(scoped.frame), args: args2, ref: at.ref };
  }

  /** A key sent without a ref goes where the focus is: the deepest frame shown whose document has it. */
  private async focused(page: FramedPage, args: unknown[]): Promise<Routed | null> {
    const look = this.looks.get(this.tabOf(page));
    if (!look) return null;
    const has = await Promise.all(
      look.shown.map((s) =>
        s.frame.isDetached()
          ? Promise.resolve(false)
          : s.frame
              .evaluate(`globalThis.__browserxAgentDoc === ${JSON.stringify(s.doc)} && document.hasFocus()`)
              .catch(() => false),
      ),
    );
    for (let i = look.shown.length - 1; i >= 0; i--) {
      const s = look.shown[i];
      if (has[i] === true)
        return { frame: s.frame, doc: s.doc, n: s.n, prefix: framePrefix(s.n), args, ref: `the key for f${s.n}` };
    }
    return null;
  }

  /**
   * A3 across frames: the frame's own checks cannot see its parent pages. A pointer action's
   * point is hit-tested outward, parent by parent (integration/frames.ts frameHitTest, as the
   * extension's service does); a banner or modal of a parent lying over the frame there
   * refuses the action (OBSCURED) before anything is done.
   */
  private async uncovered(routed: Routed, command: CommandName): Promise<void> {
    const located = await routed.frame
      .evaluate(locateExpression(command, routed.args[0], routed.doc))
      .catch(() => null);
    // Not a pointer action, or nothing to locate: the action itself reports what it finds.
    if (!located || isOtherDocument(located)) return;
    let point = located as { x: number; y: number };
    for (let child = routed.frame, depth = 0; depth < 10; depth++) {
      const parent = child.parentFrame();
      if (!parent) return;
      const hit = (await parent
        .evaluate(hitTestExpression(this.keyOf(child), point))
        .catch(() => null)) as FrameHitAnswer | null;
      if (!hit) return;
      const refused = frameHitRefusal(hit, routed.ref);
      if (refused) throw new FrameRefError(refused.code, refused.message);
      if (!hit.ok) return;
      point = { x: hit.x, y: hit.y };
      child = parent;
    }
  }

  /** The refusal of a ref whose frame navigated since the snapshot that showed it; its number is retired. */
  navigated(ref: string, n: number): FrameRefError {
    this.registry.markGone(n, 'navigated');
    const url = this.registry.frame(n)?.url ?? '';
    return new FrameRefError(
      'NAVIGATED',
      `${ref} belongs to frame f${n} (${url.slice(0, 100)}), which has navigated since: its refs are void and nothing was done. ${AGAIN}`,
    );
  }

  /** Runs a routed command in its frame's document (only that one: a navigated frame answers NAVIGATED). */
  async runIn(routed: Routed, command: CommandName): Promise<unknown> {
    const { frame } = routed;
    if (routed.args[0] !== undefined && command !== 'keypress') await this.uncovered(routed, command);
    let r: unknown;
    try {
      r = await frame.evaluate(commandExpression(command, routed.args, 0, routed.doc));
    } catch (error) {
      if (!LOST.test(String((error as Error)?.message))) throw error;
      if (command === 'inspect') throw this.navigated(routed.ref, routed.n);
      // The action made the frame navigate: its answer went with the old document.
      await frame.waitForLoadState('domcontentloaded').catch(() => undefined);
      const text = `ok; frame f${routed.n} navigated while the action ran (its own answer went with the old document); take a new snapshot`;
      return { ok: true, success: true, duration: 0, snapshotInvalidated: true, text };
    }
    if (isOtherDocument(r)) throw this.navigated(routed.ref, routed.n);
    return prefixIdsDeep(r, routed.prefix);
  }
}

/** The page's delta and its frames' deltas as one: one count line, each frame's lines under its iframe. */
function mergeChanges(top: Changes, parts: { s: Shown; c: Changes }[]): Changes {
  const contexts = new Set(parts.map((p) => p.s.context));
  const lines = top.text.split('\n').map((l) => shownIframe(l, contexts));
  const live = parts.filter((p) => p.c.kind !== 'unchanged');
  if (!live.length) return { ...top, text: lines.join('\n') };
  const added = top.added.concat(...live.map((p) => p.c.added));
  const changed = top.changed.concat(...live.map((p) => p.c.changed));
  const removed = top.removed.concat(...live.map((p) => p.c.removed));
  const head = `# changes since #${top.since} (now #${top.seq}): ${added.length} added, ${changed.length} changed, ${removed.length} removed`;
  const text = top.kind === 'unchanged' ? [head] : top.dialog ? lines : [head, ...lines.slice(1)];
  for (const p of live) text.push(...deltaUnder(p.s.context, p.c).map((l) => shownIframe(l, contexts)));
  return { ...top, kind: 'delta', text: text.join('\n'), added, changed, removed };
}

/** The page's matches and its frames' as one answer: one count line, each frame's matches under its iframe. */
function mergeFound(top: FindResult, parts: { s: Shown; r: FindResult | null | undefined }[]): FindResult {
  let total = top.total;
  const matches = top.matches.slice();
  const contexts = new Set(parts.map((p) => p.s.context));
  const lines = top.text.split('\n').map((l) => shownIframe(l, contexts));
  const head = lines.shift() ?? '';
  for (const { s, r } of parts) {
    if (r === undefined) continue;
    if (!r) {
      lines.push(
        `# frame f${s.n} (${s.context}) was not searched: it changed since the last snapshot; call browser_snapshot`,
      );
      continue;
    }
    total += r.total;
    matches.push(...r.matches);
    const own = r.text.split('\n').slice(1);
    if (own.length) lines.push('  ' + s.context, ...own.map((l) => '    ' + shownIframe(l, contexts)));
  }
  const counted = head.replace(
    /: \d+ match(?:es)? in snapshot #(\d+)(?: \(first \d+ shown\))?/,
    (_m, seq: string) =>
      `: ${total} match${total === 1 ? '' : 'es'} in snapshot #${seq}` +
      (total > matches.length ? ` (first ${matches.length} shown)` : ''),
  );
  return { ...top, total, matches, text: [counted, ...lines].join('\n') };
}
