// F6 deltas: what changed since the last view the agent was handed. The tracker
// keeps the agent's knowledge — id → line it has seen — and compares a new snapshot
// with it: lines the agent has not seen (added), lines that read differently now
// (changed), ids whose element left the page (removed). Elements the budget merely
// left out are not removed: removal is checked against the new snapshot's whole
// outline. One tracker per document; it is reset on navigation.
import type { ErrorInfo } from '../types';
import type { VirtualNode } from '../types';
import type { DomSnapshot } from '../snapshot/DomSnapshot';
import type { Outline } from '../snapshot/render/outline';
import { emittedLines, isTransientLayer, shallowNode, textTokens, urlWithoutHash } from './lines';
import { renderSubtree } from './views';
import { toArray } from '../dom/builtins';
import { isDialogRole } from '../semantics/dialog';

export interface ChangedNode {
  id: string;
  /** The node's line as the text shows it. */
  line: string;
  /** Id of the nearest unchanged ancestor shown as context ('' at the top level). */
  contextId: string;
  /** The node's own fields (no children). */
  node: VirtualNode;
}

export interface Changes {
  /** The changes were read; false when the call was refused (`error` says why, `text` too). */
  ok: boolean;
  kind: 'unchanged' | 'delta' | 'full';
  /** Number of the snapshot this describes, and of the one it is compared with (null: nothing before). */
  seq: number;
  since: number | null;
  /** What an agent reads: the delta in text form, or the full text when kind is 'full'. */
  text: string;
  added: ChangedNode[];
  changed: ChangedNode[];
  /** Ids (seen by the agent) whose element is gone. */
  removed: string[];
  /** Why the answer is full ('first' | 'navigated' | 'requested' | 'large' | 'cut': a walk stopped at its time budget), or the id of the dialog that opened. */
  reason?: string;
  dialog?: string;
  /** Set when the call was refused (a VALIDATION_ERROR: a bad argument or option); nothing was done. */
  error?: ErrorInfo;
}

/** An answer whose text says it all: no lines added, changed or removed are listed. */
function listless(kind: Changes['kind'], seq: number, since: number | null, text: string): Changes {
  return { ok: true, kind, seq, since, text, added: [], changed: [], removed: [] };
}

/** The answer to a refused getChanges: nothing was read; `text` says why, as a `#` line. */
export function refusedChanges(error: ErrorInfo): Changes {
  const answer = listless('unchanged', 0, null, '# ' + error.message);
  answer.ok = false;
  answer.error = error;
  return answer;
}

export interface ChangeOptions {
  /** Answer with the full text whatever changed. */
  full?: boolean;
  /** A delta bigger than this share of the full text's tokens is answered in full. Default 0.7. */
  maxRatio?: number;
  /**
   * Leave out lines whose only change is that they lost the focus (and count them as seen).
   * After an action on an element, the element it left is implied by the action (the element
   * acted on, or what it focused, still shows); after a key press, do not set it: a focus
   * move is then the effect.
   */
  ignoreBlur?: boolean;
}

/** `before` with the focused state, `after` the same line without it: the element only lost the focus. */
function onlyBlurred(before: string, after: string): boolean {
  if (before.indexOf('focused') < 0) return false;
  for (const [from, to] of [
    [' [focused]', ''],
    ['[focused ', '['],
    [' focused]', ']'],
    [' focused ', ' '],
  ]) {
    const at = before.lastIndexOf(from);
    if (at >= 0 && before.slice(0, at) + to + before.slice(at + from.length) === after) return true;
  }
  return false;
}

const MARK_ADDED = '+ ';
const MARK_CHANGED = '~ ';
const MARK_CONTEXT = '  ';

export class ChangeTracker {
  private baseline: DomSnapshot | null = null;
  /** The agent's knowledge once deltas were applied to the baseline (materialized lazily). */
  private known: Map<string, string> | null = null;
  private seenSeq: number | null = null;
  private seenUrl = '';

  /** A full view of `snapshot` was handed out (getText, getSnapshot, JSON). */
  sawFull(snapshot: DomSnapshot): void {
    this.baseline = snapshot;
    this.known = null;
    this.seenSeq = snapshot.seq;
    this.seenUrl = urlWithoutHash(snapshot.context.url);
  }

  reset(): void {
    this.baseline = null;
    this.known = null;
    this.seenSeq = null;
    this.seenUrl = '';
  }

  get lastSeq(): number | null {
    return this.seenSeq;
  }

  private knowledge(): Map<string, string> {
    return (this.known ??= this.baseline ? emittedLines(this.baseline.buildTree) : new Map<string, string>());
  }

  /** Compares `next` with what the agent has seen, records that it has now seen the answer, and returns it. */
  changes(next: DomSnapshot, options: ChangeOptions = {}): Changes {
    const since = this.seenSeq;
    const full = (reason: string): Changes => {
      this.sawFull(next);
      const answer = listless('full', next.seq, since, next.toText());
      answer.reason = reason;
      return answer;
    };
    if (!this.baseline || since === null) return full('first');
    if (options.full) return full('requested');
    if (urlWithoutHash(next.context.url) !== this.seenUrl) return full('navigated');
    // Issue 17 item 6: two walks that stopped at their time budget at different depths
    // would report rows as added or removed that only one of them reached.
    if (next.walkCut() || this.baseline.walkCut()) return full('cut');

    const known = this.knowledge();
    const outline = next.outline;
    const { removed, shown, changedSet } = compare(known, next, options.ignoreBlur === true);
    if (!shown.size && !removed.length) {
      this.seenSeq = next.seq;
      return listless('unchanged', next.seq, since, `# unchanged since #${since} (now #${next.seq})`);
    }

    const order = toArray(shown).sort((a, b) => a - b);
    const entry = (i: number): ChangedNode => {
      const ctx = contextOf(outline, i, shown);
      return {
        id: outline.nodes[i].vn.node_id,
        line: outline.line(i),
        contextId: ctx >= 0 ? outline.nodes[ctx].vn.node_id : '',
        node: shallowNode(outline.nodes[i].vn),
      };
    };
    const added: ChangedNode[] = [];
    const changed: ChangedNode[] = [];
    for (let k = 0; k < order.length; k++) (changedSet.has(order[k]) ? changed : added).push(entry(order[k]));
    const removedLine = removedSummary(removed, known);

    // A dialog that opened is what the agent must deal with next: the delta is that dialog.
    let dialog = -1;
    for (let k = 0; k < order.length && dialog < 0; k++) {
      const i = order[k];
      if (!changedSet.has(i) && isDialogRole(outline.nodes[i].vn.role)) dialog = i;
    }
    let text: string;
    if (dialog >= 0) {
      const vn = outline.nodes[dialog].vn;
      const others = order.length - (outline.subtreeEnd(dialog) - dialog);
      text = [
        `# changes since #${since} (now #${next.seq}): ${vn.role}${vn.name ? ' "' + vn.name + '"' : ''} opened (${vn.node_id})` +
          (others > 0 ? `; ${others} other changes behind it (getChanges({ full: true }) shows the page)` : ''),
        renderSubtree(next, dialog, { header: false }),
        // A modal dialog hides the page behind it: a count says more than a list of ids.
        ...(removed.length
          ? [`# ${removed.length} earlier lines are no longer shown (behind the dialog or removed)`]
          : []),
      ].join('\n');
    } else {
      text = [
        `# changes since #${since} (now #${next.seq}): ${added.length} added, ${changed.length} changed, ${removed.length} removed`,
        ...renderDelta(outline, order, shown, changedSet),
        ...(removedLine ? [removedLine] : []),
      ].join('\n');
    }

    if (dialog < 0 && textTokens(text) > (options.maxRatio ?? 0.7) * textTokens(next.toText())) return full('large');

    // The agent now knows what this delta showed.
    if (dialog >= 0) {
      for (let i = dialog, end = outline.subtreeEnd(dialog); i < end; i++)
        if (outline.nodes[i].vn.node_id && outline.line(i)) known.set(outline.nodes[i].vn.node_id, outline.line(i));
    } else {
      for (let k = 0; k < order.length; k++) known.set(outline.nodes[order[k]].vn.node_id, outline.line(order[k]));
    }
    for (let k = 0; k < removed.length; k++) known.delete(removed[k]);
    this.seenSeq = next.seq;
    return {
      ok: true,
      kind: 'delta',
      seq: next.seq,
      since,
      text,
      added,
      changed,
      removed,
      ...(dialog >= 0 ? { dialog: outline.nodes[dialog].vn.node_id } : {}),
    };
  }
}

/**
 * What differs between the agent's knowledge and `next`: ids gone, rows to show (new or
 * changed), the changed ones among them. A blur left out (ignoreBlur) is recorded in
 * `known` as told: the action on another element said it, and it is not reported later.
 */
function compare(
  known: Map<string, string>,
  next: DomSnapshot,
  ignoreBlur: boolean,
): { removed: string[]; shown: Set<number>; changedSet: Set<number> } {
  const outline = next.outline;
  const removed: string[] = [];
  const shown = new Set<number>();
  const changedSet = new Set<number>();
  const blurred: number[] = [];
  known.forEach((line, id) => {
    const i = outline.indexOf(id);
    if (i < 0) removed.push(id);
    else if (outline.line(i) === line) return;
    else if (ignoreBlur && onlyBlurred(line, outline.line(i))) blurred.push(i);
    else {
      shown.add(i);
      changedSet.add(i);
    }
  });
  for (let k = 0; k < blurred.length; k++) known.set(outline.nodes[blurred[k]].vn.node_id, outline.line(blurred[k]));
  emittedLines(next.buildTree).forEach((_line, id) => {
    if (known.has(id)) return;
    const i = outline.indexOf(id);
    if (i >= 0) shown.add(i);
  });
  return { removed, shown, changedSet };
}

/** Nearest ancestor with a line that is not itself shown: the context line a shown node sits under. */
function contextOf(outline: Outline, index: number, shown: Set<number>): number {
  for (let p = outline.parents[index]; p >= 0; p = outline.parents[p]) if (!shown.has(p) && outline.line(p)) return p;
  return -1;
}

function renderDelta(outline: Outline, order: number[], shown: Set<number>, changed: Set<number>): string[] {
  const lines: string[] = [];
  let group = -2;
  let base = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const ctx = contextOf(outline, i, shown);
    if (ctx !== group) {
      group = ctx;
      if (ctx >= 0) {
        lines.push(MARK_CONTEXT + outline.line(ctx));
        base = outline.levels[ctx] + 1;
      } else base = 0;
    }
    const line = outline.line(i);
    if (!line) continue;
    const indent = Math.max(0, outline.levels[i] - base) + (ctx >= 0 ? 1 : 0);
    lines.push((changed.has(i) ? MARK_CHANGED : MARK_ADDED) + '  '.repeat(indent) + line);
  }
  return lines;
}

/** "# removed: nv_a nv_b; closed: dialog "Settings"; 3 text lines" (ids an agent could act on, by name what it saw). */
function removedSummary(removed: string[], known: Map<string, string>): string {
  if (!removed.length) return '';
  const ids: string[] = [];
  const gone: string[] = [];
  let other = 0;
  for (let k = 0; k < removed.length; k++) {
    const id = removed[k];
    const line = known.get(id) ?? '';
    if (line.slice(0, id.length + 1) === id + ' ') ids.push(id);
    else if (isTransientLayer(/^[a-z]+/.exec(line)?.[0] ?? '')) gone.push(line);
    else other++;
  }
  const parts: string[] = [];
  if (ids.length) parts.push(ids.join(' '));
  if (gone.length) parts.push('gone: ' + gone.join(', '));
  if (other) parts.push(`${other} text line${other === 1 ? '' : 's'}`);
  return '# removed: ' + parts.join('; ');
}
