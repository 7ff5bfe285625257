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

const g = globalThis as typeof globalThis & Record<string, unknown>;

export const objectKeys: (o: object) => string[] = Object.keys;
export const defineProperty = Object.defineProperty;
export const isArray: (v: unknown) => v is unknown[] = Array.isArray;
const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * 32-bit multiply (ids hash with it): Math.imul as loaded, or — on a page that replaced
 * Math before we loaded — the same product from 16-bit halves (murmurhash3js's way).
 */
export function imulByHalves(a: number, b: number): number {
  return ((a & 0xffff) * b + ((((a >>> 16) * b) & 0xffff) << 16)) | 0;
}
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

// Bound to the global so they can be called detached (`setTimeout` throws
// "Illegal invocation" when called with another receiver).
type TimerFn = (cb: () => void, ms?: number) => number;
export const setTimer: TimerFn = (typeof g.setTimeout === 'function' ? g.setTimeout.bind(g) : () => 0) as TimerFn;
export const clearTimer: (id: number) => void = (typeof g.clearTimeout === 'function' ? g.clearTimeout.bind(g) : () => undefined) as (
  id: number,
) => void;
export const requestFrame: (cb: () => void) => number =
  typeof g.requestAnimationFrame === 'function'
    ? (g.requestAnimationFrame.bind(g) as (cb: () => void) => number)
    : (cb) => setTimer(cb, 16);
export const cancelFrame: (id: number) => void =
  typeof g.cancelAnimationFrame === 'function' ? g.cancelAnimationFrame.bind(g) : clearTimer;

export const MutationObserverCtor: typeof MutationObserver | undefined =
  typeof g.MutationObserver === 'function' ? g.MutationObserver : undefined;

// The one clock (R1): performance.now(), never Date — pages and date libraries replace
// Date (Date.now not a function). Epoch times derive from it through timeOrigin.
const perf = typeof performance !== 'undefined' ? performance : undefined;
let ticks = 0;
const perfNow: () => number = perf && typeof perf.now === 'function' ? perf.now.bind(perf) : () => ++ticks;
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
export const consoleWarn: (...args: unknown[]) => void = c && typeof c.warn === 'function' ? c.warn.bind(c) : consoleLog;
