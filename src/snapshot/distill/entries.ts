// The budget's view of the tree (distill/budget.ts): one entry per node in pre-order with its
// parent, the price of its line (or a lower bound of it until the budget must know) and its
// priority, and the prices themselves, each line formatted at most once.
import type { BuildNode } from '../tree';
import { TEXT_TAG, preorder } from '../tree';
import type { Box } from '../../dom/geometry';
import { isDialogRole } from '../../semantics';

/** How lines are priced: handed in by the caller, so distilling knows nothing of rendering. */
export interface PriceOptions {
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
  /**
   * A lower bound of a node's final lineCost that formats nothing, 0 exactly when lineCost is
   * (render/line-bound.ts). With it every line is priced by its bound first, and only
   * the lines whose choice the bound cannot settle are formatted (and completed).
   */
  lineBound?: (node: BuildNode) => number;
}

export interface Entry {
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

/**
 * Line costs, each formatted once per node (linearize runs twice, treeCost after each
 * selection). Until a node is priced exactly, a lower bound stands for its price: first
 * lineBound's (nothing formatted), then its line formatted as the node is now (`formatted`:
 * a bound while its description waits, else exact); `exact` may complete the description.
 * One map holds all three: a price p ≥ 0 is exact, -b - 1 a formatted bound b, -b - 0.5
 * lineBound's b (prices are whole numbers): one lookup per node and pass.
 */
export class Prices {
  private readonly prices = new Map<BuildNode['vn'], number>();

  constructor(private readonly options: PriceOptions) {}

  /** The node's price if exact (≥ 0), else a lower bound of it, encoded (boundOf reads it). */
  line(node: BuildNode): number {
    const code = this.prices.get(node.vn);
    if (code !== undefined) return code;
    const lineBound = this.options.lineBound;
    const stored = lineBound ? -lineBound(node) - 0.5 : this.format(node);
    this.prices.set(node.vn, stored);
    return stored;
  }

  /** The price of the line as the node reads now: formats it, describes nothing. */
  formatted(node: BuildNode): number {
    const code = this.prices.get(node.vn);
    if (code !== undefined && code % 1 === 0) return code;
    const stored = this.format(node);
    this.prices.set(node.vn, stored);
    return stored;
  }

  exact(node: BuildNode): number {
    const code = this.prices.get(node.vn);
    if (code !== undefined && code >= 0) return code;
    const { pending, complete } = this.options;
    let cost: number;
    if (pending && complete && pending(node)) {
      // Completing it may add nothing its line shows (most links): then the line formatted
      // before, if it was, is its price.
      const changed = complete(node);
      cost = changed || code === undefined || code % 1 !== 0 ? this.options.lineCost(node) : -code - 1;
    } else cost = this.options.lineCost(node);
    this.prices.set(node.vn, cost);
    return cost;
  }

  /** The price of a line made for one look (an omission marker): not remembered. */
  once(node: BuildNode): number {
    return this.options.lineCost(node);
  }

  private format(node: BuildNode): number {
    const { pending, complete } = this.options;
    const cost = this.options.lineCost(node);
    return pending && complete && pending(node) ? -cost - 1 : cost;
  }
}

/** The price or lower bound a Prices code stands for. */
function boundOf(code: number): number {
  return code >= 0 ? code : (-code - 0.5) | 0;
}

/** Makes an entry's cost its line's price as the node reads now (formatted, not described). */
export function tighten(e: Entry, prices: Prices): void {
  if (e.exact) return;
  const code = prices.formatted(e.node);
  const line = boundOf(code);
  e.cost = line > 0 ? line + e.indent : 0;
  e.exact = code >= 0;
}

/** Makes an entry's cost exact (the line may get its full description). */
export function settle(e: Entry, prices: Prices): void {
  if (e.exact) return;
  const line = prices.exact(e.node);
  e.cost = line > 0 ? line + e.indent : 0;
  e.exact = true;
}

/** Token cost of each entry's subtree (by entry index) and of the whole tree (with the header's 40). */
export function subtreeCosts(entries: Entry[]): { costs: Float64Array; total: number } {
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

/** Each entry's node to its index, and the size of its subtree: built when first asked. */
export class EntryIndex {
  private map: Map<BuildNode, number> | null = null;
  private counts: number[] | null = null;

  constructor(readonly entries: Entry[]) {}

  get index(): Map<BuildNode, number> {
    return (this.map ??= indexOf(this.entries));
  }

  /** Node count of each entry's subtree (its entries are the next ones in pre-order). */
  get sizes(): number[] {
    return (this.counts ??= subtreeSizes(this.entries));
  }
}

/** Node count of each entry's subtree (its entries are the next ones in pre-order). */
function subtreeSizes(entries: Entry[]): number[] {
  const sizes: number[] = [];
  for (let i = 0; i < entries.length; i++) sizes.push(1);
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].parent >= 0) sizes[entries[i].parent] += sizes[i];
  return sizes;
}

/** Each entry's node to its index. */
function indexOf(entries: Entry[]): Map<BuildNode, number> {
  const index = new Map<BuildNode, number>();
  for (let i = 0; i < entries.length; i++) index.set(entries[i].node, i);
  return index;
}

/** Entries in pre-order, and the depth of the deepest node (0 at the roots). */
export type Linear = Entry[] & { deepest: number };

/** Pre-order list of all nodes with their parent index, line cost (or its lower bound) and priority. */
export function linearize(roots: BuildNode[], viewport: Box, prices: Prices): Linear {
  const entries = [] as unknown as Linear;
  const depths: number[] = [];
  let deepest = 0;
  const vpHeight = viewport.bottom - viewport.top;
  preorder(roots, (node, parent, depth) => {
    // A bound is over 0 exactly when the line is (estimateTokens counts one token for any line).
    const code = prices.line(node);
    const line = boundOf(code);
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
