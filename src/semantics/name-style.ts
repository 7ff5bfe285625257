// The style facts the name computation needs (accname 2A hidden checks, 2F block boxes, 2G
// text-transform), read lazily, at most once per element and snapshot: a computed-style
// property read costs about a microsecond, and a name reads its subtree's.
import { parentElementOrHost } from '../dom/dom-utils';
import { ariaCaches, getStyle } from '../dom/caches';
import { attr } from './element';

/** Hidden for the name computation: aria-hidden, display:none or visibility hidden/collapse. */
export function isHiddenSelf(el: Element): boolean {
  if (attr(el, 'aria-hidden') === 'true') return true;
  return (styleFacts(el, K_DISPLAY | K_VIS) & (F_DISPLAY_NONE | F_VIS_HIDDEN)) !== 0;
}

/** The node or an ancestor is hidden (used where a traversal starts, e.g. a labelledby target). */
export function isHiddenDeep(el: Element): boolean {
  const cache = ariaCaches();
  if (cache && ((cache.styleFacts.get(el) ?? 0) & F_SHOWN) !== 0) return false;
  if (isHiddenSelf(el)) return true;
  for (let p = parentElementOrHost(el); p; p = parentElementOrHost(p)) {
    if (attr(p, 'aria-hidden') === 'true') return true;
    if ((styleFacts(p, K_DISPLAY) & F_DISPLAY_NONE) !== 0) return true;
  }
  return false;
}

// Style facts read lazily, once per element and snapshot (style reads cost). Low byte: known groups; next bits: values.
const K_VIS = 1; // visibility known
const K_DISPLAY = 2; // display known
const K_TRANSFORM = 4; // text-transform known
const F_VIS_HIDDEN = 1 << 8;
const F_DISPLAY_NONE = 1 << 9;
const F_BLOCK = 1 << 10;
const F_TRANSFORM_SHIFT = 11; // 2 bits: 1 upper, 2 lower, 3 capitalize
const F_SHOWN = 1 << 13; // neither the element nor an ancestor is hidden: isHiddenDeep is false

function styleFacts(el: Element, need: number): number {
  const cache = ariaCaches();
  let facts = cache ? (cache.styleFacts.get(el) ?? 0) : 0;
  if ((facts & need) === need) return facts;
  const style = getStyle(el);
  if (need & K_VIS && !(facts & K_VIS)) {
    facts |= K_VIS;
    const v = style ? style.visibility : '';
    if (v === 'hidden' || v === 'collapse') facts |= F_VIS_HIDDEN;
  }
  if (need & K_DISPLAY && !(facts & K_DISPLAY)) {
    facts |= K_DISPLAY;
    const display = style ? style.display : '';
    if (display === 'none' || (!display && el.hasAttribute('hidden'))) facts |= F_DISPLAY_NONE;
    else if (display && display !== 'inline' && display !== 'contents') facts |= F_BLOCK;
  }
  if (need & K_TRANSFORM && !(facts & K_TRANSFORM)) {
    facts |= K_TRANSFORM;
    const t = style ? style.textTransform : '';
    if (t && t !== 'none')
      facts |= (t === 'uppercase' ? 1 : t === 'lowercase' ? 2 : t === 'capitalize' ? 3 : 0) << F_TRANSFORM_SHIFT;
  }
  if (cache) cache.styleFacts.set(el, facts);
  return facts;
}

/** visibility hidden/collapse: the element's own text is not rendered (descendants may opt back in). */
export function isVisibilityHidden(el: Element): boolean {
  return (styleFacts(el, K_VIS) & F_VIS_HIDDEN) !== 0;
}

/** `text` as rendered inside `parent`: its text-transform applies, as in Chromium (accname 2G). */
export function transformText(text: string, parent: Element): string {
  const transform = (styleFacts(parent, K_TRANSFORM) >> F_TRANSFORM_SHIFT) & 3;
  if (transform === 0) return text;
  if (transform === 1) return text.toUpperCase();
  if (transform === 2) return text.toLowerCase();
  return text.replace(/(^|[\s\u00a0(\["'-])(\S)/g, (_m, a: string, b: string) => a + b.toUpperCase());
}

/** A block-level box (or a line break): its text is separated from the words around it. */
export function isBlockDisplay(el: Element): boolean {
  return el.localName === 'br' || (styleFacts(el, K_DISPLAY) & F_BLOCK) !== 0;
}

/** display:none (or a `hidden` element without a style): skipped with its subtree (2A). */
export function isDisplayNone(el: Element): boolean {
  return (styleFacts(el, K_DISPLAY) & F_DISPLAY_NONE) !== 0;
}

// What a caller read of an element already (bit flags, also getAccessibleName's `known`; the
// walk reads the visibility and display of every element it describes), so a name does not read
// them again. Bit 2 is name-fast.ts's KNOWN_UNLABELLED.
/** The element's visibility was read as `visible`. */
export const KNOWN_VISIBLE = 1;
/** Its display was read: not none, inline or contents (a block-level box, for names). */
export const KNOWN_BLOCK = 4;
/** Its display was read: inline or contents. */
export const KNOWN_INLINE = 8;
/** Neither it nor an ancestor is hidden (display none, aria-hidden, visibility hidden). */
export const KNOWN_SHOWN = 16;

/** KNOWN_BLOCK or KNOWN_INLINE for a display value read (0 for none or nothing read). */
export function displayKnown(display: string): number {
  if (!display || display === 'none') return 0;
  return display === 'inline' || display === 'contents' ? KNOWN_INLINE : KNOWN_BLOCK;
}

/**
 * The walk drew this <label> (visible, not aria-hidden) where the DOM puts it (the page moves
 * nothing with aria-owns, so every ancestor was drawn too): naming its control need not check
 * that it or an ancestor is hidden, nor read its visibility and display again.
 */
export function noteShownLabel(label: Element, display: string): void {
  noteRendered(label, KNOWN_VISIBLE | KNOWN_SHOWN | displayKnown(display));
}

/** Records the style facts a caller read of `el` (`known`: KNOWN_* flags), so naming `el` does not read them again. */
export function noteRendered(el: Element, known: number): void {
  const cache = ariaCaches();
  if (!cache) return;
  const was = cache.styleFacts.get(el) ?? 0;
  let facts = was;
  if (known & KNOWN_VISIBLE) facts |= K_VIS;
  if (known & (KNOWN_BLOCK | KNOWN_INLINE) && !(facts & K_DISPLAY))
    facts |= K_DISPLAY | (known & KNOWN_BLOCK ? F_BLOCK : 0);
  if (known & KNOWN_SHOWN) facts |= F_SHOWN;
  if (facts !== was) cache.styleFacts.set(el, facts);
}
