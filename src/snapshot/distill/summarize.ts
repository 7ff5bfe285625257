// Distill pass (S9): long runs of look-alike siblings (same tag, role and shape) are
// cut to their first N items plus one summary node saying how many there were.
// Deterministic: the same tree always yields the same summary.
import type { BuildNode } from '../tree';
import { SUMMARY_TAG, forEachNode } from '../tree';

export interface SummarizeOptions {
  threshold: number;
  keep: number;
  /** Items intersecting this box are kept too: what is on screen is never summarized away. */
  viewport?: { top: number; bottom: number };
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
        const vp = options.viewport;
        let shown = 0;
        let lastShown = i;
        for (let k = i; k < j; k++) {
          const item = list[k];
          if (k < i + options.keep || (vp && item.bottom > vp.top && item.top < vp.bottom)) {
            out.push(item);
            shown++;
            lastShown = k;
          } else removed += countNodes(item);
        }
        if (shown < run) out.push(summaryNode(list, i, run, shown, lastShown));
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

function summaryNode(list: BuildNode[], start: number, total: number, shown: number, lastShown: number): BuildNode {
  const first = list[start];
  const kind = first.vn.role ?? first.vn.tag;
  const label = kind + ' items';
  const last = list[start + total - 1];
  const which = shown > 0 && lastShown - start + 1 === shown ? `Showing first ${shown}` : `Showing ${shown} (the first ones and those in view)`;
  return {
    vn: {
      node_id: first.vn.node_id + '_s',
      tag: SUMMARY_TAG,
      visible: true,
      text: `List of ${total} ${label}. ${which}.`,
      summary: { total, shown, label },
    },
    children: [],
    block: first.block,
    top: list[Math.min(lastShown + 1, start + total - 1)].top,
    bottom: last.bottom,
  };
}

export function countNodes(node: BuildNode): number {
  let n = 0;
  forEachNode([node], () => n++);
  return n;
}
