// Built-ins captured when this module loads (R2).
//
// A bookmarklet or console injection runs in the page's own world, where the page
// may have replaced built-ins. Two defences, both needed:
//  1. Capture here what we call later, so a page that patches *after* we loaded
//     (zone.js bootstrapping lazily, a library loaded on demand) cannot change
//     what our code calls.
//  2. Avoid the built-ins pages are known to break *before* we load: never
//     `Array.from` (Prototype.js returns [] for iterables), never `for…in`
//     (enumerable prototype pollution), never `JSON.stringify` on arrays in the
//     page's world (`Array.prototype.toJSON` double-encodes; see safe-json.ts).
//     `toArray` below is the replacement for `Array.from`.
// Pass-through wrappers (zone.js style) are harmless, so capturing them is fine.
//
// Every capture below that calls or reads through a global is a function call marked
// `@__PURE__`: it still runs at load in a bundle that uses it, and a bundle that never
// reads it (the few-kilobyte loader every frame runs, issue 19) leaves it out.

import { imulByHalves, isNative } from './intrinsics';

export { imulByHalves, isNative };

const g = globalThis as typeof globalThis & Record<string, unknown>;

export const objectKeys: (o: object) => string[] = Object.keys;
export const defineProperty = Object.defineProperty;
export const isArray: (v: unknown) => v is unknown[] = Array.isArray;
const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * 32-bit multiply (ids hash with it): Math.imul as loaded, or — on a page that replaced
 * Math before we loaded — the same product from 16-bit halves (intrinsics.ts).
 */
function captureImul(): (a: number, b: number) => number {
  const nativeImul = typeof Math === 'object' && Math && typeof Math.imul === 'function' ? Math.imul : null;
  return nativeImul ?? imulByHalves;
}
export const imul: (a: number, b: number) => number = /* @__PURE__ */ captureImul();

export function hasOwn(o: object, key: PropertyKey): boolean {
  return hasOwnProperty.call(o, key);
}

/** `Array.from` replacement: plain iteration, immune to a patched `Array.from`. */
export function toArray<T>(items: Iterable<T> | ArrayLike<T>): T[] {
  const out: T[] = [];
  if (typeof (items as Iterable<T>)[Symbol.iterator] === 'function') {
    for (const item of items as Iterable<T>) out.push(item);
  } else {
    const list = items as ArrayLike<T>;
    for (let i = 0; i < list.length; i++) out.push(list[i]);
  }
  return out;
}

// Timers. Bound to the global so they can be called detached (`setTimeout` throws
// "Illegal invocation" when called with another receiver). A page that installed fake
// timers before we loaded (sinon-style: nothing runs until the page ticks its clock)
// left us a setTimeout that never fires, and every action hung (issue 31): then the
// timers are AbortSignal.timeout's, which no fake-timer library replaces.
type TimerFn = (cb: () => void, ms?: number) => number;
interface Timers {
  setTimer: TimerFn;
  clearTimer: (id: number) => void;
}

function captureTimers(): Timers {
  const nativeSetTimeout =
    typeof g.setTimeout === 'function' && isNative(g.setTimeout)
      ? (g.setTimeout as (cb: () => void, ms?: number) => number)
      : null;
  const nativeClearTimeout =
    typeof g.clearTimeout === 'function' && isNative(g.clearTimeout) ? (g.clearTimeout as (id: number) => void) : null;
  const Signal = (typeof g.AbortSignal === 'function' ? g.AbortSignal : null) as {
    timeout?: (ms: number) => AbortSignal;
  } | null;
  const timeoutSignal =
    Signal && typeof Signal.timeout === 'function' && isNative(Signal.timeout) ? Signal.timeout.bind(Signal) : null;
  const pageSetTimeout = typeof g.setTimeout === 'function' ? (g.setTimeout.bind(g) as TimerFn) : null;
  const pageClearTimeout =
    typeof g.clearTimeout === 'function' ? (g.clearTimeout.bind(g) as (id: number) => void) : null;
  if (nativeSetTimeout)
    return {
      setTimer: nativeSetTimeout.bind(g),
      clearTimer: nativeClearTimeout ? nativeClearTimeout.bind(g) : (pageClearTimeout ?? (() => undefined)),
    };
  if (timeoutSignal) return signalTimers(timeoutSignal);
  return { setTimer: pageSetTimeout ?? (() => 0), clearTimer: pageClearTimeout ?? (() => undefined) };
}

/** Timers made of AbortSignal.timeout: ids of those still to run in a null-prototype record (Set/Map may be replaced, R2). */
function signalTimers(timeoutSignal: (ms: number) => AbortSignal): Timers {
  const live = { __proto__: null } as unknown as Record<number, true>;
  let next = 1;
  return {
    setTimer(cb, ms) {
      const id = next++;
      live[id] = true;
      const signal = timeoutSignal(ms && ms > 0 ? ms : 0);
      signal.addEventListener('abort', () => {
        if (!live[id]) return;
        delete live[id];
        cb();
      });
      return id;
    },
    clearTimer(id) {
      delete live[id];
    },
  };
}

const timers = /* @__PURE__ */ captureTimers();
export const setTimer: TimerFn = (cb, ms) => timers.setTimer(cb, ms);
export const clearTimer: (id: number) => void = (id) => timers.clearTimer(id);

// A fake requestAnimationFrame never calls back either: then a frame is 16 ms of our timer.
interface Frames {
  request: (cb: () => void) => number;
  cancel: (id: number) => void;
}
function captureFrames(): Frames {
  const native = typeof g.requestAnimationFrame === 'function' && isNative(g.requestAnimationFrame);
  return {
    request: native ? g.requestAnimationFrame.bind(g) : (cb: () => void) => setTimer(cb, 16),
    cancel: native && typeof g.cancelAnimationFrame === 'function' ? g.cancelAnimationFrame.bind(g) : clearTimer,
  };
}
const frames = /* @__PURE__ */ captureFrames();
export const requestFrame: (cb: () => void) => number = (cb) => frames.request(cb);
export const cancelFrame: (id: number) => void = (id) => frames.cancel(id);

function captureMutationObserver(): typeof MutationObserver | undefined {
  return typeof g.MutationObserver === 'function' ? g.MutationObserver : undefined;
}
export const MutationObserverCtor: typeof MutationObserver | undefined = /* @__PURE__ */ captureMutationObserver();

// The one clock (R1): performance.now(), never Date — pages and date libraries replace
// Date (Date.now not a function). Epoch times derive from it through timeOrigin. A page
// that froze performance.now before we loaded (fake timers) would stop every wait's
// deadline: then the clock is a new event's timeStamp, the same high-resolution time.
interface Clock {
  now: () => number;
  origin: number;
}
function captureClock(): Clock {
  const perf = typeof performance !== 'undefined' ? performance : undefined;
  let ticks = 0;
  const EventCtor = typeof g.Event === 'function' && isNative(g.Event) ? g.Event : null;
  const now: () => number =
    perf && typeof perf.now === 'function' && isNative(perf.now)
      ? perf.now.bind(perf)
      : EventCtor
        ? () => new EventCtor('domtool-clock').timeStamp
        : perf && typeof perf.now === 'function'
          ? perf.now.bind(perf)
          : () => ++ticks;
  return { now, origin: perf && typeof perf.timeOrigin === 'number' ? perf.timeOrigin : 0 };
}
const clock = /* @__PURE__ */ captureClock();

/** Monotonic milliseconds (performance.now()). */
export function now(): number {
  return clock.now();
}

/** Milliseconds since the Unix epoch for a time read from now(). */
export function epochMs(t: number): number {
  const x = clock.origin + t;
  return x - (x % 1);
}

// Console methods captured so a page that silences or redirects `console`
// later does not swallow our debug output.
interface ConsoleMethods {
  log: (...args: unknown[]) => void;
  warn: (...args: unknown[]) => void;
}
function captureConsole(): ConsoleMethods {
  const noop = (): void => undefined;
  const c = typeof console !== 'undefined' ? console : undefined;
  const log = c && typeof c.log === 'function' ? c.log.bind(c) : noop;
  return { log, warn: c && typeof c.warn === 'function' ? c.warn.bind(c) : log };
}
const consoleMethods = /* @__PURE__ */ captureConsole();
export const consoleLog: (...args: unknown[]) => void = (...args) => consoleMethods.log(...args);
export const consoleWarn: (...args: unknown[]) => void = (...args) => consoleMethods.warn(...args);
