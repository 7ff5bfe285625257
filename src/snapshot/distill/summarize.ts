// Distill pass (S9): long runs of look-alike siblings (same tag, role and shape) are
// cut to their first N items plus one summary node saying how many there were.
// Deterministic: the same tree always yields the same summary.
import type { BuildNode } from '../tree';
import { forEachNode } from '../tree';

export interface SummarizeOptions {
  threshold: number;
  keep: number;
}

function shapeOf(node: BuildNode): string {
  const vn = node.vn;
  let shape = vn.tag + '/' + (vn.role ?? '') + '/' + (vn.actionable ? 'a' : '');
  // One level of child shape separates "product tile" from "ad tile" without deep hashing.
  for (let i = 0; i < node.children.length && i < 6; i++) shape += ',' + node.children[i].vn.tag + (node.children[i].vn.role ?? '');
  return shape;
}

/** Returns the number of nodes removed. */
export function summarizeRepeats(roots: BuildNode[], options: SummarizeOptions): number {
  let removed = 0;
  const visitList = (list: BuildNode[]): BuildNode[] => {
    if (list.length <= options.threshold) return list;
    const out: BuildNode[] = [];
    let i = 0;
    while (i < list.length) {
      const shape = shapeOf(list[i]);
      let j = i + 1;
      while (j < list.length && shapeOf(list[j]) === shape) j++;
      const run = j - i;
      if (run > options.threshold) {
        for (let k = i; k < i + options.keep; k++) out.push(list[k]);
        out.push(summaryNode(list, i, run, options.keep));
        for (let k = i + options.keep; k < j; k++) removed += countNodes(list[k]);
      } else {
        for (let k = i; k < j; k++) out.push(list[k]);
      }
      i = j;
    }
    return out;
  };
  // Parents first: a summarized run is not descended into.
  const top = visitList(roots).slice();
  roots.length = 0;
  for (let i = 0; i < top.length; i++) roots.push(top[i]);
  forEachNode(roots, (node) => {
    node.children = visitList(node.children);
    if (node.shadow) node.shadow = visitList(node.shadow);
    if (node.frame) node.frame = visitList(node.frame);
  });
  return removed;
}

function summaryNode(list: BuildNode[], start: number, total: number, shown: number): BuildNode {
  const first = list[start];
  const kind = first.vn.role ?? first.vn.tag;
  const label = kind + (total === 1 ? '' : ' items');
  const last = list[start + total - 1];
  return {
    vn: {
      node_id: first.vn.node_id + '_s',
      tag: 'summary',
      visible: true,
      text: `List of ${total} ${label}. Showing first ${shown}.`,
      summary: { total, shown, label },
    },
    children: [],
    block: first.block,
    top: list[start + shown]?.top ?? first.top,
    bottom: last.bottom,
  };
}

export function countNodes(node: BuildNode): number {
  let n = 0;
  forEachNode([node], () => n++);
  return n;
}
