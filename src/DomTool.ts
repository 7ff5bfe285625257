// Facade: snapshot cache (TTL + dirty flag), serialization, and actions by node id.
import { pickSnapshotOptions, resolveSnapshotOptions, type DomToolOptions, type ResolvedSnapshotOptions, type SnapshotOptions } from './options';
import { buildSnapshot } from './snapshot/build';
import { IdMemory } from './snapshot/id-memory';
import type { DomSnapshot, SerializeOptions, TextOptions } from './snapshot/DomSnapshot';
import type { SerializedPage } from './types';
import { HighlightOverlay, type HighlightResult } from './integration/highlight';
import { ActionRunner, type KeypressOptions, type ScrollOptions, type TypeOptions } from './actions/ActionRunner';
import type { ClickOptions } from './actions/pointer';
import { FreshnessTracker } from './freshness/FreshnessTracker';
import type { ActionResult } from './types';

export class DomTool {
  readonly options: DomToolOptions;
  private readonly snapshotOptions: ResolvedSnapshotOptions;
  private current: DomSnapshot | null = null;
  private previous: DomSnapshot | null = null;
  /** Element → id memory shared by this tool's snapshots (S7: surviving elements keep their ids). */
  private memory = new IdMemory();

  constructor(options: DomToolOptions = {}) {
    this.options = { snapshotTTL: 2000, effectWindowMs: 400, ...options };
    this.snapshotOptions = resolveSnapshotOptions(options);
    this.freshness = new FreshnessTracker(() => this.document, { ttl: this.options.snapshotTTL ?? 2000 });
    // F5: navigation away / bfcache: drop snapshots and element references.
    this.freshness.watchPageLifecycle(() => {
      this.current = null;
      this.previous = null;
      this.memory = new IdMemory();
    });
    this.actions = new ActionRunner({
      document: () => this.document,
      effectWindowMs: () => this.options.effectWindowMs ?? 400,
      latestSnapshot: () => this.previous,
      refreshSnapshot: () => this.getSnapshot({ force: true }),
      invalidate: () => this.invalidateSnapshot(),
      metrics: (event) => this.options.metricsCollector?.(event),
      debug: this.options.debug === true,
    });
  }

  private readonly freshness: FreshnessTracker;
  private readonly actions: ActionRunner;

  get document(): Document {
    return this.options.document ?? document;
  }

  /** Current snapshot; rebuilt when missing, expired (TTL) or forced (F1). */
  async getSnapshot(opts: { force?: boolean } & SnapshotOptions = {}): Promise<DomSnapshot> {
    const { force, ...overrides } = opts;
    const ttl = this.options.snapshotTTL ?? 2000;
    const hasOverrides = Object.keys(overrides).length > 0;
    // F1 + F2: reuse while within the TTL and no meaningful mutation marked it dirty.
    if (!force && !hasOverrides && this.current && this.freshness.isFresh() && performance.now() - this.current.takenAt < ttl) return this.current;
    const options = hasOverrides ? resolveSnapshotOptions({ ...this.options, ...overrides }) : this.snapshotOptions;
    const snapshot = buildSnapshot(this.document, options, this.memory);
    this.previous = snapshot;
    if (!hasOverrides) {
      this.current = snapshot;
      this.freshness.track(snapshot.takenAt);
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
    const snapshot = await this.getSnapshot({ force: options.force, ...pickSnapshotOptions(options) });
    return snapshot.serialize(options);
  }

  getSerializedDom(options: SerializeOptions & SnapshotOptions & { force?: boolean } = {}): Promise<SerializedPage> {
    return this.get_serialized_dom(options);
  }

  /** The LLM text rendering. Snapshot options given here take a one-off snapshot with them. */
  async getText(options: TextOptions & SnapshotOptions & { force?: boolean } = {}): Promise<string> {
    const snapshot = await this.getSnapshot({ force: options.force, ...pickSnapshotOptions(options) });
    return snapshot.toText(options);
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

  /** Scrolls the page, an element's scroll container, or (no direction) the element into view. */
  scroll(target: string, options?: ScrollOptions): Promise<ActionResult> {
    return this.actions.scroll(target, options);
  }

  private overlay: HighlightOverlay | null = null;

  /** Draws labelled boxes over nodes of the current snapshot ('all' = every actionable node). */
  async highlight(nodeIds: string[] | 'all' = 'all'): Promise<HighlightResult> {
    const snapshot = await this.getSnapshot();
    this.overlay ??= new HighlightOverlay(this.document);
    return this.overlay.show(snapshot, nodeIds);
  }

  clearHighlight(): void {
    this.overlay?.clear();
  }
}
