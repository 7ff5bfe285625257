// Facade: snapshot cache (TTL + dirty flag), serialization, and actions by node id.
import { hasSnapshotOptions, pickSnapshotOptions, resolveSnapshotOptions, type DomToolOptions, type ResolvedSnapshotOptions, type SnapshotOptions } from './options';
import { buildSnapshot, failedPayload, failedSnapshot, failedText } from './snapshot/build';
import { IdMemory } from './snapshot/ids/id-memory';
import type { DomSnapshot, SerializeOptions, TextOptions } from './snapshot/DomSnapshot';
import type { SerializedPage } from './types';
import { HighlightOverlay, type HighlightResult } from './overlay/highlight';
import { ActionRunner, type KeypressOptions, type ScrollOptions, type TypeOptions } from './actions/ActionRunner';
import type { ClickOptions } from './actions/pointer';
import type { DragDestination, DragOptions } from './actions/drag';
import type { UploadFile, UploadOptions } from './actions/upload';
import { FreshnessTracker } from './freshness/FreshnessTracker';
import { innerRoots, scrolledSince } from './freshness/inner-roots';
import type { ActionEffect, ActionResult, Appeared, InspectResult } from './types';
import type { SnapshotLike } from './actions/resolve';
import { computeAppeared } from './changes/appeared';
import { urlWithoutHash } from './changes/lines';
import { estimateTokens } from './snapshot/distill/budget';
import { timingRequests, wrapRequests, type RequestTracker } from './settle/requests';
import { waitForQuiet, type QuietOptions, type QuietResult } from './settle/quiet';
import { ChangeTracker, type ChangeOptions, type Changes } from './changes/ChangeTracker';
import { findLines, renderRoot, type FindResult } from './changes/views';
import { DomToolError, isDomToolError, msg } from './actions/result';
import { now } from './dom/builtins';

export class DomTool {
  readonly options: DomToolOptions;
  private readonly snapshotOptions: ResolvedSnapshotOptions;
  private current: DomSnapshot | null = null;
  private previous: DomSnapshot | null = null;
  /** Element → id memory shared by this tool's snapshots (S7: surviving elements keep their ids; F8: never reused). */
  private memory = new IdMemory();
  /** Snapshots taken in this document (F6: numbered per document). */
  private seq = 0;
  /** What the agent has seen, for deltas (F6). */
  private readonly changes = new ChangeTracker();

  constructor(options: DomToolOptions = {}) {
    this.options = { snapshotTTL: 2000, effectWindowMs: 400, ...options };
    this.snapshotOptions = resolveSnapshotOptions(options);
    this.freshness = new FreshnessTracker(() => this.document, { ttl: this.options.snapshotTTL ?? 2000 });
    // F5: navigation away / bfcache: drop snapshots and element references.
    this.freshness.watchPageLifecycle(() => {
      this.current = null;
      this.previous = null;
      // A new document: ids, snapshot numbers and the agent's knowledge start over.
      this.memory = new IdMemory();
      this.seq = 0;
      this.changes.reset();
    });
    this.requestTracker();
    this.actions = new ActionRunner({
      document: () => this.document,
      effectWindowMs: () => this.options.effectWindowMs ?? 400,
      latestSnapshot: () => this.previous,
      refreshSnapshot: () => this.snapshot({ force: true }),
      invalidate: () => this.invalidateSnapshot(),
      settle: (since, lastChange) => this.waitQuiet({ quietMs: this.options.settleQuietMs ?? 100, timeoutMs: this.options.settleTimeoutMs ?? 1500, since, lastChange }),
      appeared: (before, effect) => this.appeared(before, effect),
      metrics: (event) => this.options.metricsCollector?.(event),
      debug: this.options.debug === true,
    });
  }

  private readonly freshness: FreshnessTracker;
  private readonly actions: ActionRunner;
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

  private waitQuiet(options: QuietOptions): Promise<QuietResult> {
    const doc = this.document;
    return waitForQuiet([doc.documentElement ?? doc], this.requestTracker(), options);
  }

  /**
   * Waits until the page is stable: no DOM change for `quietMs` (default 100) and no request in
   * flight, for at most `timeoutMs` (default 2000). Never throws; `settled: false` on timeout.
   */
  async waitForStable(options: { quietMs?: number; timeoutMs?: number } = {}): Promise<QuietResult> {
    try {
      return await this.waitQuiet({ quietMs: options.quietMs ?? 100, timeoutMs: options.timeoutMs ?? 2000 });
    } catch {
      return { settled: false, waitedMs: 0, pendingRequests: 0 };
    }
  }

  /** A8: what appeared since `before`, from a snapshot taken after the action settled. */
  private async appeared(before: SnapshotLike | null, effect: ActionEffect): Promise<Appeared> {
    const url = effect.urlAfter;
    if (effect.navigated && url !== undefined && urlWithoutHash(url) !== urlWithoutHash((before as DomSnapshot | null)?.context?.url ?? '')) {
      return { navigated: url, tokens: estimateTokens(url) };
    }
    const outline = (before as DomSnapshot | null)?.outline;
    if (!effect.mutations || !outline) return { tokens: 0 };
    const after = await this.snapshot({ force: true });
    return computeAppeared(outline, after, { maxTokens: this.options.appearedTokenCap });
  }

  /** The document to work on; a DomToolError NO_DOCUMENT where there is none (I4: say so, not "document is not defined"). */
  get document(): Document {
    const doc = this.options.document ?? (typeof document === 'undefined' ? undefined : document);
    if (!doc) throw new DomToolError('NO_DOCUMENT', msg.noDocument());
    return doc;
  }

  /** Current snapshot; rebuilt when missing, expired (TTL) or forced (F1). */
  async getSnapshot(opts: { force?: boolean } & SnapshotOptions = {}): Promise<DomSnapshot> {
    try {
      const snapshot = await this.snapshot(opts);
      this.changes.sawFull(snapshot);
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
    const { force, ...overrides } = opts;
    const ttl = this.options.snapshotTTL ?? 2000;
    const hasOverrides = hasSnapshotOptions(overrides);
    // F1 + F2 + F7: reuse while within the TTL, nothing marked it dirty, and the page did not scroll.
    if (!force && !hasOverrides && this.current && this.freshness.isFresh() && now() - this.current.takenAt < ttl && !scrolledSince(this.current, this.document)) return this.current;
    const options = hasOverrides ? resolveSnapshotOptions({ ...this.options, ...overrides }) : this.snapshotOptions;
    const snapshot = buildSnapshot(this.document, options, this.memory);
    snapshot.seq = ++this.seq;
    this.previous = snapshot;
    if (!hasOverrides) {
      this.current = snapshot;
      this.freshness.track(snapshot.takenAt, innerRoots(snapshot, this.document));
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

  /** The JSON payload (seed 001 schema, domtool.v1). */
  /** Snapshot options given here (e.g. `{ tokenBudget: 0 }`) take a one-off snapshot with them. */
  async get_serialized_dom(options: SerializeOptions & SnapshotOptions & { force?: boolean } = {}): Promise<SerializedPage> {
    try {
      const snapshot = await this.getSnapshot({ force: options.force, ...pickSnapshotOptions(options) });
      return snapshot.serialize(options);
    } catch (error) {
      throwIfNoDocument(error);
      return failedPayload(error);
    }
  }

  getSerializedDom(options: SerializeOptions & SnapshotOptions & { force?: boolean } = {}): Promise<SerializedPage> {
    return this.get_serialized_dom(options);
  }

  /**
   * The LLM text rendering. Snapshot options given here take a one-off snapshot with them.
   * `since: 'last'` answers with what changed since the last view (= `getChanges().text`);
   * `root` renders one subtree: a node id, or 'dialog' for the open dialog.
   */
  async getText(options: TextOptions & SnapshotOptions & { force?: boolean; since?: 'last'; root?: string } = {}): Promise<string> {
    try {
      return await this.text(options);
    } catch (error) {
      throwIfNoDocument(error);
      return failedText(error);
    }
  }

  private async text(options: TextOptions & SnapshotOptions & { force?: boolean; since?: 'last'; root?: string }): Promise<string> {
    if (options.since === 'last') return (await this.getChanges()).text;
    if (options.root !== undefined) {
      const snapshot = await this.snapshot({ force: options.force });
      return renderRoot(snapshot, String(options.root), { ...options, tokenBudget: options.tokenBudget ?? this.snapshotOptions.tokenBudget });
    }
    const snapshot = await this.getSnapshot({ force: options.force, ...pickSnapshotOptions(options) });
    return snapshot.toText(options);
  }

  /**
   * What changed since the last snapshot handed out (F6): `unchanged`, a `delta` (added and
   * changed lines under their context, removed ids), or `full` (first look, navigation,
   * a delta over ~70 % of the page, or `{ full: true }`). Takes a fresh snapshot.
   */
  async getChanges(options: ChangeOptions = {}): Promise<Changes> {
    const next = await this.snapshot({ force: true });
    return this.changes.changes(next, options);
  }

  /** Lines matching `query` (case-insensitive text or a RegExp) with their ids and one line of context. */
  async find(query: string | RegExp, options: { limit?: number; force?: boolean } = {}): Promise<FindResult> {
    const snapshot = await this.snapshot({ force: options.force });
    return findLines(snapshot, query, options.limit);
  }

  /** The element an id of the latest snapshot stands for, or null (no snapshot, unknown id). */
  getElement(id: string): Element | null {
    return this.previous?.getElement(id) ?? null;
  }

  invalidateSnapshot(): void {
    this.current = null;
    this.freshness.invalidate();
  }

  // ---- Actions (A1–A5): each resolves the id, verifies, acts like a person, observes
  // the effect and returns an ActionResult; never throws; always invalidates (F3).

  click(id: string, options?: ClickOptions): Promise<ActionResult> {
    return this.actions.click(id, options);
  }

  /** Types text (replacing the value unless `replace: false`); a trailing "\n" or `pressEnter` presses Enter. */
  type(id: string, text: string, options?: TypeOptions): Promise<ActionResult> {
    return this.actions.type(id, text, options);
  }

  /** Presses a key ("Enter", "Tab", "Escape", "a", "Control+A") on the focused element or on `options.id`. */
  keypress(key: string, options?: KeypressOptions): Promise<ActionResult> {
    return this.actions.keypress(key, options);
  }

  hover(id: string): Promise<ActionResult> {
    return this.actions.hover(id);
  }

  /** Chooses an option (by label or value) of a native select or an ARIA combobox/listbox. */
  select(id: string, labelOrValue: string | string[]): Promise<ActionResult> {
    return this.actions.select(id, labelOrValue);
  }

  check(id: string): Promise<ActionResult> {
    return this.actions.check(id);
  }

  uncheck(id: string): Promise<ActionResult> {
    return this.actions.uncheck(id);
  }

  focus(id: string): Promise<ActionResult> {
    return this.actions.focus(id);
  }

  clear(id: string): Promise<ActionResult> {
    return this.actions.clear(id);
  }

  /**
   * Drags a node onto another node (`position` before/after/center), to a viewport
   * point `{x, y}`, or by `{dx, dy}`. The result's `effect.moved` says what moved;
   * a drag after which nothing moved is a failure.
   */
  drag(sourceId: string, destination: DragDestination, options?: DragOptions): Promise<ActionResult> {
    return this.actions.drag(sourceId, destination, options);
  }

  /** Uploads `{ name, type?, data, encoding? }` files to a file input, its button/label, or a dropzone. */
  upload(id: string, files: UploadFile | UploadFile[], options?: UploadOptions): Promise<ActionResult> {
    return this.actions.upload(id, files, options);
  }

  /** Scrolls the page, an element's scroll container, or (no direction) the element into view. */
  scroll(target: string, options?: ScrollOptions): Promise<ActionResult> {
    return this.actions.scroll(target, options);
  }

  /**
   * Dry run: resolves and verifies an id exactly as an action would and reports what the
   * element is (tag, role, name, states, box, in view) and whether it can be acted on now,
   * with the action's error code when not. Changes nothing, scrolls nothing.
   */
  inspect(id: string): Promise<InspectResult> {
    return this.actions.inspect(id);
  }

  private overlay: HighlightOverlay | null = null;

  /** Draws labelled boxes over nodes of the current snapshot ('all' = every actionable node). */
  async highlight(nodeIds: string[] | 'all' = 'all'): Promise<HighlightResult> {
    const snapshot = await this.snapshot();
    this.overlay ??= new HighlightOverlay(this.document);
    return this.overlay.show(snapshot, nodeIds);
  }

  clearHighlight(): void {
    this.overlay?.clear();
  }
}

function throwIfNoDocument(error: unknown): void {
  if (isDomToolError(error) && error.code === 'NO_DOCUMENT') throw error;
}
