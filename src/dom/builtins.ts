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
const nativeImul = typeof Math === 'object' && Math && typeof Math.imul === 'function' ? Math.imul : null;
export const imul: (a: number, b: number) => number = nativeImul ?? imulByHalves;

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
/** Ids of the AbortSignal timers still to run (a null-prototype record: Set/Map may be replaced, R2). */
const liveSignalTimers = { __proto__: null } as unknown as Record<number, true>;
let nextSignalTimer = 1;

function signalTimer(cb: () => void, ms?: number): number {
  const id = nextSignalTimer++;
  liveSignalTimers[id] = true;
  const signal = timeoutSignal!(ms && ms > 0 ? ms : 0);
  signal.addEventListener('abort', () => {
    if (!liveSignalTimers[id]) return;
    delete liveSignalTimers[id];
    cb();
  });
  return id;
}

const pageSetTimeout = typeof g.setTimeout === 'function' ? (g.setTimeout.bind(g) as TimerFn) : null;
const pageClearTimeout = typeof g.clearTimeout === 'function' ? (g.clearTimeout.bind(g) as (id: number) => void) : null;
const useSignals = !nativeSetTimeout && timeoutSignal !== null;
export const setTimer: TimerFn = nativeSetTimeout
  ? (nativeSetTimeout.bind(g) as TimerFn)
  : useSignals
    ? signalTimer
    : (pageSetTimeout ?? (() => 0));
export const clearTimer: (id: number) => void = useSignals
  ? (id) => {
      delete liveSignalTimers[id];
    }
  : nativeClearTimeout
    ? (nativeClearTimeout.bind(g) as (id: number) => void)
    : (pageClearTimeout ?? (() => undefined));
// A fake requestAnimationFrame never calls back either: then a frame is 16 ms of our timer.
const nativeFrame = typeof g.requestAnimationFrame === 'function' && isNative(g.requestAnimationFrame);
export const requestFrame: (cb: () => void) => number = nativeFrame
  ? (g.requestAnimationFrame.bind(g) as (cb: () => void) => number)
  : (cb) => setTimer(cb, 16);
export const cancelFrame: (id: number) => void =
  nativeFrame && typeof g.cancelAnimationFrame === 'function' ? g.cancelAnimationFrame.bind(g) : clearTimer;

export const MutationObserverCtor: typeof MutationObserver | undefined =
  typeof g.MutationObserver === 'function' ? g.MutationObserver : undefined;

// The one clock (R1): performance.now(), never Date — pages and date libraries replace
// Date (Date.now not a function). Epoch times derive from it through timeOrigin. A page
// that froze performance.now before we loaded (fake timers) would stop every wait's
// deadline: then the clock is a new event's timeStamp, the same high-resolution time.
const perf = typeof performance !== 'undefined' ? performance : undefined;
let ticks = 0;
const EventCtor = typeof g.Event === 'function' && isNative(g.Event) ? (g.Event as typeof Event) : null;
const perfNow: () => number =
  perf && typeof perf.now === 'function' && isNative(perf.now)
    ? perf.now.bind(perf)
    : EventCtor
      ? () => new EventCtor('domtool-clock').timeStamp
      : perf && typeof perf.now === 'function'
        ? perf.now.bind(perf)
        : () => ++ticks;
const timeOrigin = perf && typeof perf.timeOrigin === 'number' ? perf.timeOrigin : 0;

/** Monotonic milliseconds (performance.now()). */
export function now(): number {
  return perfNow();
}

/** Milliseconds since the Unix epoch for a time read from now(). */
export function epochMs(t: number): number {
  const x = timeOrigin + t;
  return x - (x % 1);
}

// Console methods captured so a page that silences or redirects `console`
// later does not swallow our debug output.
const noop = (): void => undefined;
const c = typeof console !== 'undefined' ? console : undefined;
export const consoleLog: (...args: unknown[]) => void = c && typeof c.log === 'function' ? c.log.bind(c) : noop;
export const consoleWarn: (...args: unknown[]) => void =
  c && typeof c.warn === 'function' ? c.warn.bind(c) : consoleLog;
