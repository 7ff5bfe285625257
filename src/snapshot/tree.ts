// The internal 1:1 tree of kept nodes built by traversal (pass 1) and reshaped by
// the distill passes (pass 2). Public VirtualNodes are produced from it by the serializers.
import type { NodeFingerprint, VirtualNode } from '../types';
import type { PlainRect } from '../dom/geometry';

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
  /**
   * What a pointer operates for this element (it, or the stand-in of a control drawn invisible)
   * and that target's border box in its own frame's coordinates, as the walk read them: the
   * covers test after the walk reuses both instead of reading them again.
   */
  target?: Element;
  targetBox?: DOMRect | null;
  /** Its clip chain is empty, as the walk's clips show (walk/frame-view.ts unclipped): the covers test does not read it. */
  unclipped?: boolean;
  /** Its text only repeats a control's name (a label of a visible control): not shown. */
  redundantText?: boolean;
  /** It is, or sits in, a message region (alert, live region, toast): the budget keeps it (classify/messages.ts). */
  inMessage?: boolean;
  /**
   * The rest of the node's description (states, link target, consequence, ARIA relations,
   * computed facts), left for when its line is needed: a budgeted snapshot drops many kept
   * nodes, and their description would be thrown away (classify/describe.ts completeNode).
   * Copies of the node share it, so the description runs once whichever copy asks.
   */
  pending?: PendingDescription;
}

/** What the walk knew of a kept element whose description is left for later (classify/describe.ts). */
export interface PendingDescription {
  done: boolean;
  role: string | null;
  /** The walk's actionability of the element (tier, reason, focusable), null for none. */
  act: { tier: number; reason?: string; focusable: boolean } | null;
  /**
   * The walk's attribute scan: some aria-* state attribute, which relation attributes the element
   * may have (classify/describe.ts relationsOf), an href.
   */
  aria: boolean;
  relations: number;
  href: boolean;
  offscreen: boolean;
  rect: PlainRect;
  includeLayout: boolean;
  /** The name the walk computed (later passes may clear vn.name on a folded or demoted node). */
  name: string | undefined;
  /** Keys the node's fields had after the walk: later fields keep their place after the described ones. */
  keys: number;
  /** Folded into another link (distill/duplicate-links.ts): completing it keeps it no target. */
  folded?: boolean;
}

export const TEXT_TAG = '#text';
/** Synthetic nodes: repeated-run summaries and budget omission markers (never an HTML tag). */
export const SUMMARY_TAG = '#summary';
/** Synthetic line that opens hover-only content under its trigger (walk/hover-content.ts). */
export const HOVER_TAG = '#hover';

/**
 * Pre-order over frames, children and shadow trees, in the order the text shows them,
 * without recursion: `visit` gets each node, its parent's position in the order (-1 at
 * the top) and the value the parent handed down, and returns the value for the node's
 * own children (a depth, a flag). Parallel arrays: no object per node.
 */
export function preorder(
  roots: BuildNode[],
  visit: (node: BuildNode, parent: number, carried: number) => number,
): void {
  const nodes: BuildNode[] = [];
  const parents: number[] = [];
  const carries: number[] = [];
  const push = (list: BuildNode[] | undefined, parent: number, carried: number) => {
    if (list)
      for (let i = list.length - 1; i >= 0; i--) {
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

/** Visits every node with its depth (0 at the roots), in the one walker order (preorder's). */
export function forEachNode(roots: BuildNode[], visit: (node: BuildNode, depth: number) => void): void {
  preorder(roots, (node, _parent, depth) => {
    visit(node, depth);
    return depth + 1;
  });
}

/**
 * The one tree rewrite step: every list of a node's content — light children, shadow
 * content, frame content — replaced by `rewrite`'s answer for it. A rewrite that lists
 * the three itself forgets one sooner or later (modal.ts confineTo forgot frames).
 */
export function rewriteContent(node: BuildNode, rewrite: (list: BuildNode[]) => BuildNode[]): void {
  node.children = rewrite(node.children);
  if (node.shadow) node.shadow = rewrite(node.shadow);
  if (node.frame) node.frame = rewrite(node.frame);
}

/** Calls `visit` with each list of a node's content (children, shadow, frame), in that order. */
export function eachContentList(node: BuildNode, visit: (list: BuildNode[]) => void): void {
  visit(node.children);
  if (node.shadow) visit(node.shadow);
  if (node.frame) visit(node.frame);
}
