// Requests in flight, for "has the page settled?" (issue 10 §5, A8).
// Page world: fetch and XMLHttpRequest are wrapped once per window, at injection,
// so a request an action starts is seen from its start to its end. The wrappers
// are pass-through: same arguments, same receiver, the page's own promise returned
// untouched, exceptions rethrown. A content script (isolated world) cannot see the
// page's fetch: there, finished requests come from resource timing instead, and
// "settled" means no request finished and no mutation happened for the quiet period.
import { defineProperty, now } from '../dom/builtins';

export interface RequestTracker {
  /** Requests started at or after `since` (performance.now()) that have not finished. Resource timing: always 0. */
  pending(since: number): number;
  /** performance.now() of the last request start or end seen (0 if none). */
  lastActivity(): number;
}

const KEY = '__browserxDomToolRequests';

class WrappedRequests implements RequestTracker {
  private readonly inflight = new Map<number, number>();
  private next = 1;
  private last = 0;

  begin(): number {
    const token = this.next++;
    this.inflight.set(token, (this.last = now()));
    return token;
  }

  end(token: number): void {
    if (this.inflight.delete(token)) this.last = now();
  }

  pending(since: number): number {
    let n = 0;
    this.inflight.forEach((start) => {
      if (start >= since) n++;
    });
    return n;
  }

  lastActivity(): number {
    return this.last;
  }
}

/** Wraps fetch and XMLHttpRequest of `win` once (a second DomTool or injection reuses the first tracker). */
export function wrapRequests(win: Window): RequestTracker | null {
  const holder = win as unknown as Record<string, unknown>;
  try {
    const existing = holder[KEY];
    if (existing instanceof WrappedRequests || (existing && typeof (existing as RequestTracker).pending === 'function'))
      return existing as RequestTracker;
    const tracker = new WrappedRequests();
    wrapFetch(win, tracker);
    wrapBodyReads(win, tracker);
    wrapXhr(win, tracker);
    defineProperty(win, KEY, { value: tracker, configurable: true, enumerable: false, writable: false });
    return tracker;
  } catch {
    return null;
  }
}

function wrapFetch(win: Window, tracker: WrappedRequests): void {
  const original = win.fetch;
  if (typeof original !== 'function') return;
  win.fetch = tracked(original, tracker);
}

/**
 * fetch's promise settles when the response's headers arrive; the page's reaction waits for
 * the body too (`await res.json()`), which is another request in flight: a slow body (a
 * large answer, a busy machine) read after the quiet period made an action report the page
 * settled before its answer was shown. Every body read of a Response counts until it settles.
 */
function wrapBodyReads(win: Window, tracker: WrappedRequests): void {
  const proto = (win as unknown as { Response?: typeof Response }).Response?.prototype as
    | Record<string, unknown>
    | undefined;
  if (!proto) return;
  for (const method of BODY_READS) {
    const original = proto[method];
    if (typeof original === 'function') proto[method] = tracked(original as (...args: unknown[]) => unknown, tracker);
  }
}

const BODY_READS = ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes'];

/**
 * `original` wrapped so that each call is a request in flight until the promise it returns
 * settles. Observing only: same receiver and arguments, the page's own promise returned
 * untouched, exceptions rethrown.
 */
function tracked<F extends (...args: never[]) => unknown>(original: F, tracker: WrappedRequests): F {
  const wrapped = function (this: unknown, ...args: Parameters<F>): unknown {
    const token = tracker.begin();
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      tracker.end(token);
      throw error;
    }
    try {
      const done = () => tracker.end(token);
      (result as Promise<unknown>).then(done, done);
    } catch {
      tracker.end(token);
    }
    return result;
  };
  // Looks like what it wraps to code that inspects it (name, length, toString).
  try {
    defineProperty(wrapped, 'name', { value: original.name });
    defineProperty(wrapped, 'length', { value: original.length });
    defineProperty(wrapped, 'toString', {
      value: () => Function.prototype.toString.call(original),
      configurable: true,
    });
  } catch {
    /* cosmetic */
  }
  return wrapped as unknown as F;
}

function wrapXhr(win: Window, tracker: WrappedRequests): void {
  const Xhr = (win as unknown as { XMLHttpRequest?: typeof XMLHttpRequest }).XMLHttpRequest;
  const proto = Xhr?.prototype;
  const send = proto?.send;
  if (!proto || typeof send !== 'function') return;
  const wrapped = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null): void {
    const token = tracker.begin();
    try {
      this.addEventListener('loadend', () => tracker.end(token), { once: true });
    } catch {
      tracker.end(token);
    }
    try {
      send.call(this, body);
    } catch (error) {
      tracker.end(token);
      throw error;
    }
  };
  try {
    defineProperty(wrapped, 'toString', { value: () => Function.prototype.toString.call(send), configurable: true });
  } catch {
    /* cosmetic */
  }
  proto.send = wrapped;
}

/** Content-script mode: finished requests from resource timing (nothing to wrap in an isolated world). */
export function timingRequests(win: Window): RequestTracker | null {
  let last = 0;
  try {
    const Observer = (win as unknown as { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
    if (typeof Observer !== 'function') return null;
    const observer = new Observer((list) => {
      const entries = list.getEntries();
      for (let i = 0; i < entries.length; i++) {
        const end = entries[i].startTime + entries[i].duration;
        if (end > last) last = end;
      }
    });
    observer.observe({ type: 'resource', buffered: false });
  } catch {
    return null;
  }
  return { pending: () => 0, lastActivity: () => last };
}
