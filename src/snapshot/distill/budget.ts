// Distill pass (S9): fit the tree into the node and token budgets, deterministically.
// First repeated runs are summarized; if that is not enough, nodes are kept by
// priority — interactive elements in and near the viewport first, then headings and
// visible text, then the rest by distance from the viewport — and every cut run of
// siblings is replaced by one "… N more" marker so the reader knows what is missing.
import type { BuildNode } from '../tree';
import { eachContentList, forEachNode, rewriteContent } from '../tree';
import { SUMMARY_TAG } from '../tree';
import type { Box } from '../../dom/geometry';
import { countNodes, summarizeRepeats, type SummarizeOptions } from './summarize';
import { mustKeepPredicate } from '../classify/messages';
import type { Entry, PriceOptions } from './entries';
import { EntryIndex, Prices, linearize, settle, subtreeCosts, tighten } from './entries';

export interface BudgetOptions extends PriceOptions {
  maxNodes: number;
  maxDepth: number;
  tokenBudget: number;
  summarizeThreshold: number;
  summarizeKeep: number;
  /** Upper bound on the node count (nodes found by traversal), to skip counting when it fits. */
  nodeBound?: number;
}

export interface BudgetResult {
  roots: BuildNode[];
  truncated: boolean;
  reasons: string[];
  notes: string[];
}

/** Share of the token budget the estimate may fill, so a 20 % underestimate still fits. */
const BUDGET_SAFETY = 0.8;

export function applyBudget(roots: BuildNode[], viewport: Box, options: BudgetOptions): BudgetResult {
  const reasons: string[] = [];
  const notes: string[] = [];
  let truncated = false;
  const tokenLimit = options.tokenBudget > 0 ? options.tokenBudget * BUDGET_SAFETY : Infinity;
  const depthLimit = () => {
    if (!limitDepth(roots, options.maxDepth)) return false;
    truncated = true;
    reasons.push(`depth limit ${options.maxDepth}`);
    return true;
  };
  // Without a token limit only the node count matters: no need to format every line.
  if (tokenLimit === Infinity) {
    depthLimit();
    if ((options.nodeBound ?? Infinity) <= options.maxNodes || countAll(roots) <= options.maxNodes)
      return { roots, truncated, reasons, notes };
  }
  const prices = new Prices(options);
  let entries = linearize(roots, viewport, prices);
  // With a token limit, the pass that prices the lines finds the depth too (one walk less).
  if (tokenLimit !== Infinity && entries.deepest >= options.maxDepth - 1 && depthLimit())
    entries = linearize(roots, viewport, prices);
  if (fits(entries, tokenLimit, options.maxNodes, prices)) return { roots, truncated, reasons, notes };

  // Subtree costs, so the summarizer can fill the budget with as many items as fit.
  const first = new EntryIndex(entries);
  const mustKeep = mustKeepPredicate(roots);
  const removed = summarizeRepeats(roots, {
    threshold: options.summarizeThreshold,
    keep: options.summarizeKeep,
    viewport,
    mustKeep,
    ...subtreePrices(first, prices),
    // A little headroom: the summary lines and the header are estimated.
    tokenLimit: tokenLimit === Infinity ? undefined : tokenLimit * 0.97,
  });
  if (removed > 0) {
    truncated = true;
    reasons.push('repeated items summarized');
    notes.push(`${removed} nodes in long repeated lists summarized`);
    entries = linearize(roots, viewport, prices);
    if (fits(entries, tokenLimit, options.maxNodes, prices)) return { roots, truncated, reasons, notes };
  }

  truncated = true;
  const total = entries.length;
  reasons.push(options.tokenBudget > 0 ? `token budget ${options.tokenBudget}` : `node limit ${options.maxNodes}`);
  // Omission markers cost tokens too: measure the rebuilt tree and tighten until it fits.
  let limit = tokenLimit;
  const protectedEntries = markProtected(entries, mustKeep);
  const order = priorityOrder(entries, protectedEntries);
  let keep = select(entries, order, limit, options.maxNodes, protectedEntries, prices);
  // Each selection's cost finds its nodes' entries, and the size of a dropped subtree, here.
  const { index, sizes } = entries === first.entries ? first : new EntryIndex(entries);
  // Only the last selection's tree is made: the others are priced as it would be.
  for (let attempt = 0; attempt < 4 && tokenLimit !== Infinity; attempt++) {
    const cost = keptCost(roots, keep, index, sizes, viewport, prices);
    if (cost <= tokenLimit) break;
    limit -= cost - tokenLimit + 20;
    keep = select(entries, order, limit, options.maxNodes, protectedEntries, prices);
  }
  const rebuilt = rebuild(roots, keep, index, sizes, viewport);
  notes.push(
    `${total - keptCount(keep)} of ${total} nodes omitted (kept: interactive elements in and near the viewport first). Scroll and snapshot again, or call getText({ tokenBudget: 0 }) for everything`,
  );
  return { roots: rebuilt, truncated, reasons, notes };
}

/**
 * The summarizer's subtree costs over the first entries: lower bounds, and on request exact
 * ones, pricing exactly only the lines that decide its fill.
 */
function subtreePrices(
  first: EntryIndex,
  prices: Prices,
): Pick<SummarizeOptions, 'costOf' | 'totalCost' | 'exactCostWithout' | 'exactCostOf'> {
  const entries = first.entries;
  const subtree = subtreeCosts(entries);
  return {
    costOf: (node) => {
      const i = first.index.get(node);
      return i === undefined ? 0 : subtree.costs[i];
    },
    totalCost: subtree.total,
    exactCostWithout: (cut) => {
      const sizes = first.sizes;
      // How many cut subtrees hold each entry: one takes it away; none, or a subtree cut
      // inside another (subtracted twice, as costAfterCuts does), needs its exact price.
      const cover = new Int32Array(entries.length + 1);
      for (let k = 0; k < cut.length; k++) {
        const i = first.index.get(cut[k]);
        if (i === undefined) continue;
        cover[i]++;
        cover[i + sizes[i]]--;
      }
      let used = 40;
      for (let i = 0, covered = 0; i < entries.length; i++) {
        covered += cover[i];
        if (covered === 1) continue;
        settle(entries[i], prices);
        used += entries[i].cost * (1 - covered);
      }
      return used;
    },
    exactCostOf: (node) => {
      const i = first.index.get(node);
      if (i === undefined) return 0;
      const end = i + first.sizes[i];
      let cost = 0;
      for (let j = i; j < end; j++) {
        settle(entries[j], prices);
        cost += entries[j].cost;
      }
      return cost;
    },
  };
}

function countAll(roots: BuildNode[]): number {
  let n = 0;
  for (let i = 0; i < roots.length; i++) n += countNodes(roots[i]);
  return n;
}

function fits(entries: Entry[], tokenLimit: number, maxNodes: number, prices: Prices): boolean {
  if (entries.length > maxNodes) return false;
  let tokens = 0;
  let exact = true;
  for (let i = 0; i < entries.length; i++) {
    tokens += entries[i].cost;
    if (!entries[i].exact) exact = false;
  }
  // Lower bounds over the limit: the exact costs are too.
  if (tokens > tokenLimit) return false;
  if (exact || tokenLimit === Infinity) return true;
  // Priced one line at a time the sum stays a lower bound: once over the limit, the tree
  // does not fit, and the other lines need not be formatted (nor described) for that.
  // Formatted first: describing the lines that wait is the costlier step.
  for (const refine of [tighten, settle]) {
    for (let i = 0; i < entries.length; i++) {
      if (entries[i].exact) continue;
      tokens -= entries[i].cost;
      refine(entries[i], prices);
      tokens += entries[i].cost;
      if (tokens > tokenLimit) return false;
    }
  }
  return true;
}

/** Entries that are, or sit inside, something the budget must keep (alerts, focus, dialogs, field errors). */
function markProtected(entries: Entry[], mustKeep: (node: BuildNode) => boolean): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < entries.length; i++) {
    const p = entries[i].parent;
    out.push((p >= 0 && out[p]) || mustKeep(entries[i].node));
  }
  return out;
}

/**
 * Entry indices in the order `select` considers them: what must be kept first, then by rank,
 * distance from the viewport and document order. Computed once for every selection round:
 * ranks are few, so entries go to a bucket per rank (in document order) and only the ones
 * off the viewport are sorted, by distance (a stable sort keeps document order on ties).
 */
function priorityOrder(entries: Entry[], protectedEntries: boolean[]): number[] {
  // Bucket 0: protected entries; bucket r + 1: rank r (rankOf gives 0…5).
  const inView: number[][] = [[], [], [], [], [], [], []];
  const off: number[][] = [[], [], [], [], [], [], []];
  for (let i = 0; i < entries.length; i++) {
    const bucket = protectedEntries[i] ? 0 : entries[i].rank + 1;
    (entries[i].distance > 0 ? off : inView)[bucket].push(i);
  }
  const byDistance = (a: number, b: number) => entries[a].distance - entries[b].distance;
  const order: number[] = [];
  for (let b = 0; b < inView.length; b++) {
    const near = inView[b];
    for (let k = 0; k < near.length; k++) order.push(near[k]);
    const far = off[b].sort(byDistance);
    for (let k = 0; k < far.length; k++) order.push(far[k]);
  }
  return order;
}

/** Which entries to keep (1 = kept) within `tokenLimit` and `maxNodes`, in priority `order`. */
function select(
  entries: Entry[],
  order: number[],
  tokenLimit: number,
  maxNodes: number,
  protectedEntries: boolean[],
  prices: Prices,
): Uint8Array {
  const keep = new Uint8Array(entries.length);
  let kept = 0;
  // Room for the header and the truncation note.
  let tokens = 40;
  for (let k = 0; k < order.length; k++) {
    const at = order[k];
    if (keep[at]) continue;
    // Alerts, the focused control, open dialogs and field errors are never dropped.
    const must = protectedEntries[at];
    // The chain costs at least the entry's own line and counts at least one node.
    if (!must && (tokens + entries[at].cost > tokenLimit || kept + 1 > maxNodes)) continue;
    let extra = 0;
    let count = 0;
    let exact = true;
    for (let i = at; i >= 0 && !keep[i]; i = entries[i].parent) {
      extra += entries[i].cost;
      count++;
      if (!entries[i].exact) exact = false;
    }
    if (!must && (tokens + extra > tokenLimit || kept + count > maxNodes)) continue;
    // The bound fits: what is kept is priced exactly (the over-limit test above needed only
    // the bound): formatted first, then described, each step only while the chain still fits.
    if (!exact) {
      if (!must && tokens + chainCost(entries, at, keep, prices, tighten) > tokenLimit) continue;
      extra = chainCost(entries, at, keep, prices, settle);
      if (!must && tokens + extra > tokenLimit) continue;
    }
    tokens += extra;
    for (let i = at; i >= 0 && !keep[i]; i = entries[i].parent) {
      keep[i] = 1;
      kept++;
    }
  }
  return keep;
}

/** Cost of the entry at `at` and its ancestors not kept yet, each refined first. */
function chainCost(
  entries: Entry[],
  at: number,
  keep: Uint8Array,
  prices: Prices,
  refine: (e: Entry, prices: Prices) => void,
): number {
  let extra = 0;
  for (let i = at; i >= 0 && !keep[i]; i = entries[i].parent) {
    refine(entries[i], prices);
    extra += entries[i].cost;
  }
  return extra;
}

function keptCount(keep: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < keep.length; i++) n += keep[i];
  return n;
}

/** Copies the tree keeping selected nodes; each run of dropped siblings becomes one marker. The input is not changed. */
function rebuild(
  roots: BuildNode[],
  keep: Uint8Array,
  indexOf: Map<BuildNode, number>,
  sizes: number[],
  viewport: Box,
): BuildNode[] {
  const copies: BuildNode[] = [];
  const filterList = (list: BuildNode[]): BuildNode[] => {
    const out: BuildNode[] = [];
    let dropped = 0;
    let droppedFrom: BuildNode | null = null;
    let droppedTo: BuildNode | null = null;
    const flush = () => {
      if (!dropped || !droppedFrom) return;
      out.push(marker(droppedFrom, dropped, droppedTo!, viewport));
      dropped = 0;
      droppedFrom = null;
    };
    for (let i = 0; i < list.length; i++) {
      const node = list[i];
      const index = indexOf.get(node);
      if (index !== undefined && keep[index]) {
        flush();
        const copy: BuildNode = { ...node };
        copies.push(copy);
        out.push(copy);
      } else {
        dropped += index !== undefined ? sizes[index] : countNodes(node);
        droppedFrom ??= node;
        droppedTo = node;
      }
    }
    flush();
    return out;
  };
  const top = filterList(roots);
  // copies grows while we walk it: each kept copy gets its filtered child lists.
  for (let c = 0; c < copies.length; c++) {
    rewriteContent(copies[c], filterList);
  }
  return top;
}

/**
 * Tokens of the tree `rebuild` makes of `keep` (with the header's 40): each line's price and
 * its indentation's at its depth, the omission markers included — without copying a node.
 * Kept lines are priced exactly already (select settled them).
 */
function keptCost(
  roots: BuildNode[],
  keep: Uint8Array,
  indexOf: Map<BuildNode, number>,
  sizes: number[],
  viewport: Box,
  prices: Prices,
): number {
  let tokens = 40;
  const lists: BuildNode[][] = [roots];
  const depths: number[] = [0];
  while (lists.length) {
    const list = lists.pop()!;
    const depth = depths.pop()!;
    const indent = Math.ceil(depth / 4);
    let dropped = 0;
    let droppedFrom: BuildNode | null = null;
    let droppedTo: BuildNode | null = null;
    for (let i = 0; i <= list.length; i++) {
      const node = i < list.length ? list[i] : null;
      const index = node ? indexOf.get(node) : undefined;
      if (node && !(index !== undefined && keep[index])) {
        dropped += index !== undefined ? sizes[index] : countNodes(node);
        droppedFrom ??= node;
        droppedTo = node;
        continue;
      }
      if (dropped) {
        tokens += prices.once(marker(droppedFrom!, dropped, droppedTo!, viewport)) + indent;
        dropped = 0;
        droppedFrom = null;
      }
      if (!node) break;
      const line = prices.exact(node);
      if (line > 0) tokens += line + indent;
      eachContentList(node, (content) => {
        lists.push(content);
        depths.push(depth + 1);
      });
    }
  }
  return tokens;
}

function marker(first: BuildNode, count: number, last: BuildNode, viewport: Box): BuildNode {
  // Say which way to scroll: the agent's next step is to bring the cut part into view.
  // Only on sizeable cuts: a hint on every one-node gap would cost more than it tells.
  const where =
    count < 5
      ? ''
      : last.bottom <= viewport.top
        ? ' above (scroll up)'
        : first.top >= viewport.bottom
          ? ' below (scroll down)'
          : '';
  return {
    vn: {
      node_id: first.vn.node_id + '_o',
      tag: SUMMARY_TAG,
      visible: true,
      text: `${count} more node${count === 1 ? '' : 's'} omitted${where}`,
      summary: { total: count, shown: 0, label: 'omitted' },
    },
    children: [],
    block: first.block,
    top: first.top,
    bottom: first.bottom,
  };
}

/** Nodes below maxDepth are hoisted to the deepest allowed level (content kept, nesting lost). */
function limitDepth(roots: BuildNode[], maxDepth: number): boolean {
  let deepest = 0;
  forEachNode(roots, (_node, depth) => {
    if (depth > deepest) deepest = depth;
  });
  if (deepest < maxDepth - 1) return false;
  let changed = false;
  const stack: { node: BuildNode; depth: number }[] = roots.map((node) => ({ node, depth: 0 }));
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth >= maxDepth - 1 && node.children.length) {
      const flat: BuildNode[] = [];
      const work = node.children.slice().reverse();
      while (work.length) {
        const child = work.pop()!;
        flat.push(child);
        if (child.children.length) {
          for (let i = child.children.length - 1; i >= 0; i--) work.push(child.children[i]);
          child.children = [];
          changed = true;
        }
      }
      node.children = flat;
      continue;
    }
    for (let i = 0; i < node.children.length; i++) stack.push({ node: node.children[i], depth: depth + 1 });
    if (node.shadow)
      for (let i = 0; i < node.shadow.length; i++) stack.push({ node: node.shadow[i], depth: depth + 1 });
    if (node.frame) for (let i = 0; i < node.frame.length; i++) stack.push({ node: node.frame[i], depth: depth + 1 });
  }
  return changed;
}
