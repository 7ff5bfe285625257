// Installs the page-world API as `window.BrowserXDomTool` (I1).
//
// Injection policy, for bookmarklets clicked twice and pages that already hold
// another copy:
//  - Same build already installed (brand + version match): KEEP THE FIRST. The second
//    load changes nothing, so DomTool instances, caches and an open overlay made
//    through the first copy keep working, and `BrowserXDomTool` stays the same object.
//  - Anything else under the name (another version of us, a stub, a page's own
//    object, a getter-only or non-writable property): REPLACE it with
//    defineProperty; the replaced value stays reachable as `BrowserXDomTool.displaced`.
//  - If the name cannot be redefined (non-configurable and non-writable), the API
//    is still reachable under `globalThis[Symbol.for('browserx.domtool')]`.
import { defineProperty } from '../dom/builtins';

export const GLOBAL_NAME = 'BrowserXDomTool';

/**
 * Symbol.for(name), or a string key when a page replaced Symbol before we loaded: that
 * must not make the script throw (R1, issue 19); the key is then a string.
 */
export function symbolKey(name: string): PropertyKey {
  try {
    const key = Symbol.for(name);
    if (typeof key === 'symbol') return key;
  } catch {
    /* replaced: below */
  }
  return '@@' + name;
}

export const GLOBAL_SYMBOL = symbolKey('browserx.domtool');

export const BRAND = 'browserx-domtool';

export interface GlobalApi {
  readonly __brand: typeof BRAND;
  readonly version: string;
  displaced?: unknown;
}

export interface InstallOutcome<T extends GlobalApi> {
  api: T;
  /** 'kept-first': an identical build was already installed and is reused. */
  status: 'installed' | 'kept-first' | 'replaced' | 'symbol-only';
}

function read(win: Record<PropertyKey, unknown>, key: PropertyKey): unknown {
  try {
    return win[key];
  } catch {
    return undefined; // a throwing getter squatting the name
  }
}

function isOurs(value: unknown, version: string): value is GlobalApi {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const v = value as Partial<GlobalApi>;
  return read(v, '__brand') === BRAND && read(v, 'version') === version;
}

function define(win: object, key: PropertyKey, value: unknown): boolean {
  try {
    defineProperty(win, key, { value, writable: true, configurable: true, enumerable: false });
  } catch {
    try {
      (win as Record<PropertyKey, unknown>)[key] = value; // non-configurable but writable
    } catch {
      /* neither: reported by the read-back below */
    }
  }
  return read(win as Record<PropertyKey, unknown>, key) === value;
}

export function installGlobal<T extends GlobalApi>(win: object, api: T): InstallOutcome<T> {
  const slots = win as Record<PropertyKey, unknown>;
  const existing = read(slots, GLOBAL_NAME);
  if (isOurs(existing, api.version)) return { api: existing as T, status: 'kept-first' };
  const bySymbol = read(slots, GLOBAL_SYMBOL);
  if (isOurs(bySymbol, api.version)) return { api: bySymbol as T, status: 'kept-first' };

  if (existing !== undefined) api.displaced = existing;
  define(win, GLOBAL_SYMBOL, api);
  if (define(win, GLOBAL_NAME, api)) return { api, status: existing === undefined ? 'installed' : 'replaced' };
  return { api, status: 'symbol-only' };
}
