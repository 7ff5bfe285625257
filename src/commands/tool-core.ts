// What DomTool's methods run on (the CommandHost of the command table): the snapshot
// cache (TTL + dirty flag, F1/F2), the views of a snapshot (JSON, text, changes, find),
// the action runner loaded on first use, settling, the overlay and the page's tools.
// DomTool (../DomTool.ts) is the documented facade over it; nothing here is public API.
import {
  hasSnapshotOptions,
  ownOptions,
  pickSnapshotOptions,
  resolveSnapshotOptions,
  type DomToolOptions,
  type ResolvedSnapshotOptions,
  type SnapshotOptions,
} from '../options';
import { buildSnapshot, failedPayload, failedSnapshot, failedText } from '../snapshot/build';
import { IdMemory } from '../snapshot/ids/id-memory';
import type { DomSnapshot } from '../snapshot/DomSnapshot';
import type { ActionEffect, Appeared, SerializedPage } from '../types';
import type { HighlightResult } from '../overlay/highlight';
import type { ActionHost } from '../actions/ActionRunner';
import { loadActionLayer, type ActionLayer, type OverlayApi } from './action-layer';
import { FreshnessTracker } from '../freshness/FreshnessTracker';
import { scrolledSince } from '../freshness/scrolled';
import type { SnapshotLike } from '../actions/resolve';
import { urlWithoutHash } from '../changes/lines';
import { estimateTokens } from '../snapshot/render/tokens';
import { timingRequests, wrapRequests, type RequestTracker } from '../settle/requests';
import { waitForQuiet, type QuietOptions, type QuietResult } from '../settle/quiet';
import { ChurnMonitor } from '../settle/churn';
import { DialogWatch, installDialogGuard } from '../settle/dialogs';
import { ChangeTracker, type ChangeOptions, type Changes } from '../changes/ChangeTracker';
import { findLines, renderRoot } from '../changes/views';
import { revealText } from '../actions/reveal';
import { DomToolError, isDomToolError, msg } from '../actions/result';
import { now } from '../dom/builtins';
import { callPageTool, listPageTools, renderToolLines, withToolLines, type PageTool } from '../page-tools/tools';
import type { ActionApi, CommandHost, FindOptions, GetTextOptions, SerializedDomOptions, StableOptions } from './table';
import type { PageToolResult } from '../page-tools/tools';
import { options as checkOptions } from './checks';
import { TOOL_SCHEMA } from './schemas';

/** @internal */
export class DomToolCore implements CommandHost {
  readonly options: DomToolOptions;
  /** Options the constructor refused: every command answers with this error. */
  setupError: DomToolError | null = null;
  private readonly snapshotOptions: ResolvedSnapshotOptions;
  private current: DomSnapshot | null = null;
  private previous: DomSnapshot | null = null;
  /** Element → id memory shared by this tool's snapshots (S7: surviving elements keep their ids; F8: never reused). */
  private memory = new IdMemory();
  /** Snapshots taken in this document (F6: numbered per document). */
  private seq = 0;
  /** What the agent has seen, for deltas (F6). */
  private readonly tracker = new ChangeTracker();

  constructor(options: DomToolOptions = {}) {
    // Options the table's schema refuses: the tool keeps the defaults and every call answers the VALIDATION_ERROR (issue 18: no throw, nothing silently accepted).
    try {
      options = checkOptions<DomToolOptions>(options, TOOL_SCHEMA);
    } catch (e) {
      this.setupError = e as DomToolError;
      options = {};
    }
    this.options = ownOptions({ snapshotTTL: 2000, effectWindowMs: 400, ...options });
    this.snapshotOptions = resolveSnapshotOptions(options);
    this.freshness = new FreshnessTracker(() => this.document, { ttl: this.options.snapshotTTL ?? 2000 });
    // F5: navigation away / bfcache: drop snapshots and element references.
    this.freshness.watchPageLifecycle(() => {
      this.churn.stop();
      this.current = null;
      this.previous = null;
      // A new document: ids, snapshot numbers and the agent's knowledge start over.
      this.memory = new IdMemory();
      this.seq = 0;
      this.tracker.reset();
    });
    this.requestTracker();
    this.installDialogGuard();
    this.actionHost = {
      document: () => this.document,
      effectWindowMs: () => this.options.effectWindowMs ?? 400,
      latestSnapshot: () => this.previous,
      refreshSnapshot: () => this.snapshot({ force: true }),
      invalidate: () => this.invalidate(),
      settle: (since, lastChange, extra) =>
        this.waitQuiet({
          quietMs: this.options.settleQuietMs ?? 100,
          timeoutMs: this.options.settleTimeoutMs ?? 1500,
          since,
          lastChange,
          ...extra,
        }),
      learning: () => {
        // Watched from the first action too, not only from the first look (issue 31): a text target needs no snapshot.
        const doc = this.document;
        this.churn.start(doc.documentElement ?? doc);
        return this.churn.learning();
      },
      background: () => {
        this.churn.actionBegan();
        return this.churn.backgroundNow();
      },
      actionEnded: () => this.churn.actionEnded(),
      dialogs: (policy) => {
        const mode = this.options.dialogHandling ?? 'wrap';
        return mode === 'off'
          ? null
          : new DialogWatch({ accept: policy.accept === true, promptText: policy.promptText }, mode === 'wrap');
      },
      appeared: (before, effect, ignore) => this.appeared(before, effect, ignore),
      metrics: (event) => this.options.metricsCollector?.(event),
      debug: this.options.debug === true,
    };
  }

  private readonly freshness: FreshnessTracker;
  /** What keeps changing on its own (clocks, tickers), watched from the first snapshot on (issue 23 §4). */
  private readonly churn = new ChurnMonitor();
  private readonly actionHost: ActionHost;
  /** The action runner, made on the first action (the action layer may load then: issue 19). */
  private runner: ActionApi | null = null;
  private layer: ActionLayer | null = null;

  async actions(): Promise<ActionApi> {
    if (this.runner) return this.runner;
    this.layer = await loadActionLayer();
    this.runner ??= this.layer.createRunner(this.actionHost);
    return this.runner;
  }
  private requests: RequestTracker | null | undefined;

  /** Installed at construction (injection), once per window: requests an action starts must be seen from their start. */
  private requestTracker(): RequestTracker | null {
    if (this.requests !== undefined) return this.requests;
    const mode = this.options.requestTracking ?? 'wrap';
    let win: Window | null = null;
    try {
      win = this.document.defaultView;
    } catch {
      win = null;
    }
    this.requests = !win || mode === 'off' ? null : mode === 'timing' ? timingRequests(win) : wrapRequests(win);
    return this.requests;
  }

  /** Page world: alert/confirm/prompt wrapped at injection (pass-through until an action arms them), so a reference the page keeps is covered too. */
  private installDialogGuard(): void {
    if ((this.options.dialogHandling ?? 'wrap') !== 'wrap') return;
    try {
      const win = this.document.defaultView;
      if (win) installDialogGuard(win);
    } catch {
      /* no document: nothing to guard */
    }
  }

  private waitQuiet(options: QuietOptions): Promise<QuietResult> {
    const doc = this.document;
    return waitForQuiet([doc.documentElement ?? doc], this.requestTracker(), options);
  }

  /** A8: what appeared since `before`, from a snapshot taken after the action settled. */
  private async appeared(
    before: SnapshotLike | null,
    effect: ActionEffect,
    ignore?: (node: Node | undefined) => boolean,
  ): Promise<Appeared> {
    const url = effect.urlAfter;
    // Leaving the page: what it shows now is the page being left, nothing "appeared".
    if (effect.navigated && effect.leaving !== undefined)
      return url !== undefined ? { navigated: url, tokens: estimateTokens(url) } : { tokens: 0 };
    if (
      effect.navigated &&
      url !== undefined &&
      urlWithoutHash(url) !== urlWithoutHash((before as DomSnapshot | null)?.context?.url ?? '')
    ) {
      return { navigated: url, tokens: estimateTokens(url) };
    }
    // No snapshot before (the first action was on a text target): what the action was seen to add or change is news (ignore).
    const outline = (before as DomSnapshot | null)?.outline ?? null;
    if (!effect.mutations || (!outline && !ignore)) return { tokens: 0 };
    const after = await this.snapshot({ force: true });
    // An action ran, so the layer is here.
    const appeared = this.layer!.computeAppeared(outline, after, { maxTokens: this.options.appearedTokenCap, ignore });
    // S16: the agent branches on this (a person is needed) without reading the header.
    if (after.context.blocker) appeared.blocker = { ...after.context.blocker };
    return appeared;
  }

  /** The document to work on; a DomToolError NO_DOCUMENT where there is none (I4: say so, not "document is not defined"). */
  get document(): Document {
    const doc = this.options.document ?? (typeof document === 'undefined' ? undefined : document);
    if (!doc) throw new DomToolError('NO_DOCUMENT', msg.noDocument());
    return doc;
  }

  /** Current snapshot for getSnapshot(); handing it to the agent is recorded (F6). */
  async snapshotFor(opts: { force?: boolean } & SnapshotOptions): Promise<DomSnapshot> {
    try {
      const snapshot = await this.snapshot(opts);
      this.tracker.sawFull(snapshot);
      return snapshot;
    } catch (error) {
      // R1: whatever the page did to the built-ins, an (error) snapshot comes back.
      // Outside a page (no document) is a usage error, said as such (I4).
      throwIfNoDocument(error);
      return failedSnapshot(error);
    }
  }

  /** The snapshot behind every view; handing it to the agent is recorded by the public callers (F6). */
  private async snapshot(opts: { force?: boolean } & SnapshotOptions = {}): Promise<DomSnapshot> {
    // `force` is no snapshot option: asking `opts` itself spares a rest copy on every snapshot.
    const force = opts.force;
    const ttl = this.options.snapshotTTL ?? 2000;
    const hasOverrides = hasSnapshotOptions(opts);
    // F1 + F2 + F7: reuse while within the TTL, nothing marked it dirty, and the page did not scroll.
    if (
      !force &&
      !hasOverrides &&
      this.current &&
      this.freshness.isFresh() &&
      now() - this.current.takenAt < ttl &&
      !scrolledSince(this.current, this.document)
    )
      return this.current;
    const options = hasOverrides ? this.withOverrides(opts) : this.snapshotOptions;
    const doc = this.document;
    this.churn.start(doc.documentElement ?? doc);
    const snapshot = buildSnapshot(doc, options, this.memory).numbered(++this.seq);
    this.previous = snapshot;
    if (!hasOverrides) {
      this.current = snapshot;
      this.freshness.track(snapshot.takenAt, snapshot.innerRoots);
      this.churn.watch(snapshot.innerRoots);
    }
    this.options.metricsCollector?.({
      kind: 'snapshot',
      ms: snapshot.stats.buildMs,
      nodes: snapshot.stats.emittedNodes,
      interactive: snapshot.stats.interactiveNodes,
      truncated: snapshot.stats.truncated,
    });
    return snapshot;
  }

  /** The tool's snapshot options with a call's own (a one-off snapshot). */
  private withOverrides(opts: { force?: boolean } & SnapshotOptions): ResolvedSnapshotOptions {
    const { force: _force, ...overrides } = opts;
    return resolveSnapshotOptions({ ...this.options, ...overrides });
  }

  /** The JSON payload (domtool.v1); snapshot options given here (e.g. `{ tokenBudget: 0 }`) take a one-off snapshot with them. */
  async serialized(options: SerializedDomOptions): Promise<SerializedPage> {
    try {
      const snapshot = await this.snapshotFor({ force: options.force, ...pickSnapshotOptions(options) });
      return snapshot.serialize(options);
    } catch (error) {
      throwIfNoDocument(error);
      return failedPayload(error);
    }
  }

  /**
   * The LLM text rendering. Snapshot options given here take a one-off snapshot with them.
   * `since: 'last'` answers with what changed since the last view (= `getChanges().text`);
   * `root` renders one subtree: a node id, or 'dialog' for the open dialog.
   */
  async text(options: GetTextOptions): Promise<string> {
    try {
      if (options.since === 'last') return (await this.changes({})).text;
      if (options.root !== undefined) {
        const snapshot = await this.snapshot({ force: options.force });
        return renderRoot(snapshot, options.root, {
          ...options,
          tokenBudget: options.tokenBudget ?? this.snapshotOptions.tokenBudget,
        });
      }
      const snapshot = await this.snapshotFor({ force: options.force, ...pickSnapshotOptions(options) });
      const text = snapshot.toText(options);
      // S17: the page's tools, one compact section under the page line.
      const tools = await this.toolsSeen();
      return options.header === false ? text : withToolLines(text, renderToolLines(tools));
    } catch (error) {
      throwIfNoDocument(error);
      return failedText(error);
    }
  }

  /**
   * What changed since the last snapshot handed out (F6): `unchanged`, a `delta` (added and
   * changed lines under their context, removed ids), or `full` (first look, navigation,
   * a delta over ~70 % of the page, or `{ full: true }`). Takes a fresh snapshot.
   */
  async changes(options: ChangeOptions & SnapshotOptions): Promise<Changes> {
    const next = await this.snapshot({ ...pickSnapshotOptions(options), force: true });
    const before = this.lastTools;
    const changes = this.tracker.changes(next, options);
    const tools = await this.toolsSeen();
    if (changes.kind === 'full') changes.text = withToolLines(changes.text, renderToolLines(tools));
    else if (before) {
      // S17: a delta says when the page's tools appear or go.
      const line = toolChangeLine(before, tools);
      if (line) {
        changes.text = withToolLines(changes.text, [line]);
        if (changes.kind === 'unchanged') changes.kind = 'delta';
      }
    }
    return changes;
  }

  /** The tools of the last look (getText / getChanges), for deltas. */
  private lastTools: PageTool[] | null = null;

  private async toolsSeen(): Promise<PageTool[]> {
    try {
      this.lastTools = await listPageTools(this.document);
    } catch {
      this.lastTools = [];
    }
    return this.lastTools;
  }

  /** The element an id of the latest snapshot stands for, or null (no snapshot, unknown id). */
  element(id: string): Element | null {
    return typeof id === 'string' ? (this.previous?.getElement(id.trim()) ?? null) : null;
  }

  invalidate(): void {
    this.current = null;
    this.freshness.invalidate();
  }

  private overlay: OverlayApi | null = null;

  /** Draws labelled boxes over nodes of the current snapshot ('all' = every actionable node). */
  async highlight(nodeIds: string[] | 'all'): Promise<HighlightResult> {
    const snapshot = await this.snapshot();
    this.overlay ??= (await loadActionLayer()).createOverlay(this.document);
    return this.overlay.show(snapshot, nodeIds);
  }

  /**
   * Done with this page: disconnects the freshness and churn observers, removes the
   * highlight overlay and lets go of snapshots (element references). Every later call
   * answers NO_DOCUMENT in its own shape; make a new DomTool to go on.
   */
  dispose(): void {
    try {
      this.overlay?.clear();
    } catch {
      /* an overlay the page removed */
    }
    this.freshness.dispose();
    this.churn.stop();
    this.current = null;
    this.previous = null;
    this.runner = null;
    this.memory = new IdMemory();
    this.tracker.reset();
    this.setupError = new DomToolError(
      'NO_DOCUMENT',
      'This DomTool was disposed (dispose()): make a new one to go on.',
    );
  }

  clearHighlight(): void {
    this.overlay?.clear();
  }

  async find(query: string | RegExp, o: FindOptions) {
    const { limit, reveal, ...snapshotOptions } = o;
    const found = findLines(await this.snapshot(snapshotOptions), query, limit);
    const body = this.document.body;
    if (!reveal || found.total > 0 || typeof query !== 'string' || !body) return found;
    // Not in the page as rendered: a virtual list may render it once scrolled to (the { text } target's search).
    const missing = await revealText(body, query);
    if (missing) return { ...found, text: found.text + '\n' + missing };
    return findLines(await this.snapshot({ ...snapshotOptions, force: true }), query, limit);
  }

  pageTools(): Promise<PageTool[]> {
    return listPageTools(this.document);
  }

  async callPageTool(name: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<PageToolResult> {
    try {
      return await callPageTool(this.document, name, input, signal);
    } finally {
      // F3: a tool changes the page like an action does.
      this.invalidate();
    }
  }

  async waitForStable(o: StableOptions): Promise<QuietResult> {
    try {
      return await this.waitQuiet({ quietMs: o.quietMs ?? 100, timeoutMs: o.timeoutMs ?? 2000 });
    } catch {
      return { ok: false, settled: false, waitedMs: 0, pendingRequests: 0 };
    }
  }

  failedSnapshot(error: unknown): DomSnapshot {
    return failedSnapshot(error);
  }
  failedPayload(error: unknown): SerializedPage {
    return failedPayload(error);
  }
  failedText(error: unknown): string {
    return failedText(error);
  }
}

/** "# page tools changed: + book_table(date: string) − search" or null when the same. */
function toolChangeLine(before: PageTool[], after: PageTool[]): string | null {
  const had = new Set(before.map((t) => t.name));
  const has = new Set(after.map((t) => t.name));
  const added = after.filter((t) => !had.has(t.name)).map((t) => `+ ${renderToolLines([t])[1].replace(/^#\s+/, '')}`);
  const removed = before.filter((t) => !has.has(t.name)).map((t) => `− ${t.name}`);
  return added.length || removed.length ? `# page tools changed: ${[...added, ...removed].join('; ')}` : null;
}

function throwIfNoDocument(error: unknown): void {
  if (isDomToolError(error) && error.code === 'NO_DOCUMENT') throw error;
}
