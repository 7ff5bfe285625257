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
/** The shortest wait of a probe for a late ticker (learning()): its overdue timer comes first. */
const MIN_PROBE_MS = 16;
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
  /** When learning() last judged which tickers are late, and those it watches for one more interval before the action. */
  private probe: { at: number; keys: Set<Node> } | null = null;
  /** Tickers a probe found stopped, with their last tick then: not probed again until they tick. */
  private stopped: Map<Node, number> | null = null;

  /**
   * Milliseconds still to watch before the monitor knows what changes on its own
   * (LEARN_MS since it started; 0 once it has). An action right after DomTool first
   * looks waits that long: a ticker shows its beat, and a rhythm the action starts is
   * then told apart from one that was there before it.
   *
   * Also the time to tell a late ticker from a stopped one. A ticker whose last tick is
   * older than two of its intervals may have stopped — or the main thread was busy (a
   * long task, a slow machine) and its timer could not run: wall-clock time is no
   * evidence. So the action first waits one interval on a timer of its own, due after the
   * ticker's overdue one: a live ticker ticks before that timer fires, whatever the
   * machine's speed (backgroundNow() reads the answer).
   */
  learning(): number {
    if (!this.observer || !this.ticks) return 0;
    const t = now();
    const learn = Math.max(0, LEARN_MS - (t - this.startedAt));
    const pending = this.observer.takeRecords();
    if (pending.length) this.record(pending);
    let wait = 0;
    const late = new Set<Node>();
    this.ticks.forEach((list, key) => {
      const rate = this.rateOf(key, list, t);
      if (!rate || !anyMoment(list, rate) || !isLate(rate, t) || this.stopped?.get(key) === rate.last) return;
      late.add(key);
      wait = Math.max(wait, Math.ceil(Math.min(Math.max(rate.interval, MIN_PROBE_MS), SLOW_BEAT_MS)));
    });
    this.probe = { at: t, keys: late };
    return Math.max(learn, wait);
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
      this.stopped = new Map();
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
    this.probe = null;
    this.stopped = null;
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
        this.stopped?.delete(key);
      } else if (last < stalestAt) {
        stalestAt = last;
        stalest = key;
      }
    });
    if (full && ticks.size >= MAX_TRACKED && stalest) {
      ticks.delete(stalest);
      this.own?.delete(stalest);
      this.stopped?.delete(stalest);
    }
  }

  /**
   * What changes on its own right now, frozen at the start of an action. An element is the
   * page's own when it has changed at least MIN_TICKS times in the history, twice while no
   * action ran, and not stopped (its last change no later than two of its intervals ago,
   * or — a late one — a change after the probe learning() started: see there).
   * A regular slow one (a clock, a rotating tip, a carousel — a beat slower than any settle
   * window, so it falls into actions now and then) churns only on its beat: a change of it
   * that comes on time is the timer's, one off the beat (a "Refresh" the action clicked) is
   * the action's. Any other (a ticker) churns whatever the moment. Null when the monitor is not running.
   */
  backgroundNow(): ChurnFilter | null {
    const t = now();
    const ticks = this.ticks;
    if (!this.observer || !ticks) return null;
    const pending = this.observer.takeRecords();
    if (pending.length) this.record(pending);
    const steady = new Set<Node>();
    const beats = new Map<Node, Beat>();
    // What had changed before this moment (and not stopped since), frozen: changes during the action come later.
    const before = new Set<Node>();
    ticks.forEach((_list, key) => before.add(key));
    // Judged when learning() looked, before the action's own work began: that work (on a
    // slow machine, tens of ms) delays the page's timers too, and must not make them look late.
    const probe = this.probe;
    this.probe = null;
    const judgedAt = probe ? probe.at : t;
    ticks.forEach((list, key) => {
      const rate = this.rateOf(key, list, t);
      if (!rate) return;
      if (onBeatOnly(list, rate)) {
        if (t - rate.last <= 2 * rate.interval + 50) beats.set(key, { last: rate.last, interval: rate.interval });
        else before.delete(key);
      } else if (!anyMoment(list, rate)) return;
      else if (!isLate(rate, judgedAt)) steady.add(key);
      else {
        // Late, and (watched one more interval by the probe, or found so before) no tick came
        // before the probe's timer: it stopped. A rhythm of it during the action is then the
        // action's doing (a "Start" it clicked), not one it had before. Remembered, so that
        // later actions do not wait for it until it ticks again.
        before.delete(key);
        if (probe && probe.keys.has(key)) this.stopped?.set(key, rate.last);
      }
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

  /**
   * An element's steady rate in the history: changed at least MIN_TICKS times in it, and
   * twice while no action ran. Null for anything else (not the page's own rhythm).
   */
  private rateOf(key: Node, list: number[], t: number): Rate | null {
    let first = -1;
    for (let i = 0; i < list.length; i++) {
      if (t - list[i] <= HISTORY_MS) {
        first = i;
        break;
      }
    }
    if (first < 0 || list.length - first < MIN_TICKS) return null;
    const mine = this.own ? this.own.get(key) : undefined;
    if (!mine || mine.length < 2 || t - mine[0] > HISTORY_MS) return null;
    let fastest = Infinity;
    for (let i = first + 1; i < list.length; i++) fastest = Math.min(fastest, list[i] - list[i - 1]);
    return { first, last: list[list.length - 1], interval: medianGap(list, first), fastest };
  }
}

/** An element's rate of change: index of its first change in the history, its last change, its typical interval. */
interface Rate {
  first: number;
  last: number;
  interval: number;
  /** Its shortest gap: a busy thread stretches a timer's gaps, never shortens them below the timer's own. */
  fastest: number;
}

/**
 * The typical time between an element's changes: the median gap, not the mean. A busy
 * main thread (a long task, an action's own work, a slow machine) delays a timer and
 * stretches a gap or two; the mean of a 50 ms ticker's gaps then reads as a slow beat.
 */
function medianGap(list: number[], first: number): number {
  const gaps: number[] = [];
  for (let i = first + 1; i < list.length; i++) {
    // Insertion into order (at most KEEP - 1 gaps): no comparator handed to a page's Array.prototype.sort.
    const gap = list[i] - list[i - 1];
    let j = gaps.length;
    gaps.push(gap);
    for (; j > 0 && gaps[j - 1] > gap; j--) gaps[j] = gaps[j - 1];
    gaps[j] = gap;
  }
  const mid = gaps.length >> 1;
  return gaps.length % 2 ? gaps[mid] : (gaps[mid - 1] + gaps[mid]) / 2;
}

/**
 * No change for over two of its fastest gaps: it may have stopped. Only a reason to look
 * closer (the probe, learning()): by the clock a busy thread makes a live ticker look late too.
 */
function isLate(rate: Rate, t: number): boolean {
  return t - rate.last > 2 * rate.fastest + 50;
}

/** A slow element's rhythm: its last change and the time between changes. */
interface Beat {
  last: number;
  interval: number;
}

/**
 * A slow timer, judged only on its beat: a regular interval slower than SLOW_BEAT_MS.
 * Anything else that keeps changing on its own churns at any moment — also a 50 ms ticker
 * whose gaps a busy main thread stretched and scattered (its timer ran late), which by the
 * clock looks like neither a ticker nor a beat.
 */
function onBeatOnly(list: number[], rate: Rate): boolean {
  return rate.interval >= SLOW_BEAT_MS && regular(list, rate.first, rate.interval);
}

/**
 * Churns at any moment (while it keeps going): not a slow beat, and it has changed on its
 * own faster than SLOW_BEAT_MS. An element that changes now and then, irregularly (a
 * region a late answer of an earlier action rewrites), is neither: its change is the action's.
 */
function anyMoment(list: number[], rate: Rate): boolean {
  return rate.fastest < SLOW_BEAT_MS && !onBeatOnly(list, rate);
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
