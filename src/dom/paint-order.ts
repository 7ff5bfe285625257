// Which of two overlapping elements the browser paints on top, read from CSS alone.
// The browser answers this itself only inside the viewport (elementFromPoint); below the
// fold and in a frame scrolled away a snapshot must not scroll to ask (S11), so covers
// there are judged by the painting order of CSS 2.1 Appendix E, simplified: stacking
// contexts are atomic; inside one, negative z-index layers paint first, then in-flow
// content, then positioned content with z-index auto / 0 in tree order, then positive
// z-index layers; the top layer (modal dialogs, open popovers) paints above everything.
import { flatTreeParent } from './dom-utils';
import { getStyle } from './caches';

/** How one element paints over another: not, by its layer, or as later in-flow content (see `over`). */
export type Over = 'no' | 'layer' | 'flow';

/** How an element takes part in painting: read once per element per snapshot. */
interface Stacking {
  /** It starts a stacking context. */
  context: boolean;
  z: number;
  positioned: boolean;
  /** It is in the top layer (a modal dialog, an open popover). */
  top: boolean;
}

/**
 * Paint-order questions for one snapshot: each element's stacking facts are read once
 * (up to nine style reads) and shared by every question whose chain passes through it.
 */
export class PaintOrder {
  private readonly facts = new Map<Element, Stacking | null>();
  /** The last `below`, its chain and each box's place in it: a snapshot asks about many candidates over one control in a row. */
  private below: Element | null = null;
  private belowChain: Element[] = [];
  private readonly belowAt = new Map<Element, number>();
  private readonly tail: Element[] = [];

  /** Whether `above` paints over `below` where their boxes overlap (same document; neither contains the other). */
  paintsOver(above: Element, below: Element): boolean {
    return this.over(above, below) !== 'no';
  }

  /**
   * How `above` paints over `below`: not at all, by its layer (a stacking context, a
   * positioned box, a higher z-index), or only as later in-flow content. The last is
   * partial: later inline content (text, inline boxes) paints over earlier content, a later
   * block's background not over earlier inline content (CSS 2.1 Appendix E steps 4 and 7).
   *
   * Only the boxes below their nearest common ancestor decide, and their facts are the only
   * ones read: the shared boxes above it start no stacking context below the one holding
   * both (that one would be nearer), and a shared positioned or top-layer box holds both
   * sides alike, so it orders them as their own boxes do. Each side is then represented
   * by its own box (two sibling cards are ordered as cards, whatever lies inside them).
   */
  over(above: Element, below: Element): Over {
    if (below !== this.below) this.setBelow(below);
    const b = this.belowChain;
    // `above` and its ancestors up to the first one `below` is in, nearest the root last.
    const tail = this.tail;
    tail.length = 0;
    let meet = -1;
    for (let cur: Element | null = above; cur && tail.length < MAX_DEPTH; cur = flatTreeParent(cur)) {
      const at = this.belowAt.get(cur);
      if (at !== undefined) {
        meet = at;
        break;
      }
      tail.push(cur);
    }
    // One contains the other: not a question of layers.
    if (!tail.length || meet === b.length - 1) return 'no';
    const ka = this.layerOf(tail, tail.length - 1, -1);
    const kb = this.layerOf(b, meet + 1, b.length);
    if (ka.tier !== kb.tier) return ka.tier > kb.tier ? 'layer' : 'no';
    if (ka.z !== kb.z) return ka.z > kb.z ? 'layer' : 'no';
    // The boxes that stand for them in the layer (one on each side), in tree order.
    if (ka.box && kb.box) return follows(ka.box, kb.box) ? 'layer' : 'no';
    // Both in-flow: the later one paints over the earlier.
    return follows(above, below) ? 'flow' : 'no';
  }

  private setBelow(below: Element): void {
    this.below = below;
    const chain = (this.belowChain = chainOf(below));
    this.belowAt.clear();
    for (let i = 0; i < chain.length; i++) this.belowAt.set(chain[i], i);
  }

  /**
   * Where the last box of `chain[from…to)` (walked by `step`, from the side nearest the
   * root) paints among the other side's boxes: the outermost stacking context on the way
   * is atomic (its own z-index), else the innermost positioned box (tree order among
   * positioned content), else in-flow.
   */
  private layerOf(chain: Element[], from: number, to: number): Layer {
    const step = from < to ? 1 : -1;
    let positioned: Element | null = null;
    for (let i = from; i !== to; i += step) {
      const facts = this.factsOf(chain[i]);
      if (!facts) continue;
      if (facts.top) return { tier: 4, z: 0, box: chain[i] };
      if (facts.context) return { tier: facts.z < 0 ? 0 : facts.z > 0 ? 3 : 2, z: facts.z, box: chain[i] };
      if (facts.positioned) positioned = chain[i];
    }
    return positioned ? { tier: 2, z: 0, box: positioned } : { tier: 1, z: 0, box: null };
  }

  private factsOf(el: Element): Stacking | null {
    let facts = this.facts.get(el);
    if (facts === undefined) {
      const style = getStyle(el);
      facts = null;
      if (style) {
        // position and z-index read once: the stacking-context test needs them too.
        const position = style.position;
        const zIndex = style.zIndex;
        facts = {
          context: createsStackingContext(el, style, position, zIndex),
          z: zIndexOf(zIndex),
          positioned: position !== 'static',
          top: inTopLayer(el),
        };
      }
      this.facts.set(el, facts);
    }
    return facts;
  }
}

/** How far up a chain is followed (R1: a page may be 10,000 boxes deep). */
const MAX_DEPTH = 4096;

/** Flat-tree ancestors from the root down to `el`, `el` included. */
function chainOf(el: Element): Element[] {
  const chain: Element[] = [];
  for (let cur: Element | null = el, i = 0; cur && i < MAX_DEPTH; cur = flatTreeParent(cur), i++) chain.push(cur);
  return chain.reverse();
}

interface Layer {
  /** 0 negative z-index, 1 in-flow, 2 positioned (z auto/0), 3 positive z-index, 4 top layer. */
  tier: number;
  z: number;
  /** The box that stands for the element in the layer (null: none, in-flow). */
  box: Element | null;
}

function zIndexOf(zIndex: string): number {
  const z = parseInt(zIndex, 10);
  return z === z ? z : 0;
}

function inTopLayer(el: Element): boolean {
  const name = el.localName;
  if (name !== 'dialog' && !el.hasAttribute('popover')) return false;
  try {
    return el.matches(':modal') || el.matches(':popover-open');
  } catch {
    return false;
  }
}

/** The CSS conditions that start a stacking context (the ones pages use). */
function createsStackingContext(el: Element, style: CSSStyleDeclaration, position: string, zIndex: string): boolean {
  const parent = el.parentElement;
  if (!parent) return true;
  if (position === 'fixed' || position === 'sticky') return true;
  if (zIndex !== 'auto') {
    if (position !== 'static') return true;
    // Flex and grid items with a z-index stack like positioned boxes.
    const display = getStyle(parent)?.display ?? '';
    if (display.endsWith('flex') || display.endsWith('grid')) return true;
  }
  const opacity = style.opacity;
  if (opacity !== '1' && opacity !== '') return true;
  if (style.transform !== 'none' || style.filter !== 'none' || style.isolation === 'isolate') return true;
  if (style.mixBlendMode !== 'normal') return true;
  const clip = style.clipPath;
  if (clip && clip !== 'none') return true;
  const will = style.willChange;
  return !!will && will !== 'auto' && /transform|opacity|filter|z-index|position/.test(will);
}

/** Tree order: later content paints later (on top) within the same layer. */
function follows(a: Element, b: Element): boolean {
  // 4 = DOCUMENT_POSITION_FOLLOWING: b follows a, so a comes first.
  return (a.compareDocumentPosition(b) & 4) === 0;
}
