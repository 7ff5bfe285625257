// Snapshot freshness (F1, F2, F5): a TTL, a dirty flag set by a throttled
// MutationObserver that ignores noise, and cleanup on pagehide. The observer only
// reads (it never touches the page) and is disconnected as soon as the snapshot is
// dirty — nothing more can be learned until the next snapshot re-arms it.
import { MutationObserverCtor, clearTimer, now as perfNow, setTimer } from '../dom/builtins';
import { windowOf } from '../dom/dom-utils';
import { WATCHED_ATTRIBUTES, isMeaningfulMutation } from './noise';

/** Events after which a snapshot may show a wrong value, checked state, focus or viewport (F7). */
const STALE_EVENTS = ['input', 'change', 'focusin', 'focusout', 'scroll'];

export interface FreshnessOptions {
  /** Snapshot time-to-live in ms (F1). */
  ttl: number;
  /** Mutation batches are classified at most this often (background cost bound). */
  throttleMs?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
}

export class FreshnessTracker {
  private takenAt: number | null = null;
  private dirty = true;
  private observer: MutationObserver | null = null;
  private pending: MutationRecord[] = [];
  private timer: number | null = null;
  private lifecycleCleanup: (() => void) | null = null;
  private listeners: (() => void)[] = [];
  /** What the observer and the listeners watch now (the document's root first, then `extraRoots`). */
  private roots: Node[] = [];
  /** Why the snapshot went stale last (for debug output and tests). */
  lastReason = '';

  constructor(
    private readonly getDocument: () => Document,
    private readonly options: FreshnessOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? perfNow)();
  }

  /**
   * A new snapshot was built at `takenAt`: clean, and watching for changes — in the document
   * and in `extraRoots` (open shadow roots and same-origin frame documents the snapshot
   * entered: a MutationObserver on the document does not see inside them, F7).
   */
  track(takenAt: number, extraRoots: Node[] = []): void {
    this.takenAt = takenAt;
    this.dirty = false;
    this.lastReason = '';
    const roots = this.rootsFor(extraRoots);
    // Still watching the same roots (nothing made the last snapshot dirty): what they queued
    // since is older than this snapshot, so it goes — as a re-arm would drop it — and the
    // observer and listeners stay. Re-registering them cost ~40 µs a snapshot (a tenth of a small page's).
    if (this.observer && sameNodes(roots, this.roots)) {
      this.forgetPending();
      return;
    }
    this.stopObserving();
    this.observe(roots);
  }

  /** F1 + F2: a tracked snapshot that is neither dirty nor older than the TTL. */
  isFresh(): boolean {
    this.flush();
    if (this.dirty || this.takenAt === null) return false;
    if (this.now() - this.takenAt >= this.options.ttl) {
      this.lastReason = 'ttl';
      return false;
    }
    return true;
  }

  isDirty(): boolean {
    this.flush();
    return this.dirty;
  }

  markDirty(reason: string): void {
    if (!this.dirty) this.lastReason = reason;
    this.dirty = true;
    this.stopObserving();
  }

  /** F3/F5: forget the snapshot's freshness (actions, invalidateSnapshot). */
  invalidate(reason = 'invalidated'): void {
    this.markDirty(reason);
    this.takenAt = null;
  }

  /** F5: calls `onHide` when the page is hidden or unloaded (navigation, bfcache). */
  watchPageLifecycle(onHide: () => void): void {
    if (this.lifecycleCleanup) return;
    let win: Window | null = null;
    try {
      win = windowOf(this.getDocument());
    } catch {
      // No DOM (constructed outside a page): nothing to watch.
      win = null;
    }
    if (!win) return;
    const handler = () => {
      this.invalidate('pagehide');
      onHide();
    };
    win.addEventListener('pagehide', handler);
    this.lifecycleCleanup = () => win.removeEventListener('pagehide', handler);
  }

  dispose(): void {
    this.invalidate('disposed');
    if (this.lifecycleCleanup) this.lifecycleCleanup();
    this.lifecycleCleanup = null;
  }

  private rootsFor(extraRoots: Node[]): Node[] {
    const doc = this.getDocument();
    const roots: Node[] = [doc.documentElement ?? doc];
    for (let i = 0; i < extraRoots.length; i++) if (roots.indexOf(extraRoots[i]) < 0) roots.push(extraRoots[i]);
    return roots;
  }

  private observe(roots: Node[]): void {
    if (this.observer || !MutationObserverCtor) return;
    this.roots = roots;
    this.observer = new MutationObserverCtor((records) => {
      for (let i = 0; i < records.length; i++) this.pending.push(records[i]);
      this.schedule();
    });
    for (let i = 0; i < roots.length; i++) {
      try {
        this.observer.observe(roots[i], {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
          attributeFilter: WATCHED_ATTRIBUTES,
        });
      } catch {
        /* a root from a frame that went away */
      }
    }
    // F7: what no mutation shows — values and checked states typed or set (input/change),
    // focus moving, scrolling (what is in view changes). Capture listeners on each root.
    const stale = (event: Event) => this.markDirty(event.type);
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i];
      const target: EventTarget = root.nodeType === 1 ? ((root as Element).ownerDocument ?? root) : root;
      for (let k = 0; k < STALE_EVENTS.length; k++) {
        try {
          target.addEventListener(STALE_EVENTS[k], stale, true);
          this.listeners.push(() => target.removeEventListener(STALE_EVENTS[k], stale, true));
        } catch {
          /* not an event target */
        }
      }
    }
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimer(() => {
      this.timer = null;
      this.flush();
    }, this.options.throttleMs ?? 100);
  }

  /** Classifies pending records now (also called synchronously by isFresh, so reads are never late). */
  private flush(): void {
    if (this.observer) {
      const queued = this.observer.takeRecords();
      for (let i = 0; i < queued.length; i++) this.pending.push(queued[i]);
    }
    if (!this.pending.length) return;
    const records = this.pending;
    this.pending = [];
    const seen = new Set<Element>();
    for (let i = 0; i < records.length; i++) {
      if (isMeaningfulMutation(records[i], seen)) {
        this.markDirty(`${records[i].type}${records[i].attributeName ? ':' + records[i].attributeName : ''}`);
        return;
      }
    }
  }

  /** Drops what was seen but not yet judged: queued records, delivered ones, the throttle timer. */
  private forgetPending(): void {
    if (this.timer !== null) clearTimer(this.timer);
    this.timer = null;
    this.pending = [];
    if (this.observer) this.observer.takeRecords();
  }

  private stopObserving(): void {
    this.forgetPending();
    if (this.observer) this.observer.disconnect();
    this.observer = null;
    this.roots = [];
    for (let i = 0; i < this.listeners.length; i++) this.listeners[i]();
    this.listeners = [];
  }
}

function sameNodes(a: Node[], b: Node[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
