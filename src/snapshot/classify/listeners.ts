// Listener signals the page world exposes on elements (tier 2): what UI frameworks
// store as expando properties when they attach a pointer handler. Only readable in
// the page's own JS world — a content script sees none of them (its isolated world
// has its own expandos), which is why SnapshotOptions.hasClickListener lets an
// embedder plug in another source (e.g. a page-world addEventListener recorder).
// Every reader is a property read on an own key: cheap, and never throws.

/** Event types a person triggers by clicking or tapping. */
// A fixed list, looked up by name: no for…in over a page object (R2: enumerable
// prototype pollution would walk into it; the bundle check forbids for…in).
const POINTER_EVENTS = [
  'click',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'touchstart',
  'touchend',
  'dblclick',
];

/** The element has a pointer handler of its own. */
export const OWN_LISTENER = 1;
/** The element holds jQuery handlers delegated to descendants (`$(el).on('click', '.x', fn)`). */
export const DELEGATES = 2;

type Bag = Record<string, unknown>;

/**
 * Reads the framework expandos of one element: React props (`__reactProps$…` onClick),
 * Vue 3 invokers (`_vei`), Preact 11 (`__e`: handlers by prop name), jQuery 3/4 private
 * data (`jQuery<digits>` → `{ events: { click: [handleObj] } }`; a handleObj with a
 * selector is delegated). Returns OWN_LISTENER | DELEGATES bits.
 */
export function readListenerExpandos(el: Element): number {
  let keys: string[];
  try {
    keys = Object.keys(el);
  } catch {
    return 0;
  }
  let out = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const c = key.charCodeAt(0);
    if (c === 95 /* _ */) out |= underscoreKey(el, key);
    else if (c === 106 /* j */ && key.startsWith('jQuery'))
      out |= jQueryData(jQueryInternal(key, (el as unknown as Bag)[key]));
  }
  return out;
}

function underscoreKey(el: Element, key: string): number {
  const value = (el as unknown as Bag)[key] as Bag | null | undefined;
  if (!value || typeof value !== 'object') return 0;
  if (key.startsWith('__reactProps$')) {
    return typeof value.onClick === 'function' ||
      typeof value.onMouseDown === 'function' ||
      typeof value.onPointerDown === 'function'
      ? OWN_LISTENER
      : 0;
  }
  if (key === '_vei') return value.onClick || value.onMousedown || value.onPointerdown ? OWN_LISTENER : 0;
  if (key === '__e') {
    return typeof value.onClick === 'function' ||
      typeof value.onclick === 'function' ||
      typeof value.onMouseDown === 'function' ||
      typeof value.onPointerDown === 'function'
      ? OWN_LISTENER
      : 0;
  }
  return 0;
}

/**
 * jQuery's private data of an element, from its expando: jQuery 3/4 keep the object on
 * the element; jQuery 1.x (1.12 is still widely deployed) keep a number there, the key of
 * `jQuery.cache` where the data lives (`cache[n].events`). The cache is read from the
 * jQuery whose expando this is (a page may load two copies); in an isolated world there
 * is none and the answer is null.
 */
function jQueryInternal(key: string, value: unknown): unknown {
  if (typeof value !== 'number') return value;
  try {
    const g = globalThis as unknown as Bag;
    const candidates = [g.jQuery, g.$];
    for (let i = 0; i < candidates.length; i++) {
      const jq = candidates[i] as { expando?: unknown; cache?: unknown } | null | undefined;
      if (!jq || jq.expando !== key) continue;
      const cache = jq.cache as Record<number, unknown> | undefined;
      return cache && typeof cache === 'object' ? cache[value] : null;
    }
  } catch {
    /* a getter that throws: no data */
  }
  return null;
}

function jQueryData(data: unknown): number {
  if (!data || typeof data !== 'object') return 0;
  const events = (data as Bag).events as Record<string, unknown> | undefined;
  if (!events || typeof events !== 'object') return 0;
  let out = 0;
  for (let t = 0; t < POINTER_EVENTS.length; t++) {
    const handlers = events[POINTER_EVENTS[t]] as Array<{ selector?: unknown }> | undefined;
    if (!handlers || typeof handlers.length !== 'number') continue;
    for (let i = 0; i < handlers.length; i++)
      out |= handlers[i] && typeof handlers[i].selector === 'string' ? DELEGATES : OWN_LISTENER;
  }
  return out;
}

/** Selectors of the pointer handlers an element delegates with jQuery (empty when none). */
export function jQueryDelegatedSelectors(el: Element | Document): string[] {
  const out: string[] = [];
  let keys: string[];
  try {
    keys = Object.keys(el);
  } catch {
    return out;
  }
  for (let i = 0; i < keys.length; i++) {
    if (!keys[i].startsWith('jQuery')) continue;
    const data = jQueryInternal(keys[i], (el as unknown as Bag)[keys[i]]) as Bag | null;
    const events = data && typeof data === 'object' ? (data.events as Record<string, unknown> | undefined) : undefined;
    if (!events || typeof events !== 'object') continue;
    for (let t = 0; t < POINTER_EVENTS.length; t++) {
      const handlers = events[POINTER_EVENTS[t]] as Array<{ selector?: unknown }>;
      if (!handlers || typeof handlers.length !== 'number') continue;
      for (let j = 0; j < handlers.length; j++) {
        const sel = handlers[j] && handlers[j].selector;
        if (typeof sel === 'string' && sel && out.indexOf(sel) < 0) out.push(sel);
      }
    }
  }
  return out;
}

/** True when `el` matches one of the delegated selectors (jQuery-only syntax never matches). */
export function matchesDelegated(el: Element, selectors: string[]): boolean {
  for (let i = 0; i < selectors.length; i++) {
    try {
      if (el.matches(selectors[i])) return true;
    } catch {
      // ":visible", ":eq(0)" and other jQuery extensions are not CSS.
    }
  }
  return false;
}

/** jQuery handlers the document delegates (`$(document).on('click', '.x', fn)`), or null. */
export function documentDelegation(doc: Document): string[] | null {
  const out = jQueryDelegatedSelectors(doc);
  if (doc.documentElement) out.push(...jQueryDelegatedSelectors(doc.documentElement));
  if (doc.body) out.push(...jQueryDelegatedSelectors(doc.body));
  return out.length ? out : null;
}

/** The delegated selectors in force below `el`: its own added to those of its ancestors. */
export function withDelegated(outer: string[] | null, el: Element): string[] | null {
  const own = jQueryDelegatedSelectors(el);
  if (!own.length) return outer;
  return outer ? outer.concat(own) : own;
}
