// Bounded, change-driven waiting: resolves as soon as `predicate` holds, checking
// after every DOM mutation and once per frame, and gives up at the deadline.
// Used where an action must wait for the page to react (a popup to open).
import { MutationObserverCtor, clearTimer, requestFrame, setTimer } from '../dom/builtins';

export function waitFor<T>(
  root: Node,
  predicate: () => T | null | undefined | false,
  timeoutMs: number,
): Promise<T | null> {
  return new Promise((resolve) => {
    const first = safe(predicate);
    if (first) return resolve(first);
    let finished = false;
    let mo: MutationObserver | null = null;
    const finish = (value: T | null) => {
      if (finished) return;
      finished = true;
      clearTimer(timer);
      if (mo) mo.disconnect();
      resolve(value);
    };
    const check = () => {
      if (finished) return;
      const v = safe(predicate);
      if (v) finish(v);
    };
    const timer = setTimer(() => finish(safe(predicate) || null), Math.max(0, timeoutMs));
    if (MutationObserverCtor) {
      mo = new MutationObserverCtor(check);
      mo.observe(root, { subtree: true, childList: true, attributes: true });
    }
    const tick = () => {
      if (finished) return;
      check();
      if (!finished) requestFrame(tick);
    };
    requestFrame(tick);
  });
}

function safe<T>(predicate: () => T | null | undefined | false): T | null {
  try {
    return predicate() || null;
  } catch {
    return null;
  }
}
