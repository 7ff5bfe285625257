// Public options and their defaults.
import type { ActionResult } from './types';
import { hasOwn, objectKeys } from './dom/builtins';

export interface SnapshotOptions {
  /** Max nodes kept in the emitted tree (S9). Default 1500. */
  maxNodes?: number;
  /** Max depth of the emitted (flattened) tree. Default 60. */
  maxDepth?: number;
  /** Traversal stops after this many ms and marks the snapshot truncated. Default 250. */
  timeBudgetMs?: number;
  /** Token budget of the text rendering (≈ 4 chars/token). Default 4000; 0 = unlimited. */
  tokenBudget?: number;
  /** Only elements intersecting the viewport. Default false. */
  viewportOnly?: boolean;
  /** Bounding boxes per node in JSON. Default false. */
  includeLayout?: boolean;
  /** CSS + XPath selectors per node in JSON. Default false. */
  includeSelectors?: boolean;
  /** Enter same-origin iframes. Default true. */
  includeIframes?: boolean;
  /** Max iframe nesting depth. Default 3. */
  maxIframeDepth?: number;
  /** Enter open shadow roots. Default true. */
  includeShadowDom?: boolean;
  /** Emit values of password / one-time-code / credit-card fields. Default false (S12). */
  allowSensitiveValues?: boolean;
  /**
   * Keep text runs a sighted person cannot see (visually-hidden / sr-only text, text the
   * colour of its background, covered, clipped away, tiny), each marked `hidden` with the
   * reason. Default false: such text is left out (S13).
   */
  includeHiddenText?: boolean;
  /** Repeated siblings above this count are summarized. Default 12. */
  summarizeThreshold?: number;
  /** How many repeated siblings a summary keeps. Default 8. */
  summarizeKeep?: number;
  /**
   * Opens closed shadow roots when the host environment allows it
   * (e.g. chrome.dom.openOrClosedShadowRoot in an extension content script).
   */
  shadowRootOf?: (element: Element) => ShadowRoot | null | undefined;
  /**
   * Another source of the tier-2 "has a click listener" signal, asked for elements without
   * a stronger one (e.g. a page-world addEventListener recorder in an extension, where the
   * content script cannot read framework expandos). Must be cheap; a throw counts as false.
   */
  hasClickListener?: (element: Element) => boolean;
}

export interface MetricsEvent {
  kind: 'snapshot' | 'action';
  ms: number;
  nodes?: number;
  interactive?: number;
  truncated?: boolean;
  action?: string;
  ok?: boolean;
  /** @deprecated Use `ok` (the same value). */
  success?: boolean;
  code?: string;
}

export interface DomToolOptions extends SnapshotOptions {
  /** Snapshot time-to-live in ms (F1). Default 2000. */
  snapshotTTL?: number;
  /** Window in which an action's effect is observed (A4). Default 400 ms. */
  effectWindowMs?: number;
  /** After an action: DOM quiet this long, and the requests it started finished, count as settled. Default 100 ms. */
  settleQuietMs?: number;
  /** Longest an action waits for the page to settle (then `effect.settled` is false). Default 1500 ms. */
  settleTimeoutMs?: number;
  /**
   * How requests are seen for settling: 'wrap' wraps the page's fetch/XMLHttpRequest (page world,
   * the default), 'timing' uses resource timing (content scripts: the page's fetch is out of reach),
   * 'off' watches the DOM only.
   */
  requestTracking?: 'wrap' | 'timing' | 'off';
  /**
   * How JavaScript dialogs an action raises are answered and reported (A10): 'wrap' wraps the
   * page's alert/confirm/prompt (page world, the default), 'bridge' talks to the wrapper the
   * extension's page-world script installed (content scripts), 'off' leaves dialogs native.
   */
  dialogHandling?: 'wrap' | 'bridge' | 'off';
  /** Token cap of `effect.appeared`. Default 300. */
  appearedTokenCap?: number;
  /** Log with a [DomTool] prefix. */
  debug?: boolean;
  metricsCollector?: (event: MetricsEvent) => void;
  /** Document to work on (defaults to the global document). */
  document?: Document;
}

type HookOptions = 'shadowRootOf' | 'hasClickListener';
export type ResolvedSnapshotOptions = Required<Omit<SnapshotOptions, HookOptions>> & Pick<SnapshotOptions, HookOptions>;

export const SNAPSHOT_DEFAULTS: ResolvedSnapshotOptions = {
  maxNodes: 1500,
  maxDepth: 60,
  timeBudgetMs: 250,
  tokenBudget: 4000,
  viewportOnly: false,
  includeLayout: false,
  includeSelectors: false,
  includeIframes: true,
  maxIframeDepth: 3,
  includeShadowDom: true,
  allowSensitiveValues: false,
  includeHiddenText: false,
  summarizeThreshold: 12,
  summarizeKeep: 8,
  shadowRootOf: undefined,
  hasClickListener: undefined,
};

/**
 * The option names, read once at load from the defaults (the one definition). At load,
 * not per call: a page may replace Object.keys after we loaded (R2); if it did so before,
 * the names are still complete because the fallback walks the defaults without it.
 */
const SNAPSHOT_KEYS: string[] = optionNames();

function optionNames(): string[] {
  try {
    const keys = Object.keys(SNAPSHOT_DEFAULTS);
    if (keys.length) return keys;
  } catch {
    /* replaced by the page: below */
  }
  try {
    return Object.getOwnPropertyNames(SNAPSHOT_DEFAULTS);
  } catch {
    return [];
  }
}

/**
 * An option as the caller set it: an own property only. A page that polluted
 * Object.prototype (`Object.prototype.tokenBudget = 1`) must not set our options (R2).
 */
export function ownOption(options: object, key: string): unknown {
  return options && hasOwn(options, key) ? (options as Record<string, unknown>)[key] : undefined;
}

/**
 * A copy of an options object with its own enumerable properties only, on a null
 * prototype: reading a key it lacks answers undefined, whatever Object.prototype holds.
 */
export function ownOptions<T extends object>(options: T): T {
  // Object.keys as loaded; a page may have replaced it before we loaded (R2): then the
  // own names another way, and failing that the options as given (plain reads).
  let keys: string[];
  try {
    keys = objectKeys(options);
  } catch {
    try {
      keys = ownNames(options);
    } catch {
      return options;
    }
  }
  const out = { __proto__: null } as unknown as Record<string, unknown>;
  for (let i = 0; i < keys.length; i++)
    if (hasOwn(options, keys[i])) out[keys[i]] = (options as Record<string, unknown>)[keys[i]];
  return out as T;
}

const ownNames: (o: object) => string[] = Object.getOwnPropertyNames;

/** Whether `options` sets any snapshot option (a one-off snapshot with them). */
export function hasSnapshotOptions(options: object): boolean {
  for (let i = 0; i < SNAPSHOT_KEYS.length; i++) if (ownOption(options, SNAPSHOT_KEYS[i]) !== undefined) return true;
  return false;
}

/** Picks the snapshot options out of a mixed options object (e.g. getText's). */
export function pickSnapshotOptions(options: object): SnapshotOptions {
  const out: Record<string, unknown> = {};
  const keys = SNAPSHOT_KEYS;
  for (let i = 0; i < keys.length; i++) {
    const v = ownOption(options, keys[i]);
    if (v !== undefined) out[keys[i]] = v;
  }
  return out;
}

export function resolveSnapshotOptions(options: SnapshotOptions = {}): ResolvedSnapshotOptions {
  const out = { ...SNAPSHOT_DEFAULTS } as ResolvedSnapshotOptions;
  for (let i = 0; i < SNAPSHOT_KEYS.length; i++) {
    const key = SNAPSHOT_KEYS[i];
    const v = ownOption(options, key);
    if (v !== undefined) (out as unknown as Record<string, unknown>)[key] = v;
  }
  const shadowRootOf = ownOption(options, 'shadowRootOf');
  const hasClickListener = ownOption(options, 'hasClickListener');
  if (typeof shadowRootOf === 'function') out.shadowRootOf = shadowRootOf as SnapshotOptions['shadowRootOf'];
  if (typeof hasClickListener === 'function')
    out.hasClickListener = hasClickListener as SnapshotOptions['hasClickListener'];
  return out;
}

export type { ActionResult };
