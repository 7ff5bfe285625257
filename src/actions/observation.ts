// What one action caused, told apart from what the page was doing anyway (issue 31).
// Every mutation seen while the action runs is filed under the element it is about.
// An element is background — none of the action's doing — when it was already
// changing at a steady rate before the action (settle/churn.ts; a slow timer only on its
// beat, so the action changing the same element off it still counts), or when it changed
// before and keeps changing at a rhythm now (a ticker the monitor had too little
// history to know). Everything else counts: `caused()` backs "changed" and "no visible
// effect", `lastCausedChange()` backs "settled", and `touched()` backs "appeared": a
// line is news only when its element was added, or it or something inside it changed,
// during the action — not when it merely scrolled into a cut snapshot, or was there all
// along behind a modal the action closed.
import { now } from '../dom/builtins';
import { churnKey, type ChurnFilter } from '../settle/churn';
import { findModal } from '../snapshot/classify/modal';

/** Our own overlay hosts (highlight, action feedback) coming or going are no effect of the action. */
const OVERLAY_ATTRIBUTE = 'data-browserx-overlay';
/** Changes an element needs during the action to show a rhythm of its own. */
const RHYTHM_TICKS = 4;
/** Mutation targets followed one by one; past this the action changed so much that every line may be news. */
const MAX_TARGETS = 20000;
/** Depth climbed from a target to mark what contains it. */
const MAX_DEPTH = 64;

interface Activity {
  records: number;
  /** Records the monitor knew for background churn (a ticker's, a clock's on its beat). */
  churn: number;
  /** Distinct delivery times after the dispatch (a rhythm is read from them). */
  ticks: number[];
  /** Last change that was no known churn, and the same without style attributes (settling ignores style churn). */
  last: number;
  lastContent: number;
}

export class ActionObservation {
  private readonly nodes = new Map<Node, Activity>();
  private readonly addedNodes = new Set<Node>();
  private readonly attributed = new Set<Node>();
  /** Nodes whose children or text the action set (childList and characterData targets). */
  private readonly written = new Set<Node>();
  /** Every mutation target and everything containing it. */
  private readonly within = new Set<Node>();
  private targets = 0;
  /** When the action's own dispatch ended: a rhythm is only read from changes after it. */
  private dispatchEnd = Infinity;
  /** The modal open when the action began (a page behind it is uncovered, not new, when it closes). */
  private readonly modal: Element | null;
  private readonly doc: Document;

  constructor(
    doc: Document,
    private readonly background: ChurnFilter | null,
  ) {
    this.doc = doc;
    this.modal = safeModal(doc);
  }

  /** The action's events have been dispatched; what follows is the page's reaction. */
  dispatched(): void {
    if (this.dispatchEnd === Infinity) this.dispatchEnd = now();
  }

  /** When the dispatch ended (quiet is counted from there at the earliest). */
  get dispatchedAt(): number {
    return this.dispatchEnd === Infinity ? now() : this.dispatchEnd;
  }

  see(records: MutationRecord[]): void {
    const t = now();
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      if (isOverlayRecord(record)) continue;
      const key = churnKey(record);
      if (!key) continue;
      let a = this.nodes.get(key);
      if (!a) this.nodes.set(key, (a = { records: 0, churn: 0, ticks: [], last: 0, lastContent: 0 }));
      a.records++;
      if (this.background && this.background.isChurn(record)) a.churn++;
      else {
        a.last = t;
        if (record.type !== 'attributes' || record.attributeName !== 'style') a.lastContent = t;
      }
      if (t >= this.dispatchEnd && a.ticks[a.ticks.length - 1] !== t) {
        a.ticks.push(t);
        if (a.ticks.length > 8) a.ticks.shift();
      }
      this.file(record);
    }
  }

  /** Remembers where the change was, for touched(). */
  private file(record: MutationRecord): void {
    if (this.targets > MAX_TARGETS) return;
    this.targets++;
    if (record.type === 'childList')
      for (let i = 0; i < record.addedNodes.length; i++) this.addedNodes.add(record.addedNodes[i]);
    if (record.type === 'attributes') this.attributed.add(record.target);
    else this.written.add(record.target);
    for (
      let cur: Node | null = record.target, d = 0;
      cur && d < MAX_DEPTH && !this.within.has(cur);
      cur = parentOf(cur), d++
    )
      this.within.add(cur);
  }

  /** The element's changes are the page's own: all known churn, or a rhythm it had before the action and keeps. */
  isBackground(key: Node): boolean {
    const a = this.nodes.get(key);
    if (!a) return false;
    if (a.churn === a.records) return true;
    return this.rhythmic(key, a);
  }

  private rhythmic(key: Node, a: Activity): boolean {
    const ticks = a.ticks;
    if (ticks.length < RHYTHM_TICKS) return false;
    if (!this.background || !this.background.changedBefore || !this.background.changedBefore(key)) return false;
    let min = Infinity;
    let max = 0;
    for (let i = 1; i < ticks.length; i++) {
      const d = ticks[i] - ticks[i - 1];
      if (d < min) min = d;
      if (d > max) max = d;
    }
    // A timer's beat: not a burst of renders, regular, and still going.
    if (min < 8 || max > 3 * min) return false;
    const interval = (ticks[ticks.length - 1] - ticks[0]) / (ticks.length - 1);
    return now() - ticks[ticks.length - 1] <= 2 * interval + 50;
  }

  /** Mutations the action caused (background left out: a slow timer's change on its beat, off it counts). */
  caused(): number {
    let n = 0;
    this.nodes.forEach((a, key) => {
      if (!this.isBackground(key)) n += a.records - a.churn;
    });
    return n;
  }

  /** When the action's effects last changed the page (0: never); `content`: style attributes left out. */
  lastCausedChange(content = false): number {
    let last = 0;
    this.nodes.forEach((a, key) => {
      const t = content ? a.lastContent : a.last;
      if (t > last && !this.isBackground(key)) last = t;
    });
    return last;
  }

  /** The node is (inside) an element that changes on its own: a line about it is no news of the action. */
  coversBackground(node: Node | undefined): boolean {
    if (!node) return false;
    if (this.background && this.background.covers(node)) return true;
    for (let cur: Node | null = node, i = 0; cur && i < 3; cur = cur.parentNode, i++)
      if (this.isBackground(cur)) return true;
    return false;
  }

  /**
   * The action added this node, or changed it or something inside it, or changed an
   * element around it (a class that shows a menu) — unless that element was part of a
   * page behind a modal the action closed: that page was there all along, uncovered.
   */
  touched(node: Node | undefined): boolean {
    if (!node) return false;
    if (this.targets > MAX_TARGETS) return true;
    if (this.within.has(node)) return true;
    const uncovered = this.modal !== null && !this.modal.contains(node) && safeModal(this.doc) !== this.modal;
    for (let cur: Node | null = node, d = 0; cur && d < MAX_DEPTH; cur = parentOf(cur), d++) {
      if (this.addedNodes.has(cur)) return true;
      if (!uncovered && this.attributed.has(cur)) return true;
    }
    return false;
  }

  /**
   * The action wrote this text (a text node, or the element a text line stands for): its
   * data or its children were set — also to the same words (a message set again) — or it
   * was added. An attribute changed around it is not enough. False when the action changed
   * too much to follow (then nothing is claimed).
   */
  rewritten(node: Node | undefined): boolean {
    if (!node || this.targets > MAX_TARGETS) return false;
    return this.written.has(node) || this.added(node);
  }

  /** The action added this node or an element holding it. */
  added(node: Node | undefined): boolean {
    if (!node) return false;
    if (this.targets > MAX_TARGETS) return true;
    for (let cur: Node | null = node, d = 0; cur && d < MAX_DEPTH; cur = parentOf(cur), d++)
      if (this.addedNodes.has(cur)) return true;
    return false;
  }
}

function parentOf(node: Node): Node | null {
  const parent = node.parentNode;
  if (parent && parent.nodeType === 11 && (parent as ShadowRoot).host) return (parent as ShadowRoot).host;
  return parent;
}

function safeModal(doc: Document): Element | null {
  try {
    return findModal(doc);
  } catch {
    return null;
  }
}

/** Our own overlay hosts coming or going (and nothing else in the record). */
export function isOverlayRecord(record: MutationRecord): boolean {
  if (record.type !== 'childList') return false;
  const lists = [record.addedNodes, record.removedNodes];
  let any = false;
  for (let l = 0; l < 2; l++) {
    for (let i = 0; i < lists[l].length; i++) {
      const node = lists[l][i];
      if (node.nodeType !== 1 || !(node as Element).hasAttribute(OVERLAY_ATTRIBUTE)) return false;
      any = true;
    }
  }
  return any;
}

/**
 * What an action was seen to do to the nodes of the page, as effect.appeared (A8) asks
 * it: called with a node, whether a line about it is no news of the action (it neither
 * added nor changed it, or it is churn); `added`, whether the action added it (or what
 * holds it) — without a look before the action the only ground for calling a line "new":
 * a control the action merely changed (pressed, expanded) was there already.
 */
export interface NotNews {
  (node: Node | undefined): boolean;
  added?(node: Node | undefined): boolean;
  /** The action wrote this text (ActionObservation.rewritten), whatever the words. */
  rewritten?(node: Node | undefined): boolean;
}

/** The news of an action made of several steps (a hover, then a click…), each observed on its own. */
export function notNewsOf(observations: ActionObservation[]): NotNews {
  const notNews: NotNews = (node) => {
    let touched = false;
    for (let i = 0; i < observations.length; i++) {
      if (observations[i].coversBackground(node)) return true;
      if (observations[i].touched(node)) touched = true;
    }
    return !touched;
  };
  notNews.added = (node) => {
    for (let i = 0; i < observations.length; i++) if (observations[i].added(node)) return true;
    return false;
  };
  notNews.rewritten = (node) => {
    for (let i = 0; i < observations.length; i++) if (observations[i].rewritten(node)) return true;
    return false;
  };
  return notNews;
}
