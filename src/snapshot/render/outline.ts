// The whole distilled tree of one snapshot as a flat pre-order list, recorded before
// the budget pass cuts it (F6, scoped views). Deltas compare against it (an element cut
// by the budget is not "removed"), `find` searches it and `getText({ root })` renders a
// subtree from it even when the budget left that subtree out. Recording is one pass of
// pushes; lines are formatted only when a delta, find or root view asks for them.
import type { BuildNode } from '../tree';
import { preorder, SUMMARY_TAG, TEXT_TAG } from '../tree';
import { DEFAULT_TEXT_LENGTH, formatLine, hasOwnLine, type LineContext } from './text';
import { completeNode } from '../classify/describe';

export class Outline {
  /** Nodes in display order (shadow content, light children, frame content — as the text renders them). */
  readonly nodes: BuildNode[] = [];
  /** Index of each node's parent in `nodes` (-1 for a top-level node). */
  readonly parents: number[] = [];
  /** Number of ancestors that have a line of their own (the text's indentation level). */
  readonly levels: number[] = [];
  private byId: Map<string, number> | null = null;
  private lines: (string | null)[] | null = null;

  /** Records `roots` (flattened, before budgeting); `visit` runs once per node in order (id assignment). */
  static record(roots: BuildNode[], visit?: (node: BuildNode) => void): Outline {
    const out = new Outline();
    preorder(roots, (node, parent, level) => {
      if (visit) visit(node);
      out.nodes.push(node);
      out.parents.push(parent);
      out.levels.push(level);
      return hasOwnLine(node.vn) ? level + 1 : level;
    });
    return out;
  }

  /**
   * Describes in full every node the budget left undescribed (BuildNode.pending): before the
   * page changes, when this outline is what a later one is compared with (an action's effects).
   */
  seal(): void {
    for (let i = 0; i < this.nodes.length; i++) completeNode(this.nodes[i]);
  }

  get size(): number {
    return this.nodes.length;
  }

  indexOf(id: string): number {
    if (!this.byId) {
      this.byId = new Map();
      for (let i = 0; i < this.nodes.length; i++) {
        const id = this.nodes[i].vn.node_id;
        if (id) this.byId.set(id, i);
      }
    }
    const i = this.byId.get(id);
    return i === undefined ? -1 : i;
  }

  has(id: string): boolean {
    return this.indexOf(id) >= 0;
  }

  /** The node's text line without indentation ('' for nodes without a line of their own). */
  line(index: number): string {
    this.lines ??= new Array(this.nodes.length).fill(null);
    let line = this.lines[index];
    if (line === null) {
      line = lineOf(this.nodes[index]);
      this.lines[index] = line;
    }
    return line;
  }

  /** Nearest ancestor with a line of its own, or -1. */
  context(index: number): number {
    for (let p = this.parents[index]; p >= 0; p = this.parents[p]) if (this.line(p)) return p;
    return -1;
  }

  /** Whether `ancestor` is `index` or one of its ancestors. */
  within(index: number, ancestor: number): boolean {
    for (let p = index; p >= 0; p = this.parents[p]) if (p === ancestor) return true;
    return false;
  }

  /** One past the last descendant of `index` (pre-order: the subtree is a contiguous range). */
  subtreeEnd(index: number): number {
    let end = index + 1;
    while (end < this.nodes.length && this.within(end, index)) end++;
    return end;
  }

  /** Copies of the subtree at `index` as a fresh BuildNode tree (safe to budget and render). */
  copySubtree(index: number): BuildNode {
    const end = this.subtreeEnd(index);
    const copies = new Map<number, BuildNode>();
    let root: BuildNode | null = null;
    for (let i = index; i < end; i++) {
      completeNode(this.nodes[i]);
      const copy: BuildNode = { ...this.nodes[i], children: [], shadow: undefined, frame: undefined };
      copies.set(i, copy);
      if (i === index) root = copy;
      else copies.get(this.parents[i])?.children.push(copy);
    }
    return root!;
  }
}

/** Neutral line context: no list numbering, no viewport flags (they change on every scroll). */
const NEUTRAL: LineContext = {
  ordered: false,
  ordinal: 1,
  maxTextLength: DEFAULT_TEXT_LENGTH,
  includeHrefs: false,
  neutral: true,
};

/** The text line of one node as a delta or find result shows it ('' when it has none). */
export function lineOf(node: BuildNode): string {
  completeNode(node);
  const vn = node.vn;
  if (vn.tag === SUMMARY_TAG) return '';
  if (vn.tag === TEXT_TAG) return vn.text ?? '';
  if (!hasOwnLine(vn)) return '';
  return formatLine(node, NEUTRAL);
}
