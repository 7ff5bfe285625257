// Distill pass (S9): fit the tree into the node and token budgets, deterministically.
// First repeated runs are summarized; if that is not enough, nodes are kept by
// priority — interactive elements in and near the viewport first, then headings and
// visible text, then the rest by distance from the viewport — and every cut run of
// siblings is replaced by one "… N more" marker so the reader knows what is missing.
import type { BuildNode } from '../tree';
import { forEachNode, preorder, rewriteContent } from '../tree';
import { SUMMARY_TAG, TEXT_TAG } from '../tree';
import type { Box } from '../../dom/geometry';
import { isDialogRole } from '../../semantics';
import { countNodes, summarizeRepeats } from './summarize';
import { mustKeepPredicate } from '../classify/messages';

export interface BudgetOptions {
  maxNodes: number;
  maxDepth: number;
  tokenBudget: number;
  summarizeThreshold: number;
  summarizeKeep: number;
  /**
   * Tokens of a node's own line (0 when it has none), handed in by the caller so that
   * distilling knows nothing of how lines are rendered (render/text.ts lineCostFor).
   */
  lineCost: (node: BuildNode) => number;
  /**
   * A node whose description is not complete yet (classify/describe.ts completeNode): its
   * lineCost is a lower bound of its final one. `complete` completes it and says whether its
   * line changed. With both, the budget completes only the nodes whose choice the bound
   * cannot settle: the lines it drops are never described.
   */
  pending?: (node: BuildNode) => boolean;
  complete?: (node: BuildNode) => boolean;
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

interface Entry {
  node: BuildNode;
  parent: number;
  /** The line's tokens plus its indentation's (0 without a line): exact, or a lower bound until `exact`. */
  cost: number;
  exact: boolean;
  /** Indentation tokens of the line (ceil(depth / 4)). */
  indent: number;
  rank: number;
  distance: number;
}

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
  const first = entries;
  let subtree = subtreeCosts(first);
  let indexOfFirst: Map<BuildNode, number> | null = null;
  const mustKeep = mustKeepPredicate(roots);
  const removed = summarizeRepeats(roots, {
    threshold: options.summarizeThreshold,
    keep: options.summarizeKeep,
    viewport,
    mustKeep,
    costOf: (node) => {
      const i = (indexOfFirst ??= indexOf(first)).get(node);
      return i === undefined ? 0 : subtree.costs[i];
    },
    totalCost: subtree.total,
    exactCosts: () => {
      for (let i = 0; i < first.length; i++) settle(first[i], prices);
      subtree = subtreeCosts(first);
      return subtree.total;
    },
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
  // Each rebuild below finds its nodes' entries, and the size of a dropped subtree, here.
  const index = entries === first && indexOfFirst ? indexOfFirst : indexOf(entries);
  const sizes: number[] = [];
  for (let i = 0; i < entries.length; i++) sizes.push(1);
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].parent >= 0) sizes[entries[i].parent] += sizes[i];
  let rebuilt = rebuild(roots, keep, index, sizes, viewport);
  for (let attempt = 0; attempt < 4 && tokenLimit !== Infinity; attempt++) {
    const cost = treeCost(rebuilt, (node) => prices.exact(node));
    if (cost <= tokenLimit) break;
    limit -= cost - tokenLimit + 20;
    keep = select(entries, order, limit, options.maxNodes, protectedEntries, prices);
    rebuilt = rebuild(roots, keep, index, sizes, viewport);
  }
  notes.push(
    `${total - keptCount(keep)} of ${total} nodes omitted (kept: interactive elements in and near the viewport first). Scroll and snapshot again, or call getText({ tokenBudget: 0 }) for everything`,
  );
  return { roots: rebuilt, truncated, reasons, notes };
}

function countAll(roots: BuildNode[]): number {
  let n = 0;
  for (let i = 0; i < roots.length; i++) n += countNodes(roots[i]);
  return n;
}

/**
 * Line costs, each formatted once per node (linearize runs twice, treeCost after each
 * selection). `exact` may complete the node's description; `line` does not: it gives the
 * bound the caller gave until the node is final. One map holds both, a bound b stored as
 * -b - 1 (prices are whole numbers ≥ 0): one lookup per node and pass.
 */
class Prices {
  private readonly prices = new Map<BuildNode['vn'], number>();

  constructor(private readonly options: BudgetOptions) {}

  /** The node's price if exact (≥ 0), else its lower bound b as -b - 1. */
  line(node: BuildNode): number {
    const code = this.prices.get(node.vn);
    if (code !== undefined) return code;
    const { pending, complete } = this.options;
    const bound = !!pending && !!complete && pending(node);
    const cost = this.options.lineCost(node);
    const stored = bound ? -cost - 1 : cost;
    this.prices.set(node.vn, stored);
    return stored;
  }

  exact(node: BuildNode): number {
    const code = this.prices.get(node.vn);
    if (code !== undefined && code >= 0) return code;
    const { pending, complete } = this.options;
    let cost: number;
    if (pending && complete && pending(node)) {
      // Completing it may add nothing its line shows (most links): the bound is its price.
      cost = complete(node) || code === undefined ? this.options.lineCost(node) : -code - 1;
    } else cost = this.options.lineCost(node);
    this.prices.set(node.vn, cost);
    return cost;
  }
}

/** Makes an entry's cost exact (the line may get its full description). */
function settle(e: Entry, prices: Prices): void {
  if (e.exact) return;
  const line = prices.exact(e.node);
  e.cost = line > 0 ? line + e.indent : 0;
  e.exact = true;
}

/** Token cost of each entry's subtree (by entry index) and of the whole tree (with the header's 40). */
function subtreeCosts(entries: Linear): { costs: Float64Array; total: number } {
  const costs = new Float64Array(entries.length);
  let total = 40;
  for (let i = entries.length - 1; i >= 0; i--) {
    const own = costs[i] + entries[i].cost;
    costs[i] = own;
    const parent = entries[i].parent;
    if (parent >= 0) costs[parent] += own;
    else total += own;
  }
  return { costs, total };
}

/** Each entry's node to its index. */
function indexOf(entries: Entry[]): Map<BuildNode, number> {
  const index = new Map<BuildNode, number>();
  for (let i = 0; i < entries.length; i++) index.set(entries[i].node, i);
  return index;
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
  tokens = 0;
  for (let i = 0; i < entries.length; i++) {
    settle(entries[i], prices);
    tokens += entries[i].cost;
  }
  return tokens <= tokenLimit;
}

/** Entries in pre-order, and the depth of the deepest node (0 at the roots). */
type Linear = Entry[] & { deepest: number };

/** Pre-order list of all nodes with their parent index, line cost (or its lower bound) and priority. */
function linearize(roots: BuildNode[], viewport: Box, prices: Prices): Linear {
  const entries = [] as unknown as Linear;
  const depths: number[] = [];
  let deepest = 0;
  const vpHeight = viewport.bottom - viewport.top;
  preorder(roots, (node, parent, depth) => {
    // A bound is over 0 exactly when the line is (estimateTokens counts one token for any line).
    const code = prices.line(node);
    const line = code >= 0 ? code : -code - 1;
    const own = line > 0;
    const indent = Math.ceil(depth / 4);
    const cost = own ? line + indent : 0;
    const distance =
      node.bottom < viewport.top
        ? viewport.top - node.bottom
        : node.top > viewport.bottom
          ? node.top - viewport.bottom
          : 0;
    const full = parent >= 0 ? depths[parent] + 1 : 0;
    depths.push(full);
    if (full > deepest) deepest = full;
    entries.push({
      node,
      parent,
      cost,
      exact: code >= 0,
      indent,
      rank: rankOf(node, distance, vpHeight),
      distance,
    });
    return own ? depth + 1 : depth;
  });
  entries.deepest = deepest;
  return entries;
}

function rankOf(node: BuildNode, distance: number, vpHeight: number): number {
  const vn = node.vn;
  const near = distance <= vpHeight;
  if (vn.actionable) return distance === 0 ? 0 : near ? 1 : 3;
  const structural =
    vn.role === 'heading' ||
    isDialogRole(vn.role) ||
    vn.role === 'form' ||
    vn.role === 'navigation' ||
    vn.role === 'main';
  if (distance === 0) return structural ? 1 : 2;
  if (structural) return near ? 2 : 4;
  if (vn.tag === TEXT_TAG || vn.text) return near ? 4 : 5;
  return 5;
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
    // The bound fits: what is kept is priced exactly (the over-limit test above needed only the bound).
    if (!exact) {
      extra = 0;
      for (let i = at; i >= 0 && !keep[i]; i = entries[i].parent) {
        settle(entries[i], prices);
        extra += entries[i].cost;
      }
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

function treeCost(roots: BuildNode[], lineCost: (node: BuildNode) => number): number {
  let tokens = 40;
  forEachNode(roots, (node, depth) => {
    const line = lineCost(node);
    if (line > 0) tokens += line + Math.ceil(depth / 4);
  });
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
