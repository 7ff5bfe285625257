// The internal 1:1 tree of kept nodes built by traversal (pass 1) and reshaped by
// the distill passes (pass 2). Public VirtualNodes are produced from it by the serializers.
import type { VirtualNode } from '../types';

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
  /** Its text only repeats a control's name (a label of a visible control): not shown. */
  redundantText?: boolean;
}

export const TEXT_TAG = '#text';
/** Synthetic nodes: repeated-run summaries and budget omission markers (never an HTML tag). */
export const SUMMARY_TAG = '#summary';

export function isTextNode(node: BuildNode): boolean {
  return node.vn.tag === TEXT_TAG;
}

/** Visits a node list depth-first, including shadow and frame content, without recursion. */
export function forEachNode(roots: BuildNode[], visit: (node: BuildNode, depth: number) => void): void {
  const stack: { node: BuildNode; depth: number }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i], depth: 0 });
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    visit(node, depth);
    const lists = [node.frame, node.shadow, node.children];
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l];
      if (!list) continue;
      for (let i = list.length - 1; i >= 0; i--) stack.push({ node: list[i], depth: depth + 1 });
    }
  }
}
