// The service-worker side of BrowserX (`browserx-domtool/extension`, issue 11): the
// agent's tools call it with `{ tabId, nodeId, … }`; it makes sure the content script
// is in the tab (injecting it into tabs opened before the extension was installed),
// assembles one snapshot from every frame of the tab (cross-origin ones included),
// routes each action to the frame that owns the id, and answers errors as data with
// a code and a message an LLM can act on (seed 003's contracts, without CDP).
import type { InspectKind, InspectResult, SerializedPage } from '../types';
import type { Changes } from '../changes/ChangeTracker';
import type { FindResult } from '../changes/views';
import { isTextTarget, type TextTarget } from '../actions/text-target';
import { BeyondPageWatch, withBeyondPage } from './beyond-page';
import type { DomToolResponse } from '../integration/protocol';
import { forwardAbort } from '../integration/cancel-calls';
import type { FrameHitAnswer, FrameSnapshotAnswer } from '../integration/frames';
import {
  FrameRegistry,
  framePrefix,
  parseScopedId,
  plainIdsInText,
  type FrameRecord,
  type RegistryState,
} from './scoped-ids';
import { graftText, graftTree, prefixIdsDeep, treeIds, type FrameFill, type TextFill } from './assemble';
import type { ChromeApi, FrameDetails, TabInfo } from './chrome-types';
import { serveLoads } from './loads';
import {
  COMMANDS,
  commandForMessage,
  messageType,
  messageTypes,
  type Command,
  type ServiceActionType,
  type ServiceOwnType,
} from '../commands/table';
import { isDomToolError, cut } from '../actions/result';

import { restrictedMessage, restrictedReason } from './restricted';
import { RoutedRequests, type RoutedAnswer, type RoutedRequest } from './routed';
export type { RoutedAnswer, RoutedRequest, ServiceActionMethods } from './routed';
import { noncesBelow, randomNonce } from './nonces';
import { err, failed, originOf } from './answers';
import { frameHitRefusal } from './frame-refusal';
import type {
  DomToolServiceOptions,
  ExtensionActionResult,
  ExtensionError,
  FindRequest,
  FrameSummary,
  ServiceResult,
  SnapshotRequest,
  TabRequest,
  TargetRequest,
  NodeRequest,
} from './service-types';
export type {
  DomToolServiceOptions,
  ExtensionActionResult,
  ExtensionError,
  ExtensionErrorCode,
  FindRequest,
  FrameSummary,
  NodeRequest,
  ServiceResult,
  SnapshotRequest,
  TabRequest,
  TargetRequest,
} from './service-types';
export { restrictedReason };

type Sent<T> = { ok: true; value: T } | { ok: false; reason: 'no-receiver' | 'timeout' | 'error'; message: string };

const STORAGE_KEY = 'browserx.domtool.frames';

export class DomToolService extends RoutedRequests {
  private readonly chrome: ChromeApi;
  private readonly registry = new FrameRegistry();
  private readonly ready: Promise<void>;
  private readonly frameTimeoutMs: number;
  private readonly actionTimeoutMs: number;
  private readonly maxFrameDepth: number;
  private saveQueued = false;

  constructor(private readonly config: DomToolServiceOptions = {}) {
    super();
    const api = config.chrome ?? (globalThis as { chrome?: ChromeApi }).chrome;
    if (!api) throw new Error('browserx-domtool/extension runs in an extension (no chrome namespace here).');
    this.chrome = api;
    this.frameTimeoutMs = config.frameTimeoutMs ?? 1500;
    this.actionTimeoutMs = config.actionTimeoutMs ?? 15000;
    this.maxFrameDepth = config.maxFrameDepth ?? 3;
    // Ids die with their document: a committed navigation retires the frame's numbers.
    api.webNavigation?.onCommitted?.addListener((d) => {
      this.registry.committed(d.tabId, d.frameId, d.documentId);
      this.save();
    });
    api.tabs.onRemoved?.addListener((tabId) => {
      this.registry.tabClosed(tabId);
      this.save();
    });
    // A frame's first request (the core) and first action (the action layer): injected on its asking.
    serveLoads(api, this.config);
    // A service worker is stopped when idle: the frame numbers survive it in session storage.
    this.ready = this.restore();
  }

  private async restore(): Promise<void> {
    try {
      const got = await this.chrome.storage?.session?.get(STORAGE_KEY);
      this.registry.load(got?.[STORAGE_KEY] as RegistryState | undefined);
    } catch {
      /* no storage permission: numbers live as long as the worker */
    }
  }

  private save(): void {
    const session = this.chrome.storage?.session;
    if (!session || this.saveQueued) return;
    this.saveQueued = true;
    queueMicrotask(() => {
      this.saveQueued = false;
      session.set({ [STORAGE_KEY]: this.registry.toState() }).catch(() => undefined);
    });
  }

  // ---- Messaging ----

  private async send<T>(
    tabId: number,
    target: { frameId: number; documentId?: string },
    message: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<Sent<T>> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<Sent<T>>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, reason: 'timeout', message: `no answer within ${timeoutMs} ms` }),
        timeoutMs,
      );
    });
    const options = target.documentId ? { documentId: target.documentId } : { frameId: target.frameId };
    const sent = this.chrome.tabs.sendMessage(tabId, message, options).then(
      (value): Sent<T> =>
        value === undefined
          ? { ok: false, reason: 'no-receiver', message: 'no DomTool content script answered' }
          : { ok: true, value: value as T },
      (e: unknown): Sent<T> => {
        const text = String((e as Error)?.message ?? e);
        return {
          ok: false,
          reason: /Receiving end does not exist|Could not establish connection|No frame|No document/i.test(text)
            ? 'no-receiver'
            : 'error',
          message: text,
        };
      },
    );
    try {
      return await Promise.race([sent, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async tab(tabId: unknown): Promise<TabInfo | ExtensionError> {
    if (typeof tabId !== 'number' || !Number.isInteger(tabId) || tabId < 0)
      return err('VALIDATION_ERROR', '"tabId" must be a tab id (a non-negative integer from chrome.tabs).');
    try {
      const tab = await this.chrome.tabs.get(tabId);
      const restricted = restrictedReason(tab.url ?? tab.pendingUrl);
      return restricted ? err('RESTRICTED_PAGE', restricted, false) : tab;
    } catch {
      return err(
        'TAB_NOT_FOUND',
        `No tab with id ${tabId}: it was closed or never existed. List the open tabs and use one of their ids.`,
      );
    }
  }

  private contentScriptFiles(): string[] {
    if (this.config.contentScripts) return this.config.contentScripts;
    const files: string[] = [];
    for (const cs of this.chrome.runtime.getManifest().content_scripts ?? []) {
      if (cs.world === 'MAIN') continue;
      for (const f of cs.js ?? []) if (files.indexOf(f) < 0) files.push(f);
    }
    return files;
  }

  /** Makes sure the main frame answers; injects the content script into every frame when it does not. */
  private async ensureContentScript(tabId: number): Promise<ExtensionError | null> {
    const ping = await this.send<DomToolResponse>(tabId, { frameId: 0 }, { type: 'domtool:ping' }, 1000);
    if (ping.ok) return null;
    if (ping.reason === 'timeout')
      return err('TIMEOUT', 'The page did not answer within 1 s (it may be busy or frozen). Wait a moment and retry.');
    const files = this.contentScriptFiles();
    if (!files.length || !this.chrome.scripting) {
      return err(
        'CONTENT_SCRIPT_NOT_LOADED',
        'The DomTool content script is not in this tab and cannot be injected (no "scripting" permission or no content script in the manifest). Reload the tab.',
      );
    }
    try {
      // A tab opened before the extension was installed (or reloaded) has no content script.
      await this.chrome.scripting.executeScript({ target: { tabId, allFrames: true }, files });
    } catch (e) {
      const text = String((e as Error)?.message ?? e);
      return err(
        'CONTENT_SCRIPT_NOT_LOADED',
        `The DomTool content script could not be injected: ${text}. If this is a page Chrome protects (chrome://, the Web Store, a PDF), use another tab; otherwise reload the tab.`,
      );
    }
    const again = await this.send<DomToolResponse>(tabId, { frameId: 0 }, { type: 'domtool:ping' }, 2000);
    return again.ok
      ? null
      : err(
          'CONTENT_SCRIPT_NOT_LOADED',
          `The DomTool content script was injected but does not answer (${again.message}). Reload the tab and retry.`,
        );
  }

  private async allFrames(tabId: number): Promise<Map<number, FrameDetails>> {
    const map = new Map<number, FrameDetails>();
    try {
      for (const f of (await this.chrome.webNavigation?.getAllFrames({ tabId })) ?? []) map.set(f.frameId, f);
    } catch {
      /* no webNavigation permission: child frames stay placeholders */
    }
    return map;
  }

  // ---- Snapshots ----

  private async assemble(req: SnapshotRequest, format: 'json' | 'text'): Promise<ServiceResult<FrameSnapshotAnswer>> {
    await this.ready;
    const tab = await this.tab(req?.tabId);
    if ('code' in tab) return { ok: false, error: tab };
    const tabId = req.tabId;
    const missing = await this.ensureContentScript(tabId);
    if (missing) return { ok: false, error: missing };
    const frames = await this.allFrames(tabId);
    const frameNonces = await this.handshake(
      tabId,
      [...frames.values()].filter((f) => f.frameId !== 0),
    );
    const message = { type: 'domtool:frameSnapshot', format, options: req.options ?? {}, force: req.force === true };
    const top = await this.send<DomToolResponse>(
      tabId,
      { frameId: 0 },
      { ...message, idPrefix: '', frameNonces: noncesBelow(0, frameNonces, frames) },
      Math.max(this.frameTimeoutMs, 5000),
    );
    if (!top.ok)
      return {
        ok: false,
        error: err(
          top.reason === 'timeout' ? 'TIMEOUT' : 'CONTENT_SCRIPT_NOT_LOADED',
          `The page did not answer the snapshot request (${top.message}). Retry; reload the tab if it persists.`,
        ),
      };
    if (!top.value.ok) return { ok: false, error: { ...top.value.error, code: top.value.error.code } };
    const answer = top.value.result as FrameSnapshotAnswer;
    if (answer.pdf)
      return { ok: false, error: err('RESTRICTED_PAGE', restrictedMessage(answer.url, "Chrome's PDF viewer"), false) };
    const ids = format === 'json' ? treeIds(answer.json!.page.body) : plainIdsInText(answer.text ?? '');
    this.registry.recordMain(tabId, frames.get(0)?.documentId, ids);
    const summaries: FrameSummary[] = [];
    await this.fillFrames(tabId, answer, frames, { ...message, frameNonces }, format, 1, summaries);
    this.save();
    return { ok: true, result: answer, frames: summaries };
  }

  /**
   * Gives each frame a fresh random nonce, which its content script posts to its
   * ancestor windows; an ancestor then knows which of its <iframe> elements hosts which
   * frameId (see integration/frames.ts). Answers nonce → frameId for the frames that took part.
   */
  private async handshake(tabId: number, frames: FrameDetails[]): Promise<Record<string, number>> {
    const table: Record<string, number> = {};
    this.busyFrames = 0;
    await Promise.all(
      frames.map(async (f) => {
        const nonce = randomNonce();
        const got = await this.send<DomToolResponse>(
          tabId,
          { frameId: f.frameId, documentId: f.documentId },
          { type: 'domtool:frameHello', nonce },
          Math.min(this.frameTimeoutMs, 1000),
        );
        if (got.ok && got.value.ok) table[nonce] = f.frameId;
        else if (!got.ok && got.reason === 'timeout') this.busyFrames++;
      }),
    );
    return table;
  }

  /** Frames whose content script did not answer the last handshake in time (busy, frozen). */
  private busyFrames = 0;

  /** Asks every child frame behind `answer`'s placeholders for its own snapshot and grafts it in. */
  private async fillFrames(
    tabId: number,
    answer: FrameSnapshotAnswer,
    frames: Map<number, FrameDetails>,
    message: Record<string, unknown>,
    format: 'json' | 'text',
    depth: number,
    summaries: FrameSummary[],
  ): Promise<void> {
    if (!answer.frames.length) return;
    const treeFills = new Map<string, FrameFill>();
    const textFills = new Map<number, TextFill>();
    const note = (link: { nodeId: string; frameId: number }, text: string) => {
      treeFills.set(link.nodeId, { note: text });
      textFills.set(link.frameId, { note: text });
    };
    await Promise.all(
      answer.frames.map(async (link) => {
        const details = frames.get(link.frameId);
        if (link.frameId < 0 || !details || !details.documentId) {
          // Unmatched: its frame did not take part in the handshake.
          note(
            link,
            this.busyFrames > 0
              ? `Cross-origin iframe: its frame did not answer within ${Math.min(this.frameTimeoutMs, 1000)} ms (busy or frozen); retry later`
              : 'Cross-origin iframe: its document has not loaded yet, or no DomTool content script runs in it',
          );
          summaries.push({ frame: '', url: '', status: this.busyFrames > 0 ? 'timeout' : 'not-loaded' });
          return;
        }
        const n = this.registry.frameNumber(tabId, link.frameId, details.documentId, details.url);
        const summary: FrameSummary = { frame: 'f' + n, url: details.url, status: 'ok' };
        summaries.push(summary);
        if (depth > this.maxFrameDepth) {
          summary.status = 'depth-limit';
          note(link, `Cross-origin iframe beyond the frame depth limit (${this.maxFrameDepth})`);
          return;
        }
        // Each frame waits only for its own descendants' nonces (its own never reaches it).
        const frameNonces = noncesBelow(link.frameId, message.frameNonces as Record<string, number>, frames);
        const got = await this.send<DomToolResponse>(
          tabId,
          { frameId: link.frameId, documentId: details.documentId },
          { ...message, idPrefix: framePrefix(n), frameNonces },
          this.frameTimeoutMs,
        );
        if (!got.ok || !got.value.ok) {
          summary.status = got.ok || got.reason !== 'timeout' ? 'no-content-script' : 'timeout';
          note(
            link,
            summary.status === 'timeout'
              ? `Cross-origin iframe: its frame did not answer within ${this.frameTimeoutMs} ms`
              : 'Cross-origin iframe: no DomTool content script in this frame',
          );
          return;
        }
        const child = got.value.result as FrameSnapshotAnswer;
        await this.fillFrames(tabId, child, frames, message, format, depth + 1, summaries);
        if (format === 'json') treeFills.set(link.nodeId, { body: child.json!.page.body });
        else textFills.set(link.frameId, { text: child.text ?? '' });
      }),
    );
    if (format === 'json') graftTree(answer.json!.page.body, treeFills);
    else answer.text = graftText(answer.text ?? '', textFills);
  }

  /** The JSON snapshot of the whole tab: child frames' trees under their <iframe> nodes, ids scoped by frame. */
  async getSerializedDom(req: SnapshotRequest): Promise<ServiceResult<SerializedPage>> {
    const got = await this.assemble(req, 'json');
    return got.ok ? { ok: true, result: got.result.json!, frames: got.frames } : got;
  }

  /** @deprecated getSerializedDom (message and method names are one now); kept for one release. */
  getSnapshot(req: SnapshotRequest): Promise<ServiceResult<SerializedPage>> {
    return this.getSerializedDom(req);
  }

  /** The text snapshot of the whole tab (what an LLM reads). */
  async getText(req: SnapshotRequest): Promise<ServiceResult<string>> {
    const got = await this.assemble(req, 'text');
    return got.ok ? { ok: true, result: got.result.text ?? '', frames: got.frames } : got;
  }

  /** What changed in the main frame since the last snapshot, when the content script's DomTool supports it. */
  getChanges(req: SnapshotRequest): Promise<ServiceResult<Changes>> {
    return this.askMain<Changes>(req?.tabId, 'getChanges', { options: req?.options ?? {} });
  }

  /** The lines of the main frame's snapshot that match `query` (text, name, role or id), with their ids. */
  find(req: FindRequest): Promise<ServiceResult<FindResult>> {
    return this.askMain<FindResult>(req?.tabId, 'find', { query: req?.query, options: req?.options });
  }

  /**
   * Asks the main frame's DomTool and answers its result; ids in its `text` become ids of
   * this tab (recorded like a snapshot's, so that actions on them route).
   */
  private async askMain<T>(
    tabId: number,
    type: 'getChanges' | 'find',
    fields: Record<string, unknown>,
  ): Promise<ServiceResult<T>> {
    await this.ready;
    const tab = await this.tab(tabId);
    if ('code' in tab) return { ok: false, error: tab };
    const missing = await this.ensureContentScript(tabId);
    if (missing) return { ok: false, error: missing };
    const got = await this.send<DomToolResponse>(
      tabId,
      { frameId: 0 },
      { ...fields, type: 'domtool:' + type },
      this.actionTimeoutMs,
    );
    if (!got.ok)
      return {
        ok: false,
        error: err(
          got.reason === 'timeout' ? 'TIMEOUT' : 'CONTENT_SCRIPT_NOT_LOADED',
          `The page did not answer (${got.message}).`,
        ),
      };
    if (!got.value.ok) {
      if (got.value.error.code === 'UNKNOWN_MESSAGE') {
        return {
          ok: false,
          error: err(
            'UNSUPPORTED',
            `${type} is not supported by the DomTool content script in this tab (an older build). Use getText for a full snapshot instead.`,
            false,
          ),
        };
      }
      return { ok: false, error: got.value.error };
    }
    const answer = got.value.result as { text?: string };
    if (typeof answer?.text === 'string') {
      const frames = await this.allFrames(tabId);
      this.registry.recordMain(tabId, frames.get(0)?.documentId, plainIdsInText(answer.text));
      this.save();
    }
    return { ok: true, result: got.value.result as T, frames: [] };
  }

  /** The dry run of an action on an element of any frame (nothing is done to the page): what it is, whether it can be acted on. */
  async inspect(req: TargetRequest & { kind?: InspectKind }): Promise<ServiceResult<InspectResult>> {
    await this.ready;
    const tab = await this.tab(req?.tabId);
    if ('code' in tab) return { ok: false, error: tab };
    const refused = refusedByTable('inspect', { ...req });
    if (refused) return { ok: false, error: refused };
    const missing = await this.ensureContentScript(req.tabId);
    if (missing) return { ok: false, error: missing };
    const routed = await this.routeTarget(req.tabId, req);
    if ('code' in routed) return { ok: false, error: routed };
    const got = await this.send<DomToolResponse>(
      req.tabId,
      routed.frame,
      { type: 'domtool:inspect', target: routed.target, kind: req.kind },
      this.frameTimeoutMs,
    );
    if (!got.ok)
      return {
        ok: false,
        error: err(
          got.reason === 'timeout' ? 'TIMEOUT' : 'FRAME_GONE',
          `The frame did not answer (${got.message}); take a new snapshot.`,
        ),
      };
    if (!got.value.ok) return { ok: false, error: got.value.error };
    return { ok: true, result: prefixIdsDeep(got.value.result as InspectResult, routed.frame.prefix), frames: [] };
  }

  /**
   * The frame an element request goes to and its target there: a node id routes by its
   * frame prefix; a text target by its `within` id, else to the main frame.
   */
  private async routeTarget(
    tabId: number,
    req: { nodeId?: unknown; target?: unknown },
  ): Promise<
    { frame: { frameId: number; documentId?: string; prefix: string }; target: string | TextTarget } | ExtensionError
  > {
    const target = req.target !== undefined ? req.target : req.nodeId;
    if (typeof target === 'string') {
      const routed = await this.route(tabId, target.trim());
      return 'code' in routed ? routed : { frame: routed, target: routed.local };
    }
    if (!isTextTarget(target))
      return err(
        'VALIDATION_ERROR',
        '"nodeId" (or "target") must be a node id from a snapshot of this tab, such as "nv_1k9x2" or "f2:nv_8sch", or { text } with the text to act on.',
      );
    if (typeof target.within !== 'string') return { frame: { frameId: 0, prefix: '' }, target: { text: target.text } };
    const routed = await this.route(tabId, target.within.trim());
    return 'code' in routed ? routed : { frame: routed, target: { text: target.text, within: routed.local } };
  }

  // ---- Routing ----

  /** The frame that owns `nodeId` in `tabId`, or why the id cannot be used there. */
  private async route(
    tabId: number,
    nodeId: string,
  ): Promise<{ frameId: number; documentId?: string; local: string; prefix: string } | ExtensionError> {
    const scoped = parseScopedId(nodeId);
    if (scoped.frame > 0) {
      const rec: FrameRecord | undefined = this.registry.frame(scoped.frame);
      const again = `Take a new snapshot of tab ${tabId} and use the ids it shows.`;
      if (!rec)
        return err(
          'FRAME_GONE',
          `${nodeId} names frame f${scoped.frame}, which no snapshot of this session produced (or it was forgotten). ${again}`,
        );
      if (rec.tabId !== tabId)
        return err(
          'WRONG_TAB',
          `${nodeId} comes from a snapshot of tab ${rec.tabId}, not tab ${tabId}. Use ids from a snapshot of the tab you act on.`,
        );
      if (rec.gone === 'tab-closed') return err('TAB_NOT_FOUND', `${nodeId} belonged to a tab that was closed.`);
      let current: FrameDetails | null = null;
      try {
        current = (await this.chrome.webNavigation?.getFrame({ tabId, frameId: rec.frameId })) ?? null;
      } catch {
        current = null;
      }
      if (rec.gone === 'navigated' || (current && current.documentId && current.documentId !== rec.documentId)) {
        this.registry.markGone(scoped.frame, 'navigated');
        return err(
          'NAVIGATED',
          `${nodeId} belongs to frame f${scoped.frame} (${rec.url.slice(0, 100)}), which has navigated since: its ids are void. ${again}`,
        );
      }
      if (!current) {
        this.registry.markGone(scoped.frame, 'removed');
        return err(
          'FRAME_GONE',
          `${nodeId} belongs to frame f${scoped.frame} (${rec.url.slice(0, 100)}), which is no longer in the page (its iframe was removed). ${again}`,
        );
      }
      return {
        frameId: rec.frameId,
        documentId: rec.documentId,
        local: scoped.local,
        prefix: framePrefix(scoped.frame),
      };
    }
    const recorded = this.registry.mainDocument(tabId);
    if (recorded) {
      let current: FrameDetails | null = null;
      try {
        current = (await this.chrome.webNavigation?.getFrame({ tabId, frameId: 0 })) ?? null;
      } catch {
        current = null;
      }
      if (current?.documentId && current.documentId !== recorded) {
        return err(
          'NAVIGATED',
          `The page in tab ${tabId} has navigated since the snapshot that showed ${nodeId}: its ids are void. Take a new snapshot.`,
        );
      }
      if (!this.registry.issuedIn(tabId, nodeId)) {
        const other = this.registry.otherTabWith(tabId, nodeId);
        if (other !== undefined)
          return err(
            'WRONG_TAB',
            `${nodeId} comes from a snapshot of tab ${other}, not tab ${tabId}. Use ids from a snapshot of the tab you act on.`,
          );
      }
      return { frameId: 0, documentId: current?.documentId, local: nodeId, prefix: '' };
    }
    const other = this.registry.otherTabWith(tabId, nodeId);
    if (other !== undefined)
      return err(
        'WRONG_TAB',
        `${nodeId} comes from a snapshot of tab ${other}, not tab ${tabId}. Take a snapshot of tab ${tabId} first.`,
      );
    return { frameId: 0, local: nodeId, prefix: '' };
  }

  /**
   * The child frame's own obscured check cannot see its parents: a cookie banner or
   * modal of the parent page lying over the whole iframe. Checks the action's point
   * outward, frame by frame, in each parent's content script.
   */
  private async checkFramePath(
    tabId: number,
    frameId: number,
    documentId: string | undefined,
    local: string | TextTarget,
    nodeId: string,
  ): Promise<ExtensionError | null> {
    const located = await this.send<DomToolResponse>(
      tabId,
      { frameId, documentId },
      typeof local === 'string' ? { type: 'domtool:locate', nodeId: local } : { type: 'domtool:locate', target: local },
      this.frameTimeoutMs,
    );
    if (!located.ok || !located.value.ok || !located.value.result) return null; // the action itself reports it
    let point = located.value.result as { x: number; y: number };
    for (let depth = 0; depth < 10; depth++) {
      let info: FrameDetails | null = null;
      try {
        info = (await this.chrome.webNavigation?.getFrame({ tabId, frameId })) ?? null;
      } catch {
        info = null;
      }
      if (!info || info.parentFrameId < 0) return null;
      // getFrame's answer does not repeat the frameId it was asked for.
      const frameNonces = await this.handshake(tabId, [{ ...info, frameId }]);
      const hit = await this.send<DomToolResponse>(
        tabId,
        { frameId: info.parentFrameId },
        { type: 'domtool:frameHitTest', frameId, x: point.x, y: point.y, frameNonces },
        this.frameTimeoutMs,
      );
      if (!hit.ok || !hit.value.ok) return null; // a parent without our content script cannot be checked
      const answer = hit.value.result as FrameHitAnswer;
      if (!answer.ok) return frameHitRefusal(answer, nodeId);
      point = { x: answer.x, y: answer.y };
      frameId = info.parentFrameId;
    }
    return null;
  }

  /** The frame holding the focus (for keys sent without a target): the deepest live child frame that has it, or the main frame. */
  private async focusedFrame(tabId: number): Promise<{ frameId: number; documentId?: string; prefix: string }> {
    const live = this.registry.framesOf(tabId);
    const answers = await Promise.all(
      live.map(async (rec) => {
        const got = await this.send<DomToolResponse>(
          tabId,
          { frameId: rec.frameId, documentId: rec.documentId },
          { type: 'domtool:hasFocus' },
          500,
        );
        return got.ok && got.value.ok && got.value.result === true ? rec : null;
      }),
    );
    const hit = answers.filter((r): r is FrameRecord => !!r).pop();
    return hit
      ? { frameId: hit.frameId, documentId: hit.documentId, prefix: framePrefix(hit.n) }
      : { frameId: 0, prefix: '' };
  }

  // ---- Actions ----

  protected act<T extends ServiceActionType>(type: T, request: RoutedRequest<T>): Promise<RoutedAnswer<T>> {
    // 'any': the element is optional (a key goes to the focused frame, a scroll to the page).
    const nodeOptional = commandForMessage(type)?.message?.service === 'any';
    return this.actIn(type, request, nodeOptional);
  }

  private async actIn(type: string, request: unknown, nodeOptional: boolean): Promise<ExtensionActionResult> {
    const start = Date.now();
    const req = { ...(request ?? {}) } as Partial<NodeRequest> & Record<string, unknown>;
    await this.ready;
    const tab = await this.tab(req?.tabId);
    if ('code' in tab) return failed(start, tab);
    const tabId = req.tabId as number;
    // `target` beside `nodeId`: a node id there is the same as nodeId; { text, within? } routes by `within`.
    if (typeof req.target === 'string') {
      req.nodeId = req.target;
      delete req.target;
    }
    // Ids as LLMs write them (" nv_8kup ") are trimmed; the rest is the command table's check, on the frame-local ids.
    if (typeof req.nodeId === 'string') req.nodeId = req.nodeId.trim();
    if (typeof req.to === 'string') req.to = req.to.trim();
    const hasNode = typeof req.nodeId === 'string' && req.nodeId !== '';
    const hasTarget = hasNode || isTextTarget(req.target);
    if (!hasTarget && !nodeOptional) {
      return failed(
        start,
        err(
          'VALIDATION_ERROR',
          '"nodeId" must be a node id from a snapshot of this tab, such as "nv_1k9x2" or "f2:nv_8sch" (or give "target": { "text": … } with the text to act on).',
        ),
      );
    }
    const refused = refusedByTable(type, req);
    if (refused) return failed(start, refused);
    const missing = await this.ensureContentScript(tabId);
    if (missing) return failed(start, missing);

    let target: { frameId: number; documentId?: string; prefix: string };
    const message: Record<string, unknown> = { ...req, type: 'domtool:' + type };
    delete message.tabId;
    if (hasTarget) {
      const routed = await this.routeTarget(tabId, req);
      if ('code' in routed) return failed(start, routed);
      target = routed.frame;
      const named = hasNode ? (req.nodeId as string) : `text "${cut((req.target as TextTarget).text)}"`;
      if (typeof routed.target === 'string') message.nodeId = routed.target;
      else message.target = routed.target;
      if (type === 'drag' && typeof req.to === 'string') {
        // A drop target named by id must live in the same frame as what is dragged.
        const to = await this.route(tabId, req.to);
        if ('code' in to) return failed(start, to);
        if (to.frameId !== target.frameId || to.documentId !== target.documentId) {
          const why = `${named} and ${req.to} are in different frames; a drag stays inside one frame. Drop onto an element of the same frame, or use { dx, dy }.`;
          return failed(start, err('VALIDATION_ERROR', why, false));
        }
        message.to = to.local;
      }
      // A3 across frames: the parent pages may cover the frame where the pointer would land.
      if (target.frameId !== 0 && commandForMessage(type)?.message?.pointer) {
        const blocked = await this.checkFramePath(tabId, target.frameId, target.documentId, routed.target, named);
        if (blocked) return failed(start, blocked);
      }
    } else {
      target = type === 'keypress' ? await this.focusedFrame(tabId) : { frameId: 0, prefix: '' };
    }
    if (this.config.visualFeedback) message.feedback = true;
    // Listening from before the action: the tab it opens or the download it starts (A10).
    const beyond = new BeyondPageWatch(this.chrome, tabId, tab.windowId, originOf(tab.url));
    const unlisten = forwardAbort(message, (cancel) => void this.send(tabId, target, cancel, this.frameTimeoutMs));
    const got = await this.send<DomToolResponse>(tabId, target, message, this.actionTimeoutMs).finally(unlisten);
    if (!got.ok || !got.value.ok) await beyond.finish(false);
    if (!got.ok) {
      if (got.reason === 'timeout')
        return failed(
          start,
          err(
            'TIMEOUT',
            `The ${type} did not finish within ${this.actionTimeoutMs} ms. Take a new snapshot to see what happened.`,
          ),
        );
      return failed(
        start,
        err(
          target.frameId ? 'FRAME_GONE' : 'CONTENT_SCRIPT_NOT_LOADED',
          `The frame did not answer (${got.message}); it may have navigated. Take a new snapshot.`,
        ),
      );
    }
    if (!got.value.ok)
      return failed(start, prefixIdsDeep({ ...got.value.error, code: got.value.error.code }, target.prefix));
    const result = prefixIdsDeep(got.value.result as ExtensionActionResult, target.prefix);
    // The page saw no effect, followed a link out of itself, or began a navigation it did not finish: a tab or a download may still be starting.
    const mayGoBeyond =
      !!result.noObservableEffect || !!result.effect?.followed || result.effect?.leaving !== undefined;
    const leaving = result.ok && result.effect?.leaving !== undefined;
    return withBeyondPage(result, await beyond.finish(result.ok && mayGoBeyond, leaving));
  }

  /** Labelled boxes over nodes (any frame's ids); 'all' boxes every actionable node of the main frame. */
  async highlight(
    req: TabRequest & { nodeIds?: string[] | 'all' },
  ): Promise<ServiceResult<{ shown: number; missing: string[] }>> {
    await this.ready;
    const tab = await this.tab(req?.tabId);
    if ('code' in tab) return { ok: false, error: tab };
    const groups = new Map<
      string,
      { target: { frameId: number; documentId?: string }; ids: string[]; prefix: string }
    >();
    if (Array.isArray(req.nodeIds)) {
      for (const id of req.nodeIds) {
        const routed = await this.route(req.tabId, id);
        if ('code' in routed) continue;
        const key = routed.frameId + ':' + (routed.documentId ?? '');
        const group = groups.get(key) ?? { target: routed, ids: [], prefix: routed.prefix };
        group.ids.push(routed.local);
        groups.set(key, group);
      }
    }
    // Frames not named this time lose their boxes (one highlight at a time).
    const targets = [
      { frameId: 0 },
      ...this.registry.framesOf(req.tabId).map((r) => ({ frameId: r.frameId, documentId: r.documentId })),
    ];
    await Promise.all(targets.map((t) => this.send(req.tabId, t, { type: 'domtool:clearHighlight' }, 500)));
    let shown = 0;
    const missing: string[] = [];
    // 'all' stays in the main frame: a child frame's overlay would label its ids without their f<n>: prefix.
    const list =
      req.nodeIds === undefined || req.nodeIds === 'all'
        ? [{ target: { frameId: 0 }, ids: 'all' as const, prefix: '' }]
        : [...groups.values()];
    for (const g of list) {
      const got = await this.send<DomToolResponse>(
        req.tabId,
        g.target,
        { type: 'domtool:highlight', nodeIds: g.ids },
        this.frameTimeoutMs,
      );
      if (got.ok && got.value.ok) {
        const r = got.value.result as { shown: number; missing: string[] };
        shown += r.shown;
        for (const m of r.missing) missing.push(g.prefix + m);
      }
    }
    return { ok: true, result: { shown, missing }, frames: [] };
  }

  async clearHighlight(req: TabRequest): Promise<ServiceResult<{ cleared: boolean }>> {
    const tab = await this.tab(req?.tabId);
    if ('code' in tab) return { ok: false, error: tab };
    const targets = [
      { frameId: 0 },
      ...this.registry.framesOf(req.tabId).map((r) => ({ frameId: r.frameId, documentId: r.documentId })),
    ];
    await Promise.all(targets.map((t) => this.send(req.tabId, t, { type: 'domtool:clearHighlight' }, 500)));
    return { ok: true, result: { cleared: true }, frames: [] };
  }

  /**
   * One entry point for messages such as `{ type: 'domtool:click', tabId: 12, nodeId: 'f2:nv_8sch' }`
   * (a side panel, a popup, an agent loop in another extension page). Never throws.
   */
  async handleMessage(message: unknown): Promise<unknown> {
    const msg = (message && typeof message === 'object' ? message : {}) as Record<string, unknown>;
    const type = typeof msg.type === 'string' && msg.type.indexOf('domtool:') === 0 ? msg.type.slice(8) : '';
    const c = type ? commandForMessage(type) : null;
    const route = c?.message?.service;
    try {
      if (!c || !route) {
        return {
          ok: false,
          error: err(
            'VALIDATION_ERROR',
            `Unknown request type "${cut(String(msg.type))}". Known: ${SERVICE_TYPES.join(', ')}.`,
            false,
          ),
        };
      }
      // An older name (domtool:getSnapshot) answers as the method of the current one.
      return await (this as unknown as Record<string, (req: unknown) => Promise<unknown>>)[messageType(c)!](msg);
    } catch (e) {
      return {
        ok: false,
        error: err(
          'INTERNAL_ERROR',
          `DomTool service failed: ${String((e as Error)?.message ?? e)}. Retry with a new snapshot.`,
        ),
      };
    }
  }
}

// Every 'own' entry of the table must be a method of the service (a type error otherwise).
export type ServiceOwnMethods = Pick<DomToolService, ServiceOwnType>;

/** The request types handleMessage answers, from the command table. */
const SERVICE_TYPES: string[] = [];
for (let i = 0; i < COMMANDS.length; i++) {
  const c = COMMANDS[i] as Command;
  if (c.message?.service) for (const t of messageTypes(c)) SERVICE_TYPES.push('domtool:' + t);
}

/** The table's argument check of `type` on a request (frame prefixes left off the ids), or null when it passes. */
function refusedByTable(type: string, req: Record<string, unknown>): ExtensionError | null {
  const c = commandForMessage(type);
  if (!c?.message) return null;
  const local = { ...req };
  if (typeof local.nodeId === 'string') local.nodeId = parseScopedId(local.nodeId).local;
  if (typeof local.target === 'string') local.target = parseScopedId(local.target).local;
  else if (isTextTarget(local.target) && typeof local.target.within === 'string')
    local.target = { ...local.target, within: parseScopedId(local.target.within).local };
  if (typeof local.to === 'string') local.to = parseScopedId(local.to).local;
  try {
    c.check(c.message.args(local));
    return null;
  } catch (e) {
    if (isDomToolError(e)) return err(e.code, e.message, e.recoverable);
    throw e;
  }
}

export function createDomToolService(options: DomToolServiceOptions = {}): DomToolService {
  return new DomToolService(options);
}
