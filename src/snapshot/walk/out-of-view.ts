// Issue 35: what is in view costs what is in view. With `viewportOnly` the walk used to visit,
// classify and name the whole document and only then drop what lay outside the viewport
// (build.ts keepInViewport, which still runs as the final cut). Here a subtree whose box lies
// wholly above or below the viewport is left out from the one rect the walk reads anyway —
// counted, not walked — unless part of it may paint outside that box:
//   - absolutely positioned and fixed descendants (and the top layer: a modal dialog or an
//     open popover is fixed), which are placed by another box or the viewport. The
//     document's style rules name them (walk/escapers.ts: one query per snapshot, then the
//     computed style of what it found), and the walk enters only the elements on the way to
//     them, still leaving out their other children. Where the rules cannot tell (a
//     cross-origin sheet, a rule whose subject is any element) and inside shadow trees, a
//     light pass over the subtree reads `display` and `position` of every element instead;
//   - shadow hosts in such a subtree: their shadow tree, their :host and ::slotted rules
//     are not in the document's sheets, so the host, its children and its shadow tree are
//     read by the light pass (found by a look at each element's shadowRoot and tag, no style);
//   - content overflowing a box above the viewport down into it (a zero-height float
//     container, a fixed-height block with taller content): its scrollable overflow
//     (scrollHeight) is compared with the viewport's top, and above the viewport floats are
//     ways in too (WebKit counts a float's overflow in an outer box);
//   - an aria-owns owner, which pulls elements from elsewhere in the page into its place.
// Not detected (left out with their subtree, as they would be by any rect test): content a
// box below the viewport moves up into it with a negative transform, margin or relative
// offset; a built-in element (div, span) hosting a closed shadow root that its own :host rule
// positions (no script can see that root or its sheet; the extension's shadowRootOf hook
// opens it, and then it is read). Only vertical position counts, as in keepInViewport: a
// carousel slide to the right of the viewport is still "in view" there and is walked.
import { flatTreeParent } from '../../dom/dom-utils';
import { NO_ESCAPE_INSIDE, escaperWays, movesOut } from './escapers';
import type { Ownership } from './owns';
import type { ResolvedSnapshotOptions } from '../../options';
import { shadowRootFor } from './shadow-hosts';

/** OutOfView.skip's answers when the subtree must be walked (any positive answer is a count). */
export const WALK = 0;
export const SCANNED = -1;

export class OutOfView {
  /** Elements on the way from a scanned subtree's root to something that may paint elsewhere: walked. */
  private readonly onPath = new Set<Element>();
  private readonly stack: Element[] = [];
  /** Per document, the ways to what its style rules position (and float): null where the rules cannot tell. */
  private readonly positioned = new Map<Document, Set<Element> | null>();
  private readonly floated = new Map<Document, Set<Element> | null>();
  private readonly owners: Element[] = [];
  /** The shadow root the walk enters for an element (none when the options leave shadow trees out). */
  private readonly shadowRootOf: (el: Element) => ShadowRoot | null;
  /** shadowRootOf may open a closed root of any element (the extension's hook): ask it of each. */
  private readonly opensClosedRoots: boolean;

  constructor(
    private readonly top: number,
    private readonly bottom: number,
    private readonly owned: Ownership | null,
    options: ResolvedSnapshotOptions,
  ) {
    if (owned) owned.ownedBy.forEach((_, owner) => this.owners.push(owner));
    this.shadowRootOf = options.includeShadowDom ? (el) => shadowRootFor(el, el.localName, options) : () => null;
    this.opensClosedRoots = options.includeShadowDom && !!options.shadowRootOf;
  }

  /** Whether a box from `top` to `bottom` (top-level viewport coordinates) lies wholly above or below the viewport. */
  outside(top: number, bottom: number): boolean {
    return bottom <= this.top || top >= this.bottom;
  }

  /**
   * For `el`, a box wholly outside the viewport (not inline): how many elements its subtree
   * holds when nothing in it can paint into the viewport (then it is left out); SCANNED when
   * it must be walked and the light pass has looked through it (its children ask with
   * `scanned` set); WALK when it must be walked and its children must be asked afresh.
   */
  skip(el: Element, top: number, scanned: boolean): number {
    // Overflow reaches down from a box above the viewport (scrollHeight counts from the padding box).
    if (top < this.top && top + el.clientTop + el.scrollHeight > this.top) return WALK;
    if (scanned) return this.onPath.has(el) ? SCANNED : count(el);
    const above = top < this.top;
    const doc = el.ownerDocument;
    // The rules of a document style its light tree; a shadow tree has sheets of its own.
    const positioned = el.getRootNode() === doc ? this.waysIn(doc, false) : null;
    const floated = positioned && above ? this.waysIn(doc, true) : null;
    if (!positioned || (above && !floated)) return this.scan(el, above, false);
    if (positioned.has(el) || (floated !== null && floated.has(el))) return WALK;
    return this.hostsIn(el, above);
  }

  private waysIn(doc: Document, floats: boolean): Set<Element> | null {
    const memo = floats ? this.floated : this.positioned;
    let ways = memo.get(doc);
    if (ways === undefined) {
      ways = escaperWays(doc, floats, this.owners);
      memo.set(doc, ways);
    }
    return ways;
  }

  /**
   * The light subtree of `el` holds nothing the document's rules move out (skip asked them):
   * its element count, unless a shadow host in it (`el` included) or what the host's own
   * rules may style — the host, its children, its shadow tree — can paint elsewhere; then
   * SCANNED, with the way to each marked. One look at each element: its shadow root and tag.
   */
  private hostsIn(el: Element, above: boolean): number {
    const all = el.getElementsByTagName('*');
    let escapes = this.hostEscapes(el, el, above);
    for (let i = 0; i < all.length; i++) {
      const e = all[i];
      // Most elements host nothing: a glance at the open root and the tag settles it.
      if (e.shadowRoot === null && e.localName.indexOf('-') < 0 && !this.opensClosedRoots) continue;
      if (this.hostEscapes(e, el, above)) escapes = true;
    }
    if (!escapes) return all.length + 1;
    this.onPath.add(el);
    return SCANNED;
  }

  /**
   * Whether `host` (in the subtree of `root`) is a shadow host — or a custom element, which
   * may host a closed one — that paints or holds something outside `root`'s box. Its own box
   * counts only below `root`: `root`'s own box is the one that lies outside.
   */
  private hostEscapes(host: Element, root: Element, above: boolean): boolean {
    const shadow = this.shadowRootOf(host);
    if (shadow === null && host.shadowRoot === null && host.localName.indexOf('-') < 0) return false;
    const view = host.ownerDocument.defaultView;
    if (!view) return false;
    let escapes = false;
    if (host !== root && movesOut(view.getComputedStyle(host), false)) {
      this.markPath(host, root);
      escapes = true;
    }
    // ::slotted rules style the host's children (their own children follow the document's rules).
    for (let c = host.firstElementChild; c; c = c.nextElementSibling) {
      if (this.escapes(c, view.getComputedStyle(c), above)) {
        this.markPath(c, root);
        escapes = true;
      }
    }
    if (shadow && this.scan(host, above, true) === SCANNED) {
      this.markPath(host, root);
      escapes = true;
    }
    return escapes;
  }

  private escapes(el: Element, style: CSSStyleDeclaration, above: boolean): boolean {
    // Above the viewport a float may hang down into it: WebKit counts an overflowing float in the
    // scrollHeight of the block formatting context's root, not of the box that holds it.
    return (
      movesOut(style, false) ||
      (this.owned !== null && this.owned.ownedBy.has(el)) ||
      (above && style.cssFloat !== 'none')
    );
  }

  /**
   * The light pass over what `root` renders (`shadowOnly`: its shadow tree alone): the element
   * count of the subtree, or SCANNED after marking the way to what may escape it.
   */
  private scan(root: Element, above: boolean, shadowOnly: boolean): number {
    const view = root.ownerDocument.defaultView;
    if (!view) return WALK;
    const stack = this.stack;
    stack.length = 0;
    let n = 0;
    let escapes = false;
    const rootShadow = this.shadowRootOf(root);
    if (shadowOnly) pushChildren(null, rootShadow, stack);
    else pushChildren(root, rootShadow, stack);
    while (stack.length) {
      const el = stack.pop()!;
      n++;
      // Straight from the engine, not through the snapshot's style cache: most of these
      // elements are never read again, and a cache entry costs more than the read.
      const style = view.getComputedStyle(el);
      if (this.escapes(el, style, above)) {
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
    for (let a: Element | null = el; a && a !== root; a = flatTreeParent(a)) {
      if (this.onPath.has(a)) return;
      this.onPath.add(a);
    }
  }
}

function pushChildren(el: Element | null, shadow: ShadowRoot | null, stack: Element[]): void {
  if (el) for (let c = el.firstElementChild; c; c = c.nextElementSibling) stack.push(c);
  if (shadow) for (let c = shadow.firstElementChild; c; c = c.nextElementSibling) stack.push(c);
}

/** Elements in the light subtree of `el`, itself included (counted in the engine, not walked). */
function count(el: Element): number {
  return el.getElementsByTagName('*').length + 1;
}
