// What an element's ancestors leave visible of it: the clip chain (issue 30). Overflow
// clips a descendant only when the clipping box lies on the descendant's containing-block
// chain (CSS 2.1 §11.1.1, CSS Overflow 3 §3): an absolutely positioned box escapes a
// static ancestor's overflow:hidden (a header's absolute, cut nav box holds the icons;
// the page around it does not cut them), and a fixed box escapes every ancestor's unless
// a transform, filter or containment makes one its containing block. The action's pointer
// point (viewport.ts targetPoint) and the snapshot's cover judgement (covers.ts) ask here.
import { getStyle } from '../caches';
import { flatTreeParent } from '../dom-utils';
import { intersect, overflowKind, paddingBox, type Box } from './box';

/**
 * Whether the box is the containing block of fixed descendants (and so of absolute ones):
 * a transform, filter, perspective or containment does that (CSS Transforms 1 §2).
 */
export function holdsFixed(style: CSSStyleDeclaration): boolean {
  if (style.transform !== 'none' || style.filter !== 'none' || style.perspective !== 'none') return true;
  const contain = style.contain;
  if (contain && contain !== 'none' && /paint|layout|strict|content/.test(contain)) return true;
  const will = style.willChange;
  return !!will && will !== 'auto' && /transform|filter|perspective/.test(will);
}

/** Whether the box is the containing block of absolutely positioned descendants. */
export function holdsAbsolute(style: CSSStyleDeclaration): boolean {
  return style.position !== 'static' || holdsFixed(style);
}

/**
 * The clip chain of one document, read once per element: made per snapshot (the styles
 * come from its caches) or per action (one element's ancestors). Coordinates are the
 * client coordinates of the elements' own frame. Built with loops, not recursion: a page
 * 10,000 boxes deep must not overflow the stack (R1), and each box is read once, so a
 * deep page costs the snapshot linear time.
 */
export class ClipChain {
  /** What clips an element's in-flow content: its own clip narrowed by its overflow. null: nothing. */
  private readonly content = new Map<Element, Box | null>();
  /** The nearest box at or above an element that holds absolute / fixed descendants, or null. */
  private readonly absHolders = new Map<Element, Element | null>();
  private readonly fixedHolders = new Map<Element, Element | null>();

  /** What the ancestors' overflow leaves of the element's frame for its box; null when nothing clips it. */
  of(el: Element): Box | null {
    const holder = this.holderOf(el);
    return holder ? this.contentClip(holder) : null;
  }

  /** The box whose content clip applies to `el`: its containing block's chain (CSS 2.1 §10.1). */
  private holderOf(el: Element): Element | null {
    const position = getStyle(el)?.position ?? 'static';
    const parent = parentBox(el);
    if (!parent || position === 'static' || position === 'relative' || position === 'sticky') return parent;
    if (position === 'absolute') return this.nearest(parent, holdsAbsolute, this.absHolders);
    return position === 'fixed' ? this.nearest(parent, holdsFixed, this.fixedHolders) : parent;
  }

  /** The chain from `box` up to the first known (or unclipped) holder, then narrowed on the way down. */
  private contentClip(box: Element): Box | null {
    const known = this.content.get(box);
    if (known !== undefined) return known;
    const path: Element[] = [];
    let cur: Element | null = box;
    while (cur && !this.content.has(cur)) {
      path.push(cur);
      cur = this.holderOf(cur);
    }
    let clip = cur ? (this.content.get(cur) ?? null) : null;
    for (let i = path.length - 1; i >= 0; i--) {
      clip = narrowed(path[i], clip);
      this.content.set(path[i], clip);
    }
    return clip;
  }

  /** The nearest box at or above `from` whose style passes `holds`, or null; remembered for every box passed. */
  private nearest(
    from: Element,
    holds: (style: CSSStyleDeclaration) => boolean,
    known: Map<Element, Element | null>,
  ): Element | null {
    const passed: Element[] = [];
    let found: Element | null = null;
    for (let cur: Element | null = from; cur; cur = parentBox(cur)) {
      const seen = known.get(cur);
      if (seen !== undefined) {
        found = seen;
        break;
      }
      const style = getStyle(cur);
      if (style && holds(style)) {
        found = cur;
        break;
      }
      passed.push(cur);
    }
    for (let i = 0; i < passed.length; i++) known.set(passed[i], found);
    if (found) known.set(found, found);
    return found;
  }
}

/** `clip` (what clips the box itself) narrowed by the box's own overflow: what clips its content. */
function narrowed(box: Element, clip: Box | null): Box | null {
  const style = getStyle(box);
  // Overflow applies to block containers (not to inline boxes nor to boxes that are not
  // there); most boxes let it show, so display is read only for the few that do not.
  if (!style || overflowKind(style) === 'visible') return clip;
  const display = style.display;
  if (display === 'inline' || display === 'contents') return clip;
  const window = paddingBox(box, box.getBoundingClientRect());
  return clip ? intersect(clip, window) : window;
}

/**
 * The parent in the flat tree, up to (not including) <body> and the root: their overflow
 * is the viewport's (CSS Overflow 3 §3.3), which the viewport clip already stands for.
 */
function parentBox(el: Element): Element | null {
  const parent = flatTreeParent(el);
  const doc = el.ownerDocument;
  return parent && parent !== doc.documentElement && parent !== doc.body ? parent : null;
}

/**
 * The part of `box` (the element's, or one fragment of it) a person can see: inside
 * `viewport` and inside what the clip chain leaves; null when none. One answer for where
 * an action points and where the snapshot looks for covers.
 */
export function visiblePart(box: Box, viewport: Box, clip: Box | null): Box | null {
  const shown = intersect(box, clip ? intersect(viewport, clip) : viewport);
  return shown.right - shown.left > 0 && shown.bottom - shown.top > 0 ? shown : null;
}
