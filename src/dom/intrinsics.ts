// `Math` and `Promise` as our code means them (R2, issue 31). The build injects this
// module (esbuild `inject`, tsup.config.ts): every free `Math` and `Promise` in a
// DomTool bundle reads these bindings, not the page's globals, so a page that replaced
// either — before we loaded (a bookmarklet comes late) or after — cannot make an action
// throw ("Math.round is not a function") or hang. Source code keeps writing Math.max and
// new Promise; nothing has to remember to use a captured copy.
//
// Promise: the engine's own constructor, whatever the global says now — an async
// function always returns one. Math: the functions we call, taken at load when they are
// the engine's, else written out here (a page that replaced Math before we loaded).
// This file reads the globals through `globalThis.`, which the injection leaves alone,
// and imports nothing: every module of ours imports it (the injection), builtins.ts too.
// Its load-time work is marked pure (`@__PURE__`), so a bundle that never says Math or
// Promise — the few-kilobyte loader every frame runs (issue 19) — carries none of it.

/**
 * Whether `fn` is the engine's own (not a page's stand-in): its source reads
 * `[native code]`. Function.prototype.toString is taken as loaded. A zone.js-style
 * wrapper that shows the native source passes, and is harmless (it calls through).
 */
const fnToString = Function.prototype.toString;
export function isNative(fn: unknown): boolean {
  try {
    return typeof fn === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(fnToString.call(fn));
  } catch {
    return false;
  }
}

/** 32-bit multiply from 16-bit halves: Math.imul's product without Math (murmurhash3js's way). */
export function imulByHalves(a: number, b: number): number {
  return ((a & 0xffff) * b + ((((a >>> 16) * b) & 0xffff) << 16)) | 0;
}

function enginePromise(): PromiseConstructor {
  return (async () => undefined)().constructor as PromiseConstructor;
}
const NativePromise = /* @__PURE__ */ enginePromise();
export { NativePromise as Promise };

type Unary = (x: number) => number;

/** The engine's function of that name when the Math found at load has it, else `written`. */
function pick<T extends (...args: never[]) => number>(loaded: Math | null, name: string, written: T): T {
  const fn = loaded ? (loaded as unknown as Record<string, unknown>)[name] : undefined;
  return isNative(fn) ? (fn as T) : written;
}

function isNaNValue(x: number): boolean {
  return x !== x;
}

function infinite(x: number): boolean {
  return x === Infinity || x === -Infinity;
}

function floorOf(x: number): number {
  x = +x;
  if (isNaNValue(x) || infinite(x) || x % 1 === 0) return x;
  const t = x - (x % 1);
  return x < 0 ? t - 1 : t;
}

function maxOf(...xs: number[]): number {
  let m = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = +xs[i];
    if (isNaNValue(x)) return NaN;
    if (x > m) m = x;
  }
  return m;
}

function minOf(...xs: number[]): number {
  let m = Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = +xs[i];
    if (isNaNValue(x)) return NaN;
    if (x < m) m = x;
  }
  return m;
}

let seed = 0x2f6b4e1d;
/** A small xorshift: only ids of our own and jitter use random numbers. */
function randomOf(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
}

/** The stand-ins, written out (exported for the unit test that holds them equal to the engine's). */
export const writtenMath = {
  max: maxOf,
  min: minOf,
  floor: floorOf,
  ceil: ((x) => -floorOf(-x)) as Unary,
  // Not floor(x + 0.5): the sum rounds 0.49999999999999994 up to 1.
  round: ((x) => {
    const f = floorOf(x);
    return x - f >= 0.5 ? f + 1 : f;
  }) as Unary,
  trunc: ((x) => (+x < 0 ? -floorOf(-x) : floorOf(x))) as Unary,
  abs: ((x) => (+x < 0 ? -x : +x)) as Unary,
  sign: ((x) => (+x > 0 ? 1 : +x < 0 ? -1 : +x)) as Unary,
  sqrt: ((x) => (+x) ** 0.5) as Unary,
  pow: (x: number, y: number) => (+x) ** +y,
  hypot: (...xs: number[]) => {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) sum += xs[i] * xs[i];
    return sum ** 0.5;
  },
  imul: imulByHalves,
  random: randomOf,
};

/** Math as DomTool uses it: every function our sources call, the engine's (taken at load) or the stand-in. */
function safeMath(): Math {
  const loaded = (typeof globalThis.Math === 'object' && globalThis.Math) || null;
  return {
    max: pick(loaded, 'max', writtenMath.max),
    min: pick(loaded, 'min', writtenMath.min),
    floor: pick(loaded, 'floor', writtenMath.floor),
    ceil: pick(loaded, 'ceil', writtenMath.ceil),
    round: pick(loaded, 'round', writtenMath.round),
    trunc: pick(loaded, 'trunc', writtenMath.trunc),
    abs: pick(loaded, 'abs', writtenMath.abs),
    sign: pick(loaded, 'sign', writtenMath.sign),
    sqrt: pick(loaded, 'sqrt', writtenMath.sqrt),
    pow: pick(loaded, 'pow', writtenMath.pow),
    hypot: pick(loaded, 'hypot', writtenMath.hypot),
    imul: pick(loaded, 'imul', writtenMath.imul),
    random: pick(loaded, 'random', writtenMath.random),
    PI: 3.141592653589793,
    E: 2.718281828459045,
    LN2: 0.6931471805599453,
    SQRT2: 1.4142135623730951,
  } as unknown as Math;
}
const SafeMath = /* @__PURE__ */ safeMath();

export { SafeMath as Math };
