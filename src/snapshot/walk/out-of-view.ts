// Issue 35: what is in view costs what is in view. With `viewportOnly` the walk used to visit,
// classify and name the whole document and only then drop what lay outside the viewport
// (build.ts keepInViewport, which still runs as the final cut). Here a subtree whose box lies
// wholly above or below the viewport is left out from the one rect the walk reads anyway —
// counted, not walked — unless part of it may paint outside that box:
//   - absolutely positioned and fixed descendants (and the top layer: a modal dialog or an
//     open popover is fixed), which are placed by another box or the viewport. One light pass
//     over the subtree reads only `display` and `position` (no rect, no classification) and
//     marks the way from the subtree's root to each of them; the walk then enters only those
//     elements on the way and still leaves out their other children;
//   - content overflowing a box above the viewport down into it (a zero-height float
//     container, a fixed-height block with taller content): its scrollable overflow
//     (scrollHeight) is compared with the viewport's top, and above the viewport the light
//     pass reads `float` too (WebKit counts a float's overflow in an outer box);
//   - an aria-owns owner, which pulls elements from elsewhere in the page into its place.
// Not detected (left out with their subtree, as they would be by any rect test): content a
// box below the viewport moves up into it with a negative transform, margin or relative
// offset. Only vertical position counts, as in keepInViewport: a carousel slide to the right
// of the viewport is still "in view" there and is walked.
import type { Ownership } from './owns';

/** Tags whose element children never paint outside it as CSS boxes (or are not rendered). */
// A pattern, not a Set made at load: a page may have replaced Set before we loaded (R2).
const NO_ESCAPE_INSIDE =
  /^(?:svg|math|select|iframe|frame|object|embed|video|audio|canvas|img|script|style|template|noscript|textarea|input)$/;

/** OutOfView.skip's answers when the subtree must be walked (any positive answer is a count). */
export const WALK = 0;
export const SCANNED = -1;

export class OutOfView {
  /** Elements on the way from a scanned subtree's root to something that may paint elsewhere: walked. */
  private readonly onPath = new Set<Element>();
  private readonly stack: Element[] = [];

  constructor(
    private readonly top: number,
    private readonly bottom: number,
    private readonly owned: Ownership | null,
    private readonly shadowRootOf: (el: Element) => ShadowRoot | null,
  ) {}

  /** Whether a box from `top` to `bottom` (top-level viewport coordinates) lies wholly above or below the viewport. */
  outside(top: number, bottom: number): boolean {
    return bottom <= this.top || top >= this.bottom;
  }

  /**
   * For `el`, a box wholly outside the viewport (not inline): how many elements its subtree
   * holds when nothing in it can paint into the viewport (then it is left out); SCANNED when
   * it must be walked and the light pass has looked through it (its children ask with
   * `scanned` set); WALK when it must be walked and nothing is known about its subtree.
   */
  skip(el: Element, top: number, scanned: boolean): number {
    // Overflow reaches down from a box above the viewport (scrollHeight counts from the padding box).
    if (top < this.top && top + el.clientTop + el.scrollHeight > this.top) return WALK;
    if (scanned) return this.onPath.has(el) ? SCANNED : count(el);
    return this.scan(el, top < this.top);
  }

  /** The light pass: element count of the subtree, or SCANNED after marking the way to what may escape it. */
  private scan(root: Element, above: boolean): number {
    const view = root.ownerDocument.defaultView;
    if (!view) return WALK;
    const stack = this.stack;
    stack.length = 0;
    let n = 0;
    let escapes = false;
    pushChildren(root, this.shadowRootOf(root), stack);
    while (stack.length) {
      const el = stack.pop()!;
      n++;
      // Straight from the engine, not through the snapshot's style cache: most of these
      // elements are never read again, and a cache entry costs more than the read.
      const style = view.getComputedStyle(el);
      const position = style.position;
      // Above the viewport a float may hang down into it: WebKit counts an overflowing float in the
      // scrollHeight of the block formatting context's root, not of the box that holds it.
      if (
        position === 'absolute' ||
        position === 'fixed' ||
        (this.owned !== null && this.owned.ownedBy.has(el)) ||
        (above && style.cssFloat !== 'none')
      ) {
        escapes = true;
        this.markPath(el, root);
      }
      // display is read only where it can cut a subtree short (a leaf has none to cut).
      const shadow = this.shadowRootOf(el);
      if (
        (el.firstElementChild !== null || shadow !== null) &&
        !NO_ESCAPE_INSIDE.test(el.localName) &&
        style.display !== 'none'
      )
        pushChildren(el, shadow, stack);
    }
    if (!escapes) return n + 1;
    this.onPath.add(root);
    return SCANNED;
  }

  /** Marks `el` and its ancestors in the rendered tree (the walk's: slots, shadow hosts) up to `root` as walked. */
  private markPath(el: Element, root: Element): void {
    for (let a: Node | null = el; a && a !== root; a = renderedParent(a)) {
      if (this.onPath.has(a as Element)) return;
      this.onPath.add(a as Element);
    }
  }
}

function pushChildren(el: Element, shadow: ShadowRoot | null, stack: Element[]): void {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) stack.push(c);
  if (shadow) for (let c = shadow.firstElementChild; c; c = c.nextElementSibling) stack.push(c);
}

/** The parent in the flat tree: the slot a light child is assigned to, a shadow root's host. */
function renderedParent(node: Node): Node | null {
  const slot = (node as Element).assignedSlot;
  if (slot) return slot;
  const parent = node.parentNode;
  if (parent && parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  return parent;
}

/** Elements in the light subtree of `el`, itself included (counted in the engine, not walked). */
function count(el: Element): number {
  return el.getElementsByTagName('*').length + 1;
}
