// The immutable result of one snapshot: the distilled tree, both id maps, stats,
// and the two renderings (JSON payload, LLM text).
import type { NodeFingerprint, PageContext, SerializedPage, SnapshotMeta, SnapshotStats, VirtualNode } from '../types';
import type { BuildNode } from './tree';
import { TEXT_TAG } from './tree';
import type { IdMemory } from './ids/id-memory';
import type { Outline } from './render/outline';
import { buildPayload, toVirtualNode, type SerializeOptions } from './render/json';
import { renderText, type TextOptions } from './render/text';
import { isElement } from '../dom/dom-utils';
import { now } from '../dom/builtins';
import { beginCaches, endCaches } from '../dom/caches';

export type { SerializeOptions, TextOptions };

export interface DomSnapshotParts {
  /** now() when the build finished: the one clock behind takenAt and meta.takenAt. */
  takenAt?: number;
  context: PageContext;
  body: BuildNode;
  meta: SnapshotMeta;
  stats: SnapshotStats;
  notes: string[];
  /** id → kept node (element + fingerprint): the Map half of the two-way mapping. */
  nodesById: Map<string, BuildNode>;
  /** element → id: the WeakMap half, shared with later snapshots of the same DomTool. */
  memory: IdMemory;
  /** The whole distilled tree before the budget pass (deltas, find, root views). */
  outline: Outline;
  /** Snapshot-level default for serialize({ includeSelectors }). */
  includeSelectors?: boolean;
  /** Open shadow roots and same-origin frame documents the walk entered (F7: freshness observes each). */
  innerRoots?: Node[];
  /** Number of this snapshot within its document (1, 2, …); 0 for one no DomTool numbered. */
  seq?: number;
}

/** What a text run's id stands for (see DomSnapshot.textRun). */
export interface TextRunInfo {
  text: string;
  /** Id of the nearest target holding the text, or null when no target holds it. */
  holderId: string | null;
  /** That target's line as the text shows it (e.g. `nv_4cfg clickable: Guests: 2 ▾`). */
  holder: string | null;
}

/**
 * One snapshot of the page, immutable once returned: its fields, stats and id maps do not
 * change (later snapshots are new objects). Made by DomTool.getSnapshot().
 */
export class DomSnapshot {
  /** performance.now() when the snapshot was taken (monotonic; used for TTL); meta.takenAt is the same instant as epoch ms. */
  readonly takenAt: number;
  readonly stats: SnapshotStats;
  readonly context: PageContext;
  readonly meta: SnapshotMeta;
  /** Number of this snapshot within its document (1, 2, …), given by the DomTool that took it (F6). */
  readonly seq: number;
  private readonly parts: DomSnapshotParts;
  private cachedTree: VirtualNode | null = null;

  constructor(parts: DomSnapshotParts) {
    this.parts = parts;
    this.takenAt = parts.takenAt ?? now();
    this.stats = parts.stats;
    this.context = parts.context;
    this.meta = parts.meta;
    this.seq = parts.seq ?? 0;
  }

  /**
   * F7: the open shadow roots and same-origin frame documents this snapshot entered. A
   * MutationObserver on the document does not see inside them, so freshness observes each.
   * @internal
   */
  get innerRoots(): Node[] {
    return this.parts.innerRoots ?? [];
  }

  /** The distilled tree rooted at <body> (JSON-shaped). */
  get virtualDom(): VirtualNode {
    return (this.cachedTree ??= toVirtualNode(this.parts.body, {}));
  }

  /** The element a node id stands for (text runs resolve to their parent element). */
  getElement(nodeId: string): Element | null {
    const node = this.parts.nodesById.get(nodeId)?.ref;
    if (!node) return null;
    return isElement(node) ? node : node.parentElement;
  }

  getNodeId(node: Node): string | undefined {
    const remembered = this.parts.memory.recall(node);
    if (remembered && this.parts.nodesById.get(remembered.id)?.ref === node) return remembered.id;
    // The memory moved on with a newer snapshot: look the element up in this one.
    let found: string | undefined;
    this.parts.nodesById.forEach((kept, id) => {
      if (found === undefined && kept.ref === node) found = id;
    });
    return found;
  }

  /**
   * A text run's id (the JSON gives text runs ids; they are not elements): its text and
   * the nearest target that holds it, as the text shows that target's line. Null for
   * ids that are not text runs of this snapshot.
   * @internal
   */
  textRun(nodeId: string): TextRunInfo | null {
    const outline = this.parts.outline;
    const index = outline.indexOf(nodeId);
    if (index < 0 || outline.nodes[index].vn.tag !== TEXT_TAG) return null;
    const text = outline.nodes[index].vn.text ?? '';
    for (let p = outline.parents[index]; p >= 0; p = outline.parents[p]) {
      const holder = outline.nodes[p];
      if (holder.vn.actionable && holder.vn.node_id)
        return { text, holderId: holder.vn.node_id, holder: outline.line(p) };
    }
    return { text, holderId: null, holder: null };
  }

  /**
   * Why the walk stopped before the end of the page (its time budget, e.g. "time budget
   * 250 ms"), or null: then the outline holds the whole page (a token budget cuts only the
   * rendering). What is looked up or counted in a cut snapshot is of the part it read.
   * @internal
   */
  walkCut(): string | null {
    const reasons = this.meta.truncation;
    if (!reasons) return null;
    for (let i = 0; i < reasons.length; i++) if (reasons[i].startsWith('time budget')) return reasons[i];
    return null;
  }

  /** The targets shown inside a node (its subtree in this snapshot), with their text lines. @internal */
  targetsWithin(nodeId: string): { id: string; line: string }[] {
    const outline = this.parts.outline;
    const index = outline.indexOf(nodeId);
    const out: { id: string; line: string }[] = [];
    if (index < 0) return out;
    const end = outline.subtreeEnd(index);
    for (let i = index + 1; i < end && out.length < 30; i++) {
      const vn = outline.nodes[i].vn;
      if (vn.actionable && vn.node_id) out.push({ id: vn.node_id, line: outline.line(i) });
    }
    return out;
  }

  has(nodeId: string): boolean {
    return this.parts.nodesById.has(nodeId);
  }

  /** F8: the id was handed out earlier in this document (its element is gone if it no longer resolves). @internal */
  wasIssued(nodeId: string): boolean {
    return this.parts.memory.wasIssued(nodeId);
  }

  /** Tag, role and name the node had when the snapshot was taken (A3). */
  getFingerprint(nodeId: string): NodeFingerprint | null {
    return this.parts.nodesById.get(nodeId)?.fp ?? null;
  }

  /** All ids that resolve to an element, in document order. */
  ids(): string[] {
    const out: string[] = [];
    this.parts.nodesById.forEach((_node, id) => out.push(id));
    return out;
  }

  serialize(options: SerializeOptions = {}): SerializedPage {
    const start = now();
    if (options.includeSelectors === undefined && this.parts.includeSelectors)
      options = { ...options, includeSelectors: true };
    const body = options.includeSelectors ? toVirtualNode(this.parts.body, options) : this.virtualDom;
    const payload = buildPayload(this.context, options.includeSelectors ? body : cloneTree(body), this.meta);
    payload.page.meta.timings.serializeMs = round(now() - start);
    return payload;
  }

  /** The same snapshot as number `seq` of its document (F6): a new object, this one is not changed. @internal */
  numbered(seq: number): DomSnapshot {
    const copy = new DomSnapshot({ ...this.parts, takenAt: this.takenAt, seq });
    copy.cachedTree = this.cachedTree;
    return copy;
  }

  /** The LLM text rendering (one line per node); it changes nothing in the snapshot. */
  toText(options: TextOptions = {}): string {
    return renderText(
      { context: this.context, roots: [this.parts.body], meta: this.meta, omittedNotes: this.parts.notes },
      options,
    );
  }

  /**
   * Describes in full what the budget left undescribed, as the page is now: call it before
   * the page changes when this snapshot is what a later one will be compared with (an
   * action's effects compare every line). @internal
   */
  seal(): void {
    beginCaches();
    try {
      this.parts.outline.seal();
    } finally {
      endCaches();
    }
  }

  /** The whole distilled tree before budgeting (deltas, find, root views). @internal */
  get outline(): Outline {
    return this.parts.outline;
  }

  /** The distilled build tree (for renderers living next to the snapshot). @internal */
  get buildTree(): BuildNode {
    return this.parts.body;
  }
}

/** The cached tree must not be handed out mutable: callers may edit their payload. */
function cloneTree(root: VirtualNode): VirtualNode {
  return toPlain(root) as VirtualNode;
}

function toPlain(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) out.push(toPlain(value[i]));
    return out;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) out[keys[i]] = toPlain((value as Record<string, unknown>)[keys[i]]);
    return out;
  }
  return value;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
