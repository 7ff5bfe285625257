// Disabled and inert (S5, A3): the one rule the snapshot shows and the actions enforce.
import { parentElementOrHost } from '../dom/dom-utils';
import { ariaCaches } from '../dom/caches';
import { ariaToken, isHtml, wordSet } from './element';
import { frameElementOf } from '../dom/geometry';

const NATIVE_DISABLEABLE = wordSet('button input select textarea optgroup option fieldset');

/**
 * Why `el` is disabled, or null: the one disabled rule for snapshot and actions (S5, A3).
 * `nativeOnly` asks HTML's :disabled alone (aria-disabled elements still take focus).
 */
export function disabledReason(el: Element, nativeOnly = false, walked = false): string | null {
  try {
    const native = nativeDisabledReason(el);
    if (native || nativeOnly) return native;
    return isAriaDisabled(el, walked)
      ? ariaToken(el, 'aria-disabled') === 'true'
        ? 'aria-disabled'
        : 'inside an aria-disabled container'
      : null;
  } catch {
    return null;
  }
}

/** `walked`: the snapshot's walk has visited `el` (see watchAriaDisabled). */
export function isDisabled(el: Element, walked = false): boolean {
  return disabledReason(el, false, walked) !== null;
}

/**
 * The walk of `doc` starts watching for aria-disabled (once per snapshot): until it meets the
 * attribute (metAriaAttribute), no element of `doc` it has visited carries it, nor does an
 * ancestor of one: the walk visits an element after its ancestors (it starts at <body>, so
 * <html> is read here), and `domOrder` says nothing moves one under another parent (aria-owns).
 * An element the walk described then needs no walk up its ancestors to know it is not aria-disabled.
 */
export function watchAriaDisabled(doc: Document, domOrder: boolean): void {
  const cache = ariaCaches();
  const html = doc.documentElement;
  if (cache) cache.noAriaDisabledIn = domOrder && !(html && html.hasAttribute('aria-disabled')) ? doc : null;
}

/** The walk's attribute scan met `name`, an aria-* attribute: notes an aria-disabled; true (it may set a state). */
export function metAriaAttribute(name: string): true {
  if (name === 'aria-disabled') {
    const cache = ariaCaches();
    if (cache) cache.noAriaDisabledIn = null;
  }
  return true;
}

/** Native disabled (HTML's :disabled): the attribute, an option of a disabled select/optgroup, fieldset[disabled] except its first legend. */
function nativeDisabledReason(el: Element): string | null {
  if (!isHtml(el)) return null;
  const tag = el.localName;
  if (NATIVE_DISABLEABLE[tag] !== true) return null;
  if (el.hasAttribute('disabled')) return 'disabled attribute';
  if (tag === 'option' || tag === 'optgroup') {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if ((p.localName === 'optgroup' || p.localName === 'select') && p.hasAttribute('disabled'))
        return 'inside a disabled ' + p.localName;
      if (p.localName === 'select' || p.localName === 'datalist') break;
    }
    return null;
  }
  // Most controls sit in no fieldset at all: one native look up the tree spares the walk below.
  const parent = el.parentElement;
  if (!parent || !parent.closest('fieldset')) return null;
  let child: Element = el;
  for (let p: Element | null = parent; p; child = p, p = p.parentElement) {
    if (p.localName !== 'fieldset' || !p.hasAttribute('disabled')) continue;
    // Descendants of the fieldset's first <legend> stay enabled.
    let firstLegend: Element | null = null;
    for (let c = p.firstElementChild; c; c = c.nextElementSibling) {
      if (c.localName === 'legend') {
        firstLegend = c;
        break;
      }
    }
    if (!(firstLegend && firstLegend === child)) return 'inside a disabled fieldset';
  }
  return null;
}

/**
 * aria-disabled on the element or its nearest ancestor that sets it: the nearest explicit
 * value wins, so aria-disabled="false" inside an aria-disabled="true" group is enabled
 * (Chromium's AXObject and Playwright's getAriaDisabled agree). Memoized per snapshot.
 */
function isAriaDisabled(el: Element, walked: boolean): boolean {
  const cache = ariaCaches();
  // Same-origin frames are walked too, but their <html> is not read: they take the walk up.
  if (walked && cache && cache.noAriaDisabledIn === el.ownerDocument) return false;
  const path: Element[] = [];
  let result = false;
  for (let cur: Element | null = el; cur; cur = parentElementOrHost(cur)) {
    const hit = cache ? cache.ariaDisabled.get(cur) : undefined;
    if (hit !== undefined) {
      result = hit;
      break;
    }
    path.push(cur);
    const v = ariaToken(cur, 'aria-disabled');
    if (v === 'true') {
      result = true;
      break;
    }
    if (v === 'false') break;
  }
  if (cache) for (let i = 0; i < path.length; i++) cache.ariaDisabled.set(path[i], result);
  return result;
}

/** inert on the element, an ancestor, or the frame element of its document. */
export function isInert(el: Element): boolean {
  for (let cur: Element | null = el; cur; ) {
    if (cur.hasAttribute('inert')) return true;
    cur = parentElementOrHost(cur) ?? frameElementOf(cur);
  }
  return false;
}
