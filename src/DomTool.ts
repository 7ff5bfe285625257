// Facade: snapshot cache (TTL + dirty flag), serialization, and actions by node id.
import { resolveSnapshotOptions, type DomToolOptions, type ResolvedSnapshotOptions, type SnapshotOptions } from './options';
import { buildSnapshot } from './snapshot/build';
import type { DomSnapshot, SerializeOptions, TextOptions } from './snapshot/DomSnapshot';
import type { SerializedPage } from './types';
import { HighlightOverlay, type HighlightResult } from './integration/highlight';

export class DomTool {
  readonly options: DomToolOptions;
  private readonly snapshotOptions: ResolvedSnapshotOptions;
  private current: DomSnapshot | null = null;
  private previous: DomSnapshot | null = null;

  constructor(options: DomToolOptions = {}) {
    this.options = { snapshotTTL: 2000, effectWindowMs: 400, ...options };
    this.snapshotOptions = resolveSnapshotOptions(options);
  }

  get document(): Document {
    return this.options.document ?? document;
  }

  /** Current snapshot; rebuilt when missing, expired (TTL) or forced (F1). */
  async getSnapshot(opts: { force?: boolean } & SnapshotOptions = {}): Promise<DomSnapshot> {
    const { force, ...overrides } = opts;
    const ttl = this.options.snapshotTTL ?? 2000;
    const hasOverrides = Object.keys(overrides).length > 0;
    if (!force && !hasOverrides && this.current && performance.now() - this.current.takenAt < ttl) return this.current;
    const options = hasOverrides ? resolveSnapshotOptions({ ...this.options, ...overrides }) : this.snapshotOptions;
    const snapshot = buildSnapshot(this.document, options, this.previous ?? undefined);
    this.previous = snapshot;
    if (!hasOverrides) this.current = snapshot;
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
  async get_serialized_dom(options: SerializeOptions & { force?: boolean } = {}): Promise<SerializedPage> {
    const snapshot = await this.getSnapshot({ force: options.force });
    return snapshot.serialize(options);
  }

  getSerializedDom(options: SerializeOptions & { force?: boolean } = {}): Promise<SerializedPage> {
    return this.get_serialized_dom(options);
  }

  /** The LLM text rendering. */
  async getText(options: TextOptions & { force?: boolean } = {}): Promise<string> {
    const snapshot = await this.getSnapshot({ force: options.force });
    return snapshot.toText(options);
  }

  invalidateSnapshot(): void {
    this.current = null;
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
