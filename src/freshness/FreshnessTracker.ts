// Snapshot freshness (F1, F2, F5): a TTL, a dirty flag set by a throttled
// MutationObserver that ignores noise, and cleanup on pagehide. The observer only
// reads (it never touches the page) and is disconnected as soon as the snapshot is
// dirty — nothing more can be learned until the next snapshot re-arms it.
import { MutationObserverCtor, clearTimer, now as perfNow, setTimer } from '../dom/builtins';
import { windowOf } from '../dom/dom-utils';
import { WATCHED_ATTRIBUTES, isMeaningfulMutation } from './noise';

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
  /** Why the snapshot went stale last (for debug output and tests). */
  lastReason = '';

  constructor(
    private readonly getDocument: () => Document,
    private readonly options: FreshnessOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? perfNow)();
  }

  /** A new snapshot was built at `takenAt`: clean, and watching for changes. */
  track(takenAt: number): void {
    this.takenAt = takenAt;
    this.dirty = false;
    this.lastReason = '';
    this.pending = [];
    this.observe();
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

  private observe(): void {
    if (this.observer || !MutationObserverCtor) return;
    const doc = this.getDocument();
    const root = doc.documentElement ?? doc;
    this.observer = new MutationObserverCtor((records) => {
      for (let i = 0; i < records.length; i++) this.pending.push(records[i]);
      this.schedule();
    });
    this.observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: WATCHED_ATTRIBUTES,
    });
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

  private stopObserving(): void {
    if (this.timer !== null) clearTimer(this.timer);
    this.timer = null;
    this.pending = [];
    if (this.observer) this.observer.disconnect();
    this.observer = null;
  }
}
