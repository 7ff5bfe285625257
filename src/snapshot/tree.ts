// The internal 1:1 tree of kept nodes built by traversal (pass 1) and reshaped by
// the distill passes (pass 2). Public VirtualNodes are produced from it by the serializers.
import type { NodeFingerprint, VirtualNode } from '../types';

export interface BuildNode {
  vn: VirtualNode;
  /** Element (or Text for '#text' runs) the node stands for; absent for synthetic nodes. */
  ref?: Node;
  children: BuildNode[];
  /** Content of an open (or opened) shadow root hosted by this element. */
  shadow?: BuildNode[];
  /** Content of a same-origin iframe document. */
  frame?: BuildNode[];
  /** Text runs with the same key belong to one block and are merged into one line. */
  block: number;
  /** Block of the flow the node sits in (its parent's text block): inline links render inside that text. */
  flowBlock?: number;
  /** Raw, un-normalized text of a '#text' run (merging happens before normalization). */
  raw?: string;
  /** Top edge in top-level viewport coordinates (budget priority: nearer the viewport first). */
  top: number;
  bottom: number;
  /** Structural hash the node's id is made from (text runs: allocated only if emitted). */
  idHash?: number;
  /** Id carried over from the previous snapshot, claimed before new ids are handed out. */
  reuseId?: string;
  /** The id (and fingerprint) came unchanged from the id memory: nothing to write back. */
  reused?: boolean;
  /** Tag, role and name recorded for the action fingerprint check (A3). */
  fp?: NodeFingerprint;
  /** Its text only repeats a control's name (a label of a visible control): not shown. */
  redundantText?: boolean;
  /** It is, or sits in, a message region (alert, live region, toast): the budget keeps it (classify/messages.ts). */
  inMessage?: boolean;
}

export const TEXT_TAG = '#text';
/** Synthetic nodes: repeated-run summaries and budget omission markers (never an HTML tag). */
export const SUMMARY_TAG = '#summary';

/**
 * Pre-order over frames, children and shadow trees, in the order the text shows them,
 * without recursion: `visit` gets each node, its parent's position in the order (-1 at
 * the top) and the value the parent handed down, and returns the value for the node's
 * own children (a depth, a flag). Parallel arrays: no object per node.
 */
export function preorder(roots: BuildNode[], visit: (node: BuildNode, parent: number, carried: number) => number): void {
  const nodes: BuildNode[] = [];
  const parents: number[] = [];
  const carries: number[] = [];
  const push = (list: BuildNode[] | undefined, parent: number, carried: number) => {
    if (list) for (let i = list.length - 1; i >= 0; i--) {
      nodes.push(list[i]);
      parents.push(parent);
      carries.push(carried);
    }
  };
  push(roots, -1, 0);
  for (let index = 0; nodes.length; index++) {
    const node = nodes.pop()!;
    const down = visit(node, parents.pop()!, carries.pop()!);
    // Pushed in reverse of display order.
    push(node.frame, index, down);
    push(node.children, index, down);
    push(node.shadow, index, down);
  }
}

/** Visits a node list depth-first, including shadow and frame content, without recursion. */
export function forEachNode(roots: BuildNode[], visit: (node: BuildNode, depth: number) => void): void {
  // Parallel arrays: no allocation per visited node.
  const nodes: BuildNode[] = [];
  const depths: number[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    nodes.push(roots[i]);
    depths.push(0);
  }
  while (nodes.length) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    visit(node, depth);
    pushReversed(nodes, depths, node.frame, depth + 1);
    pushReversed(nodes, depths, node.shadow, depth + 1);
    pushReversed(nodes, depths, node.children, depth + 1);
  }
}

function pushReversed(nodes: BuildNode[], depths: number[], list: BuildNode[] | undefined, depth: number): void {
  if (!list) return;
  for (let i = list.length - 1; i >= 0; i--) {
    nodes.push(list[i]);
    depths.push(depth);
  }
}
