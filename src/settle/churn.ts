// Background churn (issue 23 §4): what keeps changing on its own — a clock, a price
// ticker, a carousel — must not hold an action's result back. One MutationObserver per
// document (and its open shadow roots: web components tick inside them) remembers, per changed element, when it last changed (a few timestamps).
// At the start of an action, the elements that were changing at a steady rate are
// frozen into a filter; settling and effect observation then ignore mutations of
// exactly those elements (a slow one's only on its beat), so what the action itself
// causes still counts.
//
// Started on the first snapshot (an agent looks before it acts), not at injection:
// a frame that is never looked at pays nothing.
import { MutationObserverCtor, now } from '../dom/builtins';
import { ShadowRootsWatch } from './shadow-roots';

/** What was changing at a steady rate before an action: its mutations are not the action's effect. */
export interface ChurnFilter {
  /** The mutation belongs to background churn. */
  isChurn(record: MutationRecord): boolean;
  /** The node is (inside) an element that churns: a line about it is no news of the action. */
  covers(node: Node | undefined): boolean;
  /**
   * The element changed before the action began (or the monitor has watched too briefly
   * to know): if it keeps changing at a rhythm during the action, that rhythm is the
   * page's own, not something the action started (actions/observation.ts).
   */
  changedBefore?(node: Node): boolean;
  /** The roots the monitor watches (the document and its open shadow roots): an action watches them too. */
  roots?: readonly Node[];
}

/** How far back churn is judged: a timer beating every 5 s shows 3 changes in it. */
const HISTORY_MS = 12_000;
/** Elements changing at least this often churn at any moment; slower ones only on their beat. */
const SLOW_BEAT_MS = 300;
/** How far off its predicted time a slow element's change may come and still be its timer's (or 15% of the beat). */
const BEAT_TOLERANCE_MS = 80;
/** Ticks an element needs in the history to count as steady churn. */
const MIN_TICKS = 3;
/** How long the monitor watches before its first judgement (a 50 ms ticker ticks three times; a slow timer needs longer: it is known once it has beaten three times). */
const LEARN_MS = 160;
/** Timestamps kept per element (enough for a rate). */
const KEEP = 6;
/** Elements tracked at most (oldest forgotten first): bounds memory on busy pages. */
const MAX_TRACKED = 512;
/** Our own overlay hosts (highlight, action feedback) are never page churn. */
const OVERLAY_ATTRIBUTE = 'data-browserx-overlay';

/** The element a mutation record is about: a text change belongs to its parent element. */
export function churnKey(record: MutationRecord): Node | null {
  const target = record.target;
  if (record.type === 'characterData') return target.parentNode;
  return target;
}

export class ChurnMonitor {
  /** Made in start(), not at construction: a page that replaced Map must not break DomTool's constructor (R1). */
  private ticks: Map<Node, number[]> | null = null;
  private observer: MutationObserver | null = null;
  private shadows: ShadowRootsWatch | null = null;
  private startedAt = 0;
  private lastPrune = 0;
  /**
   * Per element, the last changes seen while no action ran: a counter an agent clicks
   * changes only during actions, and must never be taken for background churn.
   */
  private own: Map<Node, number[]> | null = null;
  private acting = false;

  /**
   * Milliseconds still to watch before the monitor knows what changes on its own
   * (LEARN_MS since it started; 0 once it has). An action right after DomTool first
   * looks waits that long: a ticker shows its beat, and a rhythm the action starts is
   * then told apart from one that was there before it.
   */
  learning(): number {
    return this.observer ? Math.max(0, LEARN_MS - (now() - this.startedAt)) : 0;
  }

  /** An action runs from now until actionEnded(): what changes meanwhile may be its doing. */
  actionBegan(): void {
    const pending = this.observer ? this.observer.takeRecords() : [];
    if (pending.length) this.record(pending);
    this.acting = true;
  }

  actionEnded(): void {
    const pending = this.observer ? this.observer.takeRecords() : [];
    if (pending.length) this.record(pending);
    this.acting = false;
  }

  /** Starts watching `root` (idempotent). Never throws: without an observer there is no churn filter. */
  start(root: Node): void {
    if (this.observer || !MutationObserverCtor) return;
    try {
      this.ticks = new Map();
      this.own = new Map();
      const observer = new MutationObserverCtor((records) => this.record(records));
      this.shadows = new ShadowRootsWatch(observer);
      this.shadows.add(root);
      this.observer = observer;
      this.startedAt = now();
    } catch {
      this.observer = null;
      this.ticks = null;
    }
  }

  /** Also watches these roots (a snapshot's shadow roots: a component upgraded after start() attached its root unseen). */
  watch(roots: readonly Node[]): void {
    if (this.shadows) for (const root of roots) this.shadows.add(root, false);
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.shadows = null;
    this.ticks = null;
    this.own = null;
  }

  private record(records: MutationRecord[]): void {
    const ticks = this.ticks;
    if (!ticks) return;
    this.shadows?.addFrom(records);
    const t = now();
    for (let i = 0; i < records.length; i++) {
      const key = churnKey(records[i]);
      if (!key || isOverlay(records[i])) continue;
      let list = ticks.get(key);
      if (!list) {
        if (ticks.size >= MAX_TRACKED) this.prune(ticks, t, true);
        list = [];
        ticks.set(key, list);
      }
      // One tick per delivery: a ticker that replaces its text makes two records at once.
      if (list.length && list[list.length - 1] === t) continue;
      list.push(t);
      if (list.length > KEEP) list.shift();
      if (!this.acting && this.own) {
        let mine = this.own.get(key);
        if (!mine) this.own.set(key, (mine = []));
        mine.push(t);
        if (mine.length > 2) mine.shift();
      }
    }
    if (t - this.lastPrune > 1000) this.prune(ticks, t, false);
  }

  /** Forgets elements that have been still for the whole history (or, when full, the stalest). */
  private prune(ticks: Map<Node, number[]>, t: number, full: boolean): void {
    this.lastPrune = t;
    let stalest: Node | null = null;
    let stalestAt = Infinity;
    ticks.forEach((list, key) => {
      const last = list[list.length - 1];
      if (t - last > HISTORY_MS) {
        ticks.delete(key);
        this.own?.delete(key);
      } else if (last < stalestAt) {
        stalestAt = last;
        stalest = key;
      }
    });
    if (full && ticks.size >= MAX_TRACKED && stalest) {
      ticks.delete(stalest);
      this.own?.delete(stalest);
    }
  }

  /**
   * What changes on its own right now, frozen at the start of an action. An element is the
   * page's own when it has changed at least MIN_TICKS times in the history, twice while no
   * action ran, and not stopped (its last change no later than two of its intervals ago).
   * A fast one (a ticker) churns whatever the moment; a slow one (a clock, a rotating tip,
   * a carousel — a beat slower than any settle window, so it falls into actions now and
   * then) only on its beat: a change of it that comes on time is the timer's, one off the
   * beat (a "Refresh" the action clicked) is the action's. Null when the monitor is not running.
   */
  backgroundNow(): ChurnFilter | null {
    const t = now();
    const ticks = this.ticks;
    if (!this.observer || !ticks) return null;
    const pending = this.observer.takeRecords();
    if (pending.length) this.record(pending);
    const steady = new Set<Node>();
    const beats = new Map<Node, Beat>();
    const own = this.own;
    // What had changed before this moment, frozen: changes during the action come later.
    const before = new Set<Node>();
    ticks.forEach((_list, key) => before.add(key));
    ticks.forEach((list, key) => {
      let first = -1;
      for (let i = 0; i < list.length; i++) {
        if (t - list[i] <= HISTORY_MS) {
          first = i;
          break;
        }
      }
      if (first < 0 || list.length - first < MIN_TICKS) return;
      const mine = own ? own.get(key) : undefined;
      if (!mine || mine.length < 2 || t - mine[0] > HISTORY_MS) return;
      const last = list[list.length - 1];
      const interval = (last - list[first]) / (list.length - first - 1);
      if (t - last > 2 * interval + 50) return;
      if (interval < SLOW_BEAT_MS) steady.add(key);
      else if (regular(list, first, interval)) beats.set(key, { last, interval });
    });
    /** The change happening now falls on a slow element's beat (its next tick, or one after). */
    const onBeat = (key: Node): boolean => {
      const beat = beats.get(key);
      if (!beat) return false;
      const at = now();
      const k = Math.max(1, Math.round((at - beat.last) / beat.interval));
      return Math.abs(at - (beat.last + k * beat.interval)) <= Math.max(BEAT_TOLERANCE_MS, 0.15 * beat.interval);
    };
    return {
      isChurn: (record) => {
        const key = churnKey(record);
        return !!key && (steady.has(key) || onBeat(key));
      },
      covers: (node) => {
        if (!node || !steady.size) return false;
        for (let cur: Node | null = node, i = 0; cur && i < 3; cur = cur.parentNode, i++)
          if (steady.has(cur)) return true;
        // A text run merged across inline elements ("Price: 1234") stands on its block: it churns when a part of it does.
        const block = node.nodeType === 1 ? node : node.parentNode;
        let hit = false;
        if (block)
          steady.forEach((key) => {
            if (!hit && block !== key && block.contains(key))
              hit = (block as Element).localName !== 'body' && (block as Element).localName !== 'html';
          });
        return hit;
      },
      changedBefore: (node) => before.has(node),
      roots: this.shadows ? this.shadows.roots : undefined,
    };
  }
}

/** A slow element's rhythm: its last change and the time between changes. */
interface Beat {
  last: number;
  interval: number;
}

/** Every interval of the history within a quarter of the mean (a timer's, not a few late answers of earlier actions). */
function regular(list: number[], first: number, interval: number): boolean {
  for (let i = first + 1; i < list.length; i++)
    if (Math.abs(list[i] - list[i - 1] - interval) > Math.max(BEAT_TOLERANCE_MS, 0.25 * interval)) return false;
  return true;
}

function isOverlay(record: MutationRecord): boolean {
  const target = record.target;
  if (target.nodeType === 1 && (target as Element).hasAttribute(OVERLAY_ATTRIBUTE)) return true;
  if (record.type !== 'childList') return false;
  const added = record.addedNodes;
  for (let i = 0; i < added.length; i++)
    if (added[i].nodeType === 1 && (added[i] as Element).hasAttribute(OVERLAY_ATTRIBUTE)) return true;
  return false;
}
