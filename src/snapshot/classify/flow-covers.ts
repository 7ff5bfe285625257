// Covers that are not positioned (issue 30 item 4), for controls only. A static box that
// starts a stacking context (a carousel slide's transform, a fading card's opacity, a
// filter, will-change) paints in the positioned layer, over in-flow content wherever it
// comes in the tree; and later inline content (a headline pulled up over a nav icon, the
// next line of a paragraph at line-height:0, an inline-block badge) paints over earlier
// content it overlaps. A later block's background does not paint over earlier inline
// content, and earlier in-flow content never over later. The walk files every in-flow box
// it reads as plain numbers (no style read); the few that overlap a control they are not
// part of are then judged with PaintOrder, reading style only for those.
import { getStyle } from '../../dom/caches';
import { TEXT_NODE } from '../../dom/dom-utils';
import type { Box, Point } from '../../dom/geometry';
import type { PaintOrder } from '../../dom/paint-order';
import { composedContains } from '../../semantics/hit-test';
import { wordList } from '../../semantics/element';

/** Replaced elements: displayed inline, their box is what they paint. */
const REPLACED = wordList('img svg video canvas iframe embed object input select textarea');

/** A block-level box: it paints its box. */
const BLOCK = 0;
/** An atomic inline (inline-block, an image): its whole box is inline content. */
const ATOMIC = 1;
/** A plain inline: it paints on its line fragments only, its own content is its text. */
const INLINE = 2;

/** Height of the bands boxes are filed in (top-level coordinates). */
const BAND = 256;

/** A filed box whose nearest filed ancestor has not been looked for yet. */
const UNKNOWN = -2;

const byNumber = (a: number, b: number): number => a - b;

export class FlowBoxes {
  private readonly els: Element[] = [];
  /** left, top, right, bottom per element, top-level coordinates. */
  private readonly boxes: number[] = [];
  /** How each element paints its content: BLOCK, ATOMIC or INLINE (below). */
  private readonly kind: number[] = [];
  private bands: Map<number, number[]> | null = null;
  /** Each filed element's index, and per index its nearest filed ancestor (UNKNOWN until asked): candidatesOver. */
  private readonly filed = new Map<Element, number>();
  private up = new Int32Array(0);
  /** Per index, the serial of the last target it was judged for (candidatesOver). */
  private stamp = new Int32Array(0);
  private serial = 0;
  private readonly found: number[] = [];
  /** Line fragments of the plain inlines asked about: one wrapped link is a candidate for every control on its lines. */
  private readonly fragments = new Map<Element, DOMRectList>();

  /** Traversal: a visible in-flow box, cut to its clip; `display` says whether it is an atomic inline. */
  note(el: Element, left: number, top: number, right: number, bottom: number, clip: Box | null, display: string): void {
    if (clip) {
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    if (right - left < 1 || bottom - top < 1) return;
    this.els.push(el);
    // At whole pixels, as they are painted: the browser hit-tests a scaled slide whose edge
    // lies at 360.39 at the point 360 (yahoo-2), and the action asks at whole points.
    this.boxes.push(Math.round(left), Math.round(top), Math.round(right), Math.round(bottom));
    const replaced = display === 'inline' && REPLACED.has(el.localName);
    this.kind.push(display.startsWith('inline-') || replaced ? ATOMIC : display === 'inline' ? INLINE : BLOCK);
  }

  /**
   * The filed boxes of `target`'s document that are neither its ancestors nor inside it
   * and overlap `r` (top-level coordinates), in tree order: the only boxes that can cover
   * it, so the only ones coverAt looks at, and none means its point (which lies inside
   * `r`) need not be found. A plain inline's lines are not read here: coverAt reads them
   * for the few whose box holds the point. Reused by the next call.
   */
  candidatesOver(target: Element, r: Box): readonly number[] {
    const bands = this.bandIndex();
    const doc = target.ownerDocument;
    const boxes = this.boxes;
    const found = this.found;
    found.length = 0;
    // Most boxes that overlap a control are its ancestors (a dozen per band on an
    // article): marked from the filing, not asked with `contains` one by one.
    const serial = this.markAncestors(target);
    const stamp = this.stamp;
    const first = Math.floor(r.top / BAND);
    const last = Math.floor(r.bottom / BAND);
    for (let b = first; b <= last; b++) {
      const band = bands.get(b);
      for (let j = 0; band && j < band.length; j++) {
        const i = band[j];
        const k = i * 4;
        if (!(boxes[k] < r.right && boxes[k + 2] > r.left && boxes[k + 1] < r.bottom && boxes[k + 3] > r.top)) continue;
        if (stamp[i] === serial) continue;
        // Judged once per target, also when it reaches two bands.
        stamp[i] = serial;
        const el = this.els[i];
        if (el.ownerDocument !== doc || el.contains(target) || target.contains(el)) continue;
        found.push(i);
      }
    }
    if (last > first) found.sort(byNumber);
    return found;
  }

  /**
   * Which of `candidates` (candidatesOver's answer for `target` and its box `r`) paints
   * over it at `point` (top-level coordinates; `dx`/`dy` place the target's frame), or
   * null; the latest in tree order first.
   */
  coverAt(
    target: Element,
    candidates: readonly number[],
    r: Box,
    point: Point,
    dx: number,
    dy: number,
    order: PaintOrder,
  ): Element | null {
    const boxes = this.boxes;
    for (let j = candidates.length - 1; j >= 0; j--) {
      const i = candidates[j];
      const k = i * 4;
      if (!(boxes[k] <= point.x && point.x < boxes[k + 2] && boxes[k + 1] <= point.y && point.y < boxes[k + 3]))
        continue;
      const el = this.els[i];
      const x = point.x - dx;
      const y = point.y - dy;
      // A plain inline paints only on its lines: the bounding box of one wrapped over two
      // lines holds whatever sits between them (most candidates on a long article). Its
      // lines are read only here, for the few whose box holds the point, and must reach
      // the target's box as well as the point (which may lie a floored pixel outside it).
      const kind = this.kind[i];
      if (kind === INLINE) {
        const lines = this.fragmentsOf(el);
        if (!anyContains(lines, x, y) || !anyOverlaps(lines, r, dx, dy)) continue;
      }
      if (getStyle(el)?.pointerEvents === 'none') continue;
      const how = order.over(el, target);
      if (how === 'no') continue;
      // Later in-flow content covers only where its inline content is.
      if (how === 'flow' && !inlineContentAt(el, kind === ATOMIC, x, y)) continue;
      if (composedContains(el, target) || composedContains(target, el)) continue;
      return el;
    }
    return null;
  }

  /**
   * Stamps `target` and its filed ancestors (parentElement's, the tree `contains` asks
   * about) with a new serial, which it returns. Each box's nearest filed ancestor is found
   * once per snapshot; a target costs the length of its chain.
   */
  private markAncestors(target: Element): number {
    const serial = ++this.serial;
    const filed = this.filed;
    let i = -1;
    for (let p: Element | null = target; p && i < 0; p = p.parentElement) i = filed.get(p) ?? -1;
    for (; i >= 0; i = this.filedParent(i)) this.stamp[i] = serial;
    return serial;
  }

  private filedParent(i: number): number {
    let up = this.up[i];
    if (up === UNKNOWN) {
      up = -1;
      for (let p = this.els[i].parentElement; p && up < 0; p = p.parentElement) up = this.filed.get(p) ?? -1;
      this.up[i] = up;
    }
    return up;
  }

  private fragmentsOf(el: Element): DOMRectList {
    let rects = this.fragments.get(el);
    if (!rects) this.fragments.set(el, (rects = el.getClientRects()));
    return rects;
  }

  /** Box indices by the bands they reach, each band in tree order. */
  private bandIndex(): Map<number, number[]> {
    if (this.bands) return this.bands;
    const bands = new Map<number, number[]>();
    const boxes = this.boxes;
    const n = this.els.length;
    this.stamp = new Int32Array(n);
    this.up = new Int32Array(n).fill(UNKNOWN);
    for (let i = 0; i < n; i++) {
      this.filed.set(this.els[i], i);
      const last = Math.floor(boxes[i * 4 + 3] / BAND);
      for (let b = Math.floor(boxes[i * 4 + 1] / BAND); b <= last; b++) {
        let band = bands.get(b);
        if (!band) bands.set(b, (band = []));
        band.push(i);
      }
    }
    return (this.bands = bands);
  }
}

/**
 * Whether the element's own inline content is at the point (its frame's coordinates): the
 * box of an atomic inline, else its own text. Not the box of a plain inline: it holds the
 * block children it wraps (whose backgrounds paint under earlier inline content), and its
 * inline children are filed themselves.
 */
function inlineContentAt(el: Element, atomic: boolean, x: number, y: number): boolean {
  if (atomic) return anyContains(el.getClientRects(), x, y);
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== TEXT_NODE || !/\S/.test((c as Text).data)) continue;
    try {
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(c);
      if (anyContains(range.getClientRects(), x, y)) return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** Whether a rect (its frame's coordinates) overlaps `r` (top-level; `dx`/`dy` place the frame). */
function anyOverlaps(rects: DOMRectList, r: Box, dx: number, dy: number): boolean {
  for (let i = 0; i < rects.length; i++) {
    const f = rects[i];
    if (f.left + dx < r.right && f.right + dx > r.left && f.top + dy < r.bottom && f.bottom + dy > r.top) return true;
  }
  return false;
}

function anyContains(rects: DOMRectList, x: number, y: number): boolean {
  for (let i = 0; i < rects.length; i++) {
    const r = rects[i];
    if (r.left <= x && x < r.right && r.top <= y && y < r.bottom) return true;
  }
  return false;
}
