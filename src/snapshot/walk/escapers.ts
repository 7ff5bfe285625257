// viewportOnly (issue 35): the elements of a document that may paint outside the box of an
// ancestor — absolutely positioned and fixed boxes (and, above the viewport, floats) — found
// from the page's own style rules instead of by reading every element's computed style. The
// walk (walk/out-of-view.ts) leaves out a subtree wholly outside the viewport unless one of
// these lies in it; then it walks only the way to it.
//
// Why this is exact where it answers (and where it does not answer):
//   - An element is absolutely positioned or fixed only through a declaration that says so: a
//     style rule, its style attribute (what script sets through el.style lands there too), the
//     UA's own rules (a <dialog>: absolute, fixed when modal; a popover: fixed; the
//     fullscreen element: fixed) or an animation of `position`. HTML maps no attribute to
//     `position`; `align` on img/table/iframe/object/embed/input floats them (HTML §15).
//   - So the subjects of every rule that declares a position other than static / relative /
//     sticky (or a float), plus the style attributes naming one, `dialog` and `[popover]`,
//     select a superset of those elements in one query (dom/selector-subject.ts); the
//     computed style of each one found decides, and one not rendered (display: none here or
//     above) paints nothing. `position: var(--x)`, `inherit`, `revert` count as "may".
//   - Relative and sticky boxes stay where their own box is (sticky within its containing
//     block, which is an ancestor inside the subtree or its root); transforms, relative
//     offsets and negative margins that carry content out of its box are not detected here
//     nor were they by the light pass (see out-of-view.ts: overflow down from above is).
//   - No answer (null) when a rule cannot be read — a cross-origin sheet, an @import of
//     one — or its subject can be any element (`*`, `:hover` alone, a nested `&`), when a
//     keyframe sets position or float, or while an element is fullscreen: the walk then
//     reads every element of the subtree as before (out-of-view.ts's light pass). A
//     cross-origin sheet that is disabled or whose media list does not match now (print,
//     `only x` while it loads) styles nothing, so it does not stop the answer.
//   - The index covers the light tree of one document. A shadow tree's own sheets style it
//     (and its host through :host, its slotted children through ::slotted): out-of-view.ts
//     reads those hosts' trees itself.
// Compiled rule subjects are reused across snapshots while the document holds the same sheet
// objects with the same rule counts (a <style> whose text changes is a new sheet; insertRule
// and deleteRule change a count) and the same unreadable sheets apply (a resize or a script
// can make a media list match); a declaration edited in place through the CSSOM is the one
// change that slips past until the next sheet change.
import { collectSheets, ruleCount } from '../../dom/caches';
import { flatTreeParent } from '../../dom/dom-utils';
import { selectorSubjects } from '../../dom/selector-subject';

/** Tags whose element children never paint outside it as CSS boxes (or are not rendered). */
// A pattern, not a Set made at load: a page may have replaced Set before we loaded (R2).
export const NO_ESCAPE_INSIDE =
  /^(?:svg|math|select|iframe|frame|object|embed|video|audio|canvas|img|script|style|template|noscript|textarea|input)$/;

/** The rule count of a cross-origin sheet that styles nothing now (ruleCount gives -1 for one that may). */
const IDLE = -2;

/** Declared `position` values that keep a box where its parent puts it. */
const IN_FLOW = /^(?:static|relative|sticky|initial|unset)$/i;
const NOT_FLOATED = /^(?:none|initial|unset)$/i;

/** One selector list per kind (null: the rules cannot say), for a document's sheets as they were. */
interface RuleSubjects {
  sheets: CSSStyleSheet[];
  counts: number[];
  positioned: string | null;
  floated: string | null;
}

// Made on first use, not at load (R2).
let compiled: WeakMap<Document, RuleSubjects> | undefined;

/** Whether `el` is absolutely positioned or fixed (`floated`: floats instead), judged by its computed style. */
export function movesOut(style: CSSStyleDeclaration, floated: boolean): boolean {
  if (floated) return style.cssFloat !== 'none';
  const position = style.position;
  return position === 'absolute' || position === 'fixed';
}

/**
 * The elements of `doc`'s light tree that may paint outside an ancestor's box (`floated`:
 * the floats), with every flat-tree ancestor of each: the ways the walk must take into a
 * subtree it otherwise leaves out. `extra` (aria-owns owners) are ways in whatever their
 * style. Null when the style rules cannot tell (see the top of this file).
 */
export function escaperWays(doc: Document, floated: boolean, extra: Element[]): Set<Element> | null {
  const view = doc.defaultView;
  if (!view) return null;
  const fullscreen = (doc as Document & { webkitFullscreenElement?: Element | null }).webkitFullscreenElement;
  if (doc.fullscreenElement || fullscreen) return null;
  const subjects = subjectsOf(doc);
  const selector = floated ? subjects.floated : subjects.positioned;
  if (selector === null) return null;
  let found: NodeListOf<Element>;
  try {
    found = doc.querySelectorAll(selector);
  } catch {
    return null;
  }
  const ways = new Set<Element>();
  for (let i = 0; i < found.length; i++) {
    const el = found[i];
    // Not rendered (display: none here or above, display: contents): it paints nothing.
    if (movesOut(view.getComputedStyle(el), floated) && el.getClientRects().length > 0) markWay(el, ways);
  }
  if (!markAnimated(doc, floated, view, ways)) return null;
  for (let i = 0; i < extra.length; i++) if (extra[i].ownerDocument === doc) markWay(extra[i], ways);
  return ways;
}

/** Marks `el` and its flat-tree ancestors; nothing when it sits inside an element whose children paint no CSS boxes. */
function markWay(el: Element, ways: Set<Element>): void {
  const way: Element[] = [];
  for (let a: Element | null = el; a && !ways.has(a); a = flatTreeParent(a)) {
    if (a !== el && NO_ESCAPE_INSIDE.test(a.localName)) return;
    way.push(a);
  }
  for (let i = 0; i < way.length; i++) ways.add(way[i]);
}

/**
 * Script animations (Element.animate) and CSS transitions of `position` or `float` set a
 * value no rule declares. CSS animations are left to the rules: a keyframe that sets either
 * made subjectsOf answer null. False when the animations cannot be read.
 */
function markAnimated(doc: Document, floated: boolean, view: Window, ways: Set<Element>): boolean {
  try {
    const animations = typeof doc.getAnimations === 'function' ? doc.getAnimations() : [];
    for (let i = 0; i < animations.length; i++) {
      const animation = animations[i] as Animation & { transitionProperty?: string; animationName?: string };
      const effect = animation.effect as KeyframeEffect | null;
      const target = effect && !effect.pseudoElement ? effect.target : null;
      if (!target || animation.animationName !== undefined) continue;
      const property = animation.transitionProperty;
      const touches = property !== undefined ? property === (floated ? 'float' : 'position') : sets(effect!, floated);
      if (touches && movesOut(view.getComputedStyle(target), floated)) markWay(target, ways);
    }
    return true;
  } catch {
    return false; // animations the page made unreadable: the rules alone cannot tell
  }
}

function sets(effect: KeyframeEffect, floated: boolean): boolean {
  const frames = effect.getKeyframes();
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    if (floated ? 'cssFloat' in frame || 'float' in frame : 'position' in frame) return true;
  }
  return false;
}

/** The compiled subjects for `doc`'s sheets, compiled again when a sheet or a rule count changed. */
function subjectsOf(doc: Document): RuleSubjects {
  const sheets = collectSheets(doc);
  const counts: number[] = [];
  for (let i = 0; i < sheets.length; i++) {
    const count = ruleCount(sheets[i]);
    counts.push(count < 0 && !appliesNow(sheets[i], doc.defaultView) ? IDLE : count);
  }
  compiled ??= new WeakMap();
  const hit = compiled.get(doc);
  if (hit && sameSheets(hit, sheets, counts)) return hit;
  const fresh = compile(sheets, counts);
  compiled.set(doc, fresh);
  return fresh;
}

/** Whether `sheet` may style anything now: not when it is disabled or its media list does not match. */
function appliesNow(sheet: CSSStyleSheet, view: Window | null): boolean {
  try {
    if (sheet.disabled) return false;
    const media = sheet.media.mediaText;
    return media === '' || !view || view.matchMedia(media).matches;
  } catch {
    return true; // what cannot be asked may apply
  }
}

function sameSheets(hit: RuleSubjects, sheets: CSSStyleSheet[], counts: number[]): boolean {
  if (hit.sheets.length !== sheets.length) return false;
  for (let i = 0; i < sheets.length; i++) if (hit.sheets[i] !== sheets[i] || hit.counts[i] !== counts[i]) return false;
  return true;
}

function compile(sheets: CSSStyleSheet[], counts: number[]): RuleSubjects {
  const unknown: RuleSubjects = { sheets, counts, positioned: null, floated: null };
  const lists: Lists = {
    // The UA's: a dialog is absolute (fixed when modal), a popover fixed in the top layer.
    positioned: ['dialog', '[popover]', '[style*="position" i]'],
    floated: ['[align]', '[style*="float" i]'],
    positionedKnown: true,
    floatedKnown: true,
  };
  for (let i = 0; i < sheets.length; i++) {
    if (counts[i] === IDLE) continue; // cross-origin, but it styles nothing now
    if (counts[i] < 0) return unknown; // cross-origin: its rules are not ours to read
    let rules: CSSRuleList;
    try {
      rules = sheets[i].cssRules;
    } catch {
      return unknown;
    }
    if (!visit(rules, lists)) return unknown;
  }
  return {
    sheets,
    counts,
    positioned: lists.positionedKnown ? lists.positioned.join(',') : null,
    floated: lists.floatedKnown ? lists.floated.join(',') : null,
  };
}

interface Lists {
  positioned: string[];
  floated: string[];
  positionedKnown: boolean;
  floatedKnown: boolean;
}

type AnyRule = CSSRule & {
  selectorText?: string;
  style?: CSSStyleDeclaration;
  cssRules?: CSSRuleList;
  styleSheet?: CSSStyleSheet | null;
};

/** Collects the subjects of the rules in `rules` (grouping rules, nested rules and imports included); false when one cannot be read. */
function visit(rules: CSSRuleList, lists: Lists): boolean {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as AnyRule;
    const style = rule.style;
    if (style) {
      const position = style.getPropertyValue('position');
      const float = style.getPropertyValue('float');
      const positions = position !== '' && !IN_FLOW.test(position);
      const floats = float !== '' && !NOT_FLOATED.test(float);
      if (positions || floats) {
        // A keyframe (or any rule without a selector) that sets them says nothing of whom it moves.
        if (typeof rule.selectorText !== 'string') return false;
        if (positions && lists.positionedKnown)
          lists.positionedKnown = selectorSubjects(rule.selectorText, lists.positioned);
        if (floats && lists.floatedKnown) lists.floatedKnown = selectorSubjects(rule.selectorText, lists.floated);
      }
    }
    if (rule.cssRules) {
      if (!visit(rule.cssRules, lists)) return false;
    } else if (rule.styleSheet) {
      let imported: CSSRuleList;
      try {
        imported = rule.styleSheet.cssRules;
      } catch {
        return false;
      }
      if (!visit(imported, lists)) return false;
    }
  }
  return true;
}
