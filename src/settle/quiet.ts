// Bounded waiting for a page to settle (issue 10 §5): no DOM change for `quietMs`
// and no request in flight (those started since `since`), within `timeoutMs`.
// Style-attribute churn (JS animations, spinners) does not count as a change:
// it never settles and says nothing about content. Neither does churn that was going
// on before the action (`ignore`, settle/churn.ts); a finite animation the action
// started (`busy`, settle/animations.ts) does: what it ends in may be what matters.
import type { ErrorInfo } from '../types';
import { MutationObserverCtor, clearTimer, now, setTimer } from '../dom/builtins';
import type { RequestTracker } from './requests';
import type { ChurnFilter } from './churn';

/** An action's own observation of the page (actions/observation.ts): it watches, quiet only reads it. */
export interface QuietObservation {
  /** When what the action caused last changed the page (0: never); `content`: style attributes left out. */
  lastCausedChange(content?: boolean): number;
}

export interface QuietOptions {
  quietMs: number;
  timeoutMs: number;
  /** Only requests started at or after this performance.now() count (the action's start). Default: all. */
  since?: number;
  /** When the last change happened before this call (e.g. seen by the action's effect watcher). */
  lastChange?: number;
  /** Mutations to ignore: background churn that was going on before the action (settle/churn.ts). */
  ignore?: ChurnFilter | null;
  /** Something the action started still runs (an animation): not settled yet. */
  busy?: () => boolean;
  /** Style-attribute changes count too (a drag's drop preview is drawn in inline transforms). */
  countStyle?: boolean;
  /**
   * The action's observation: quiet is counted from the last change it caused (background
   * it told apart is ignored, even what it recognised only while waiting); no observer of our own.
   */
  observation?: QuietObservation;
}

export interface QuietResult {
  /** The page went quiet within the timeout: the same value as `settled` (false on a refusal, with `error`). */
  ok: boolean;
  settled: boolean;
  waitedMs: number;
  /** Requests still in flight when the wait ended. */
  pendingRequests: number;
  /** Set when the call was refused (a VALIDATION_ERROR: a bad argument or option); nothing was done. */
  error?: ErrorInfo;
  /** Mutations seen while waiting (not counting ignored churn or style): the page changed late. */
  mutations?: number;
}

export function waitForQuiet(
  roots: Node[],
  requests: RequestTracker | null,
  options: QuietOptions,
): Promise<QuietResult> {
  const started = now();
  const since = options.since ?? -Infinity;
  let lastChange = Math.max(options.lastChange ?? started, requests ? requests.lastActivity() : 0);
  let mutations = 0;
  const observers: MutationObserver[] = [];
  return new Promise((resolve) => {
    let timer = 0;
    let finished = false;
    const finish = (settled: boolean) => {
      if (finished) return;
      finished = true;
      clearTimer(timer);
      for (let i = 0; i < observers.length; i++) observers[i].disconnect();
      resolve({
        ok: settled,
        settled,
        waitedMs: Math.round(now() - started),
        pendingRequests: requests ? requests.pending(since) : 0,
        mutations,
      });
    };
    const busy = () => {
      try {
        return !!options.busy && options.busy();
      } catch {
        return false;
      }
    };
    const check = () => {
      if (finished) return;
      const t = now();
      if (requests) lastChange = Math.max(lastChange, requests.lastActivity());
      const pending = requests ? requests.pending(since) : 0;
      const running = busy();
      // An animation the action started ends in what it reveals: quiet is counted from its end.
      if (running) lastChange = Math.max(lastChange, t);
      // Read afresh each time, not kept: a ticker counted at first may be recognised as background later.
      const last = options.observation
        ? Math.max(lastChange, options.observation.lastCausedChange(!options.countStyle))
        : lastChange;
      if (!pending && !running && t - last >= options.quietMs) return finish(true);
      if (t - started >= options.timeoutMs) return finish(false);
      // Wake when the quiet period could end, or every 50 ms while requests or animations run.
      const wait = pending || running ? 50 : Math.max(1, last + options.quietMs - t);
      timer = setTimer(check, Math.min(wait, Math.max(1, started + options.timeoutMs - t)));
    };
    if (MutationObserverCtor && !options.observation) {
      for (let i = 0; i < roots.length; i++) {
        try {
          const mo = new MutationObserverCtor((records) => {
            const ignore = options.ignore;
            for (let k = 0; k < records.length; k++) {
              if (ignore && ignore.isChurn(records[k])) continue;
              if (options.countStyle || records[k].type !== 'attributes' || records[k].attributeName !== 'style') {
                lastChange = now();
                mutations++;
              }
            }
          });
          mo.observe(roots[i], { subtree: true, childList: true, characterData: true, attributes: true });
          observers.push(mo);
        } catch {
          /* a root that cannot be observed only makes the wait shorter */
        }
      }
    }
    check();
  });
}
