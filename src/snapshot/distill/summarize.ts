// Distill pass (S9): long runs of look-alike siblings (same tag, role and shape) are
// cut, and one summary node per cut stretch says how many items it stands for and
// which way to scroll to see them. What is kept: items in view (or the first N when the
// run is not in view), items holding something the budget must keep (alerts, the
// focused control…), then — when a token allowance is given — as many more items as
// fit, nearest to the viewport first, so the budget is actually used.
// Deterministic: the same tree always yields the same summary.
import type { BuildNode } from '../tree';
import { SUMMARY_TAG, eachContentList, forEachNode, rewriteContent } from '../tree';

export interface SummarizeOptions {
  threshold: number;
  keep: number;
  /** Items intersecting this box are kept too: what is on screen is never summarized away. */
  viewport?: { top: number; bottom: number };
  /** Token cost of a node's whole subtree (with `tokenLimit`: fill the budget with more items). */
  costOf?: (node: BuildNode) => number;
  /** Token cost of the tree before summarizing, and the limit to fill up to. */
  totalCost?: number;
  tokenLimit?: number;
  /**
   * When costOf and totalCost are lower bounds: the exact cost of the tree with the `cut`
   * subtrees taken away (each subtracted as costAfterCuts does), and the exact cost of one
   * subtree. Asked only when the bounds leave room to fill, and then only for what decides
   * the fill: the rest of the lines need not be priced exactly.
   */
  exactCostWithout?: (cut: BuildNode[]) => number;
  exactCostOf?: (node: BuildNode) => number;
  /** Items holding such a node are never summarized away (alerts, focus, open dialogs). */
  mustKeep?: (node: BuildNode) => boolean;
}

function shapeOf(node: BuildNode): string {
  const vn = node.vn;
  let shape = vn.tag + '/' + (vn.role ?? '') + '/' + (vn.actionable ? 'a' : '');
  // One level of child shape separates "product tile" from "ad tile" without deep hashing.
  for (let i = 0; i < node.children.length && i < 6; i++)
    shape += ',' + node.children[i].vn.tag + (node.children[i].vn.role ?? '');
  return shape;
}

interface Run {
  list: BuildNode[];
  start: number;
  end: number;
  keep: boolean[];
  /** Items before the run that the walk left unread above the viewport (walk/viewport-first.ts). */
  skipped: number;
}

/** The walk's line for the items it left unread above the viewport, when it precedes `list[i]`. */
function skippedBefore(list: BuildNode[], i: number): number {
  const before = i > 0 ? list[i - 1] : undefined;
  return before && before.vn.tag === SUMMARY_TAG && before.vn.summary?.label === 'above' ? before.vn.summary.total : 0;
}

/** Tokens a summary line costs (estimate), counted when deciding how much room is left. */
const MARKER_COST = 24;

/** Returns the number of nodes removed. */
export function summarizeRepeats(roots: BuildNode[], options: SummarizeOptions): number {
  const vp = options.viewport;
  const inView = (n: BuildNode) => !!vp && n.bottom > vp.top && n.top < vp.bottom;
  // 1. Find the runs (in every list, nested ones included) and the items each must keep.
  const runs: Run[] = [];
  const byList = new Map<BuildNode[], Run[]>();
  const scan = (list: BuildNode[]) => {
    if (list.length <= options.threshold) return;
    let i = 0;
    while (i < list.length) {
      const shape = shapeOf(list[i]);
      let j = i + 1;
      while (j < list.length && shapeOf(list[j]) === shape) j++;
      if (j - i > options.threshold) {
        let anyInView = false;
        for (let k = i; k < j; k++) if (inView(list[k])) anyInView = true;
        const keep: boolean[] = [];
        for (let k = i; k < j; k++)
          keep.push(
            (anyInView ? inView(list[k]) : k < i + options.keep) ||
              (!!options.mustKeep && holds(list[k], options.mustKeep)),
          );
        const run = { list, start: i, end: j, keep, skipped: skippedBefore(list, i) };
        runs.push(run);
        if (!byList.has(list)) byList.set(list, []);
        byList.get(list)!.push(run);
      }
      i = j;
    }
  };
  scan(roots);
  forEachNode(roots, (node) => eachContentList(node, scan));
  if (!runs.length) return 0;

  // 2. Fill the token allowance with more items, nearest to the viewport first.
  const costOf = options.costOf;
  if (costOf && options.tokenLimit !== undefined && options.totalCost !== undefined && isFinite(options.tokenLimit)) {
    // What stays once every item not kept goes: over the limit (even as a lower bound), no item fits.
    let used = costAfterCuts(runs, costOf, options.totalCost);
    let price = costOf;
    const { exactCostWithout, exactCostOf } = options;
    if (exactCostWithout && exactCostOf && used <= options.tokenLimit) {
      used = exactCostWithout(cutItems(runs)) + runs.length * 2 * MARKER_COST;
      price = exactCostOf;
    }
    fillAllowance(runs, price, used, options.tokenLimit, vp);
  }

  // 3. Rewrite the lists: kept items stay, each cut stretch becomes one summary node.
  const counter = { removed: 0 };
  const rewrite = (list: BuildNode[]) => rewriteList(list, byList, vp, counter);
  const top = rewrite(roots);
  if (top !== roots) {
    const copy = top.slice();
    roots.length = 0;
    for (let i = 0; i < copy.length; i++) roots.push(copy[i]);
  }
  forEachNode(roots, (node) => rewriteContent(node, rewrite));
  return counter.removed;
}

/** The items their runs do not keep (yet). */
function cutItems(runs: Run[]): BuildNode[] {
  const out: BuildNode[] = [];
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    for (let k = 0; k < run.keep.length; k++) if (!run.keep[k]) out.push(run.list[run.start + k]);
  }
  return out;
}

/** Tokens of the tree with every item its run does not keep cut away (two summary lines per run). */
function costAfterCuts(runs: Run[], costOf: (node: BuildNode) => number, totalCost: number): number {
  let used = totalCost + runs.length * 2 * MARKER_COST;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    for (let k = 0; k < run.keep.length; k++) if (!run.keep[k]) used -= costOf(run.list[run.start + k]);
  }
  return used;
}

/** Keeps more items while they fit in `limit`, nearest to the viewport first. */
function fillAllowance(
  runs: Run[],
  costOf: (node: BuildNode) => number,
  used: number,
  limit: number,
  vp: SummarizeOptions['viewport'],
): void {
  // Nothing fits: the first candidate would stop the loop below.
  if (used > limit) return;
  const candidates: { run: Run; k: number; distance: number }[] = [];
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    for (let k = 0; k < run.keep.length; k++) {
      if (run.keep[k]) continue;
      const item = run.list[run.start + k];
      // Below the viewport reads on naturally; above costs a scroll back: weigh it double.
      const distance = !vp
        ? k
        : item.top >= vp.bottom
          ? item.top - vp.bottom
          : item.bottom <= vp.top
            ? 2 * (vp.top - item.bottom)
            : 0;
      candidates.push({ run, k, distance });
    }
  }
  candidates.sort((a, b) => a.distance - b.distance || a.run.start - b.run.start || a.k - b.k);
  // Priced in this order, up to the first that does not fit: the rest need no price.
  for (let c = 0; c < candidates.length; c++) {
    const cand = candidates[c];
    const cost = costOf(cand.run.list[cand.run.start + cand.k]);
    if (used + cost > limit) break;
    used += cost;
    cand.run.keep[cand.k] = true;
  }
}

/** One list with its runs cut: kept items stay, each cut stretch becomes one summary node. */
function rewriteList(
  list: BuildNode[],
  byList: Map<BuildNode[], Run[]>,
  vp: SummarizeOptions['viewport'],
  counter: { removed: number },
): BuildNode[] {
  const listRuns = byList.get(list);
  if (!listRuns) return list;
  const out: BuildNode[] = [];
  let next = 0;
  for (let r = 0; r < listRuns.length; r++) {
    const run = listRuns[r];
    for (; next < run.start; next++) out.push(list[next]);
    // The walk's "above the visible area" line: this run's own summary counts those items.
    const aboveLine = run.skipped ? out.pop()! : null;
    const count = run.end - run.start;
    const total = count + run.skipped;
    let shown = 0;
    for (let k = 0; k < count; k++) if (run.keep[k]) shown++;
    if (aboveLine && run.keep[0]) out.push(summaryNode(list, run.start, total, shown, 0, 0, vp, aboveLine));
    let k = 0;
    while (k < count) {
      if (run.keep[k]) {
        out.push(list[run.start + k]);
        k++;
        continue;
      }
      let e = k;
      while (e < count && !run.keep[e]) {
        counter.removed += countNodes(list[run.start + e]);
        e++;
      }
      out.push(summaryNode(list, run.start, total, shown, k, e, vp, k === 0 ? aboveLine : null));
      k = e;
    }
    next = run.end;
  }
  for (; next < list.length; next++) out.push(list[next]);
  return out;
}

function holds(node: BuildNode, test: (node: BuildNode) => boolean): boolean {
  let found = false;
  forEachNode([node], (n) => {
    if (!found && test(n)) found = true;
  });
  return found;
}

/**
 * The summary standing for items [from, to) of a run of `total` starting at `start`; with
 * `above`, the walk's line for the items it left unread before the run counts in too.
 */
function summaryNode(
  list: BuildNode[],
  start: number,
  total: number,
  shown: number,
  from: number,
  to: number,
  vp?: { top: number; bottom: number },
  above?: BuildNode | null,
): BuildNode {
  const first = above ?? list[start + from];
  const last = to > from ? list[start + to - 1] : first;
  const kind = list[start].vn.role ?? list[start].vn.tag;
  const label = kind + ' items';
  const skipped = above?.vn.summary?.total ?? 0;
  const count = to - from + skipped;
  const which = !skipped && from === shown && from > 0 && to === total ? `Showing first ${shown}` : `Showing ${shown}`;
  const where = !vp
    ? ''
    : last.bottom <= vp.top
      ? ' above (scroll up to see them)'
      : first.top >= vp.bottom
        ? ' below (scroll down to see them)'
        : '';
  return {
    vn: {
      node_id: first.vn.node_id + '_s',
      tag: SUMMARY_TAG,
      visible: true,
      text: `List of ${total} ${label}. ${which}; ${count} more${where}.`,
      summary: { total, shown, label },
    },
    children: [],
    block: first.block,
    top: first.top,
    bottom: last.bottom,
  };
}

export function countNodes(node: BuildNode): number {
  let n = 0;
  forEachNode([node], () => n++);
  return n;
}
