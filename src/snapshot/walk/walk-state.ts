// What one walk (traverse.ts) builds and shares across the modules that add to it: the
// result, the depth-first stack and the block counter that keeps text runs apart.
import type { ResolvedSnapshotOptions } from '../../options';
import type { BuildNode } from '../tree';
import type { CoverScan } from '../classify/covers';
import type { TextPerception } from '../classify/perception';
import type { Context } from './context';

export interface TraversalResult {
  roots: BuildNode[];
  visited: number;
  /** Text runs created (an upper bound on emitted text nodes). */
  textRuns: number;
  kept: number;
  timedOut: boolean;
  /** Every kept node's element, with its fingerprint; the id maps are built from it. */
  keptNodes: BuildNode[];
  labels: BuildNode[];
  /** Positioned boxes and text runs of the page and its same-origin frames, for the cover checks after traversal (S13, S14). */
  covers: CoverScan;
  perception: TextPerception;
  /** Controls drawn invisible and listed through their stand-in (their labels carry no id of their own). */
  standIns: Set<Element>;
  /** The open modal the walk was confined to (classify/modal.ts), or null. */
  modal: Element | null;
  /** Open shadow roots and same-origin frame documents entered (F7: freshness observes them). */
  innerRoots: Node[];
}

/** One walk's shared state. */
export class WalkState {
  // The depth-first stack as three parallel arrays: no object per visited node.
  readonly nodes: Node[] = [];
  readonly contexts: Context[] = [];
  readonly indexes: number[] = [];
  /** The last block number handed out: adjacent text merges into one run only within a block. */
  blocks = 0;

  constructor(
    readonly result: TraversalResult,
    readonly options: ResolvedSnapshotOptions,
  ) {}

  /** Queues `node` (the `index`-th child of its parent) to be visited in `ctx`. */
  readonly push = (node: Node, ctx: Context, index: number): void => {
    this.nodes.push(node);
    this.contexts.push(ctx);
    this.indexes.push(index);
  };
}
