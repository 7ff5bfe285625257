// Scoped views (issue 10 §7): one subtree of a snapshot (`getText({ root })`) and the
// lines matching a query (`find`). Both read the snapshot's outline — the whole
// distilled tree — so a dialog or a match the page budget left out is still found.
import type { ErrorInfo } from '../types';
import { cut } from '../actions/result';
import type { DomSnapshot } from '../snapshot/DomSnapshot';
import type { Outline } from '../snapshot/render/outline';
import { applyBudget } from '../snapshot/distill/budget';
import { DEFAULT_TEXT_LENGTH, lineCostFor, renderText, type TextOptions } from '../snapshot/render/text';
import { TEXT_TAG } from '../snapshot/tree';
import { isNodeId } from '../snapshot/ids/node-id';
import { isDialogRole } from '../semantics/dialog';

export interface SubtreeOptions extends TextOptions {
  /** Token budget for the subtree (default 4000; 0 = unlimited). */
  tokenBudget?: number;
  maxNodes?: number;
}

/** The text of the subtree at outline index `index`, fitted to the budget like a page. */
export function renderSubtree(snapshot: DomSnapshot, index: number, options: SubtreeOptions = {}): string {
  const root = snapshot.outline.copySubtree(index);
  const vp = snapshot.context.viewport;
  const budget = applyBudget(
    [root],
    { left: 0, top: 0, right: vp.width, bottom: vp.height },
    {
      maxNodes: options.maxNodes ?? 1500,
      maxDepth: 1000,
      tokenBudget: options.tokenBudget ?? 4000,
      summarizeThreshold: 12,
      summarizeKeep: 8,
      lineCost: lineCostFor(options.maxTextLength ?? DEFAULT_TEXT_LENGTH),
    },
  );
  const meta = { ...snapshot.meta, truncated: budget.truncated, truncation: budget.reasons };
  return renderText(
    { context: snapshot.context, roots: budget.roots, meta, omittedNotes: budget.notes },
    { ...options, header: false },
  );
}

/** Outline index of `root`: a node id, or 'dialog' for the open dialog (the last one in document order). -1 if none. */
export function findRoot(outline: Outline, root: string): number {
  if (root !== 'dialog') return outline.indexOf(root);
  let found = -1;
  for (let i = 0; i < outline.size; i++) {
    const vn = outline.nodes[i].vn;
    if (isDialogRole(vn.role)) found = i;
  }
  return found;
}

export function renderRoot(snapshot: DomSnapshot, root: string, options: SubtreeOptions = {}): string {
  const outline = snapshot.outline;
  const index = findRoot(outline, root);
  if (index < 0) {
    if (root === 'dialog') return `# no open dialog in snapshot #${snapshot.seq}`;
    // Same answer as the actions give a malformed id, whatever the snapshot holds.
    if (!isNodeId(root))
      return `# "${String(root)}" is not a node id: pass an id such as nv_1k9x2 from getText(), or 'dialog'`;
    return `# ${root} is not in snapshot #${snapshot.seq} (removed, hidden, or not an id from this page); call getText() for the page`;
  }
  const head =
    options.header === false
      ? []
      : [
          `# part of snapshot #${snapshot.seq}: ${outline.line(index) || outline.nodes[index].vn.tag} (${outline.nodes[index].vn.node_id})`,
        ];
  return [...head, renderSubtree(snapshot, index, options)].join('\n');
}

export interface FindMatch {
  /** Id to act on or to pass as `root`: the node's own, or its nearest element's for a text line. */
  id: string;
  line: string;
  /** The line of the nearest ancestor with a line of its own ('' at the top level). */
  context: string;
}

export interface FindResult {
  /** The search ran (true with no match too: see `total`); false when the call was refused (`error` says why). */
  ok: boolean;
  query: string;
  total: number;
  matches: FindMatch[];
  /** The matches as text: each under its context line. */
  text: string;
  /** Set when the call was refused (a VALIDATION_ERROR: a bad argument or option); nothing was done. */
  error?: ErrorInfo;
  /**
   * Set when the snapshot searched stopped reading the page early (its time budget): text
   * further down may exist and was not searched. Pass a larger `timeBudgetMs`.
   */
  cut?: string;
}

export function findLines(snapshot: DomSnapshot, query: string | RegExp, limit = 20): FindResult {
  const outline = snapshot.outline;
  const test = matcher(query);
  const matches: FindMatch[] = [];
  const lines: string[] = [];
  let total = 0;
  let lastContext = -2;
  for (let i = 0; i < outline.size; i++) {
    const line = outline.line(i);
    if (!line || !test(line)) continue;
    total++;
    if (matches.length >= limit) continue;
    const ctx = outline.context(i);
    const node = outline.nodes[i];
    let id = node.vn.node_id;
    if (node.vn.tag === TEXT_TAG) {
      const p = outline.parents[i];
      id = p >= 0 ? outline.nodes[p].vn.node_id : '';
    }
    const context = ctx >= 0 ? outline.line(ctx) : '';
    matches.push({ id, line, context });
    if (ctx !== lastContext) {
      lastContext = ctx;
      if (context) lines.push(context);
    }
    lines.push(
      (context ? '  ' : '') + line + (node.vn.tag === TEXT_TAG && id && !line.includes(id) ? `  (in ${id})` : ''),
    );
  }
  // Echoed input is cut (issue 18): a query pasted by mistake does not come back whole.
  const label = cut(typeof query === 'string' ? JSON.stringify(query) : String(query), 80);
  const stopped = snapshot.walkCut();
  const head =
    `# find ${label}: ${total} match${total === 1 ? '' : 'es'} in snapshot #${snapshot.seq}` +
    (total > matches.length ? ` (first ${matches.length} shown)` : '') +
    // Issue 17 item 6: 0 matches on a cut snapshot is not "not on the page".
    (stopped
      ? ` — the snapshot stopped reading the page at its ${stopped}; text further down was not searched (pass { timeBudgetMs } to read more)`
      : '');
  const result: FindResult = { ok: true, query: label, total, matches, text: [head, ...lines].join('\n') };
  if (stopped) result.cut = stopped;
  return result;
}

function matcher(query: string | RegExp): (line: string) => boolean {
  if (typeof query === 'string') {
    const needle = query.toLowerCase();
    return (line) => line.toLowerCase().indexOf(needle) >= 0;
  }
  // A fresh non-global copy: a /g regexp's lastIndex would skip matches.
  const re = new RegExp(query.source, query.flags.replace(/[gy]/g, ''));
  return (line) => re.test(line);
}
