// S13 / S14: what lies on top of what, on the whole page and in same-origin frames.
// Traversal notes the positioned elements it meets (the only boxes that can be painted
// over other content) and the text runs; after traversal, when every possible cover is
// known, only text and controls that overlap a cover they are not part of are tested.
// In the viewport the browser answers (the hit test the action layer's OBSCURED check
// uses, semantics/hit-test.ts); below the fold, or in a frame scrolled out of view, the
// snapshot may not scroll to ask (S11), so CSS painting order answers (dom/paint-order.ts)
// — what a person would see after scrolling there is what the agent gets.
// Text under an opaque cover is dropped; a control under a cover is marked with what
// covers it, so the agent dismisses the cover first instead of failing a click.
import { isElement } from '../../dom/dom-utils';
import { composedContains, hitTest, pointerReaches } from '../../semantics/hit-test';
import { pointerTargetOf } from '../../semantics';
import { getRect, getStyle } from '../../dom/caches';
import { PaintOrder } from '../../dom/paint-order';
import {
  containsPoint,
  hasArea,
  intersect,
  type Box,
  type FrameView,
  targetPoint,
  ClipChain,
  type PlainRect,
  type Point,
} from '../../dom/geometry';
import type { TextPerception } from './perception';
import type { BuildNode } from '../tree';
import { CoverNames } from './cover-names';
import { FlowBoxes } from './flow-covers';
import { OPAQUE, opacityOf, opaqueAt, opaqueBetween, ownCoverage, paintsOpaque } from './opaque-paint';

export interface Cover extends Box {
  el: Element;
}

/** A text node of a run: a slice [start, end) of the run's raw text; dx/dy place its frame. */
interface Piece {
  text: Text;
  parent: Element;
  rect: PlainRect;
  run: BuildNode;
  start: number;
  end: number;
  dx: number;
  dy: number;
}

/** What a cover is tested for: hiding text (it paints opaque) or taking a click (it is hit). */
type CoverMode = 'paint' | 'pointer';

interface CoverHit {
  /** The element a pointer (or the eye) meets at the point. */
  hit: Element;
  /** The element it covers, in the hit's document: the target, or the frame holding it. */
  under: Element;
}

/** Height of the bands covers are filed in (top-level coordinates), so a test reads only nearby covers. */
const BAND = 512;

export class CoverScan {
  /** Positioned boxes of the top document in the viewport, in document order (modal.ts). */
  readonly covers: Cover[] = [];
  /** Fixed boxes covering the whole viewport: possible backdrops (modal.ts). */
  readonly fullViewport: Element[] = [];
  /** Every positioned box on the page and in same-origin frames, cut to what its clips leave visible. */
  private readonly all: Cover[] = [];
  private readonly pieces: Piece[] = [];
  private readonly frames = new Map<Document, FrameView>();
  private bands: Map<number, Cover[]> | null = null;
  private readonly order = new PaintOrder();
  /** What the ancestors' overflow leaves of each control: where the action points (dom/geometry). */
  private readonly clips = new ClipChain();
  /** In-flow boxes: covers only in a few ways (flow-covers.ts). */
  private readonly flow = new FlowBoxes();
  private readonly hides = new Map<Element, boolean>();
  private topView: FrameView | null = null;
  /** Fixed boxes of the top document: they stay where they are when the action scrolls its target to them. */
  private readonly pinned: Cover[] = [];
  private scrollRange: Box | null = null;

  constructor(
    private readonly viewport: Box,
    private readonly top: Document,
  ) {}

  /** Traversal: a same-origin frame entered; `viewport` is its content box (top-level coordinates). */
  noteFrame(doc: Document, view: FrameView): void {
    this.frames.set(doc, view);
  }

  /** Traversal: a visible element with its position ('' when in flow or relative), display, box (top-level coordinates) and clip. */
  noteElement(
    el: Element,
    style: CSSStyleDeclaration,
    position: string,
    display: string,
    left: number,
    top: number,
    right: number,
    bottom: number,
    clip: Box | null,
  ): void {
    const vp = this.viewport;
    const doc = el.ownerDocument;
    const inView = doc === this.top && left < vp.right && right > vp.left && top < vp.bottom && bottom > vp.top;
    // '' is in flow or relative, not read (a style read costs ~0.2 µs): in view, a relative
    // one is a cover (a raised card); off screen PaintOrder finds out if one overlaps a control.
    if (position === '' && inView) position = style.position;
    if (position === '' || position === 'static') {
      this.flow.note(el, left, top, right, bottom, clip, display);
      return;
    }
    let box: Box = { left, top, right, bottom };
    if (clip) box = intersect(box, clip);
    if (box.right - box.left >= 1 && box.bottom - box.top >= 1) {
      this.all.push({ el, left: box.left, top: box.top, right: box.right, bottom: box.bottom });
      if (position === 'fixed' && doc === this.top)
        this.pinned.push({ el, left: box.left, top: box.top, right: box.right, bottom: box.bottom });
    }
    if (!inView) return;
    this.covers.push({ el, left, top, right, bottom });
    if (
      position === 'fixed' &&
      left <= vp.left + 1 &&
      top <= vp.top + 1 &&
      right >= vp.right - 1 &&
      bottom >= vp.bottom - 1
    )
      this.fullViewport.push(el);
  }

  /** Traversal: text appended to `run` as raw[start, end); dx/dy: the offset of its frame. */
  noteText(
    text: Text,
    parent: Element | null,
    rect: PlainRect | null,
    run: BuildNode,
    start: number,
    end: number,
    dx: number,
    dy: number,
  ): void {
    if (!parent || !rect) return;
    this.pieces.push({ text, parent, rect, run, start, end, dx, dy });
  }

  /** Cuts text painted under an opaque cover out of its run (before runs are finalized). */
  dropCoveredText(perception: TextPerception, markInstead: boolean): number {
    if (!this.all.length || !this.pieces.length) return 0;
    let dropped = 0;
    // Later pieces first, so the offsets of earlier pieces of the same run stay valid.
    for (let i = this.pieces.length - 1; i >= 0; i--) {
      const piece = this.pieces[i];
      if (!this.overlapsForeignCover(piece.parent, piece.rect)) continue;
      if (!this.textCovered(piece, perception)) continue;
      const raw = piece.run.raw ?? '';
      // includeHiddenText: a run that is covered as a whole is kept, marked.
      if (markInstead && piece.start === 0 && piece.end === raw.length)
        Object.assign(piece.run.vn, { hidden: 'covered', visible: false });
      else piece.run.raw = raw.slice(0, piece.start) + ' ' + raw.slice(piece.end);
      dropped++;
    }
    return dropped;
  }

  /**
   * Marks actionable kept nodes whose visible centre lies under another element:
   * `covered` names the cover's actionable part (its id) or describes it.
   */
  markCoveredControls(kept: BuildNode[]): void {
    let names: CoverNames | null = null;
    for (let i = 0; i < kept.length; i++) {
      const node = kept[i];
      const el = node.ref;
      if (!node.vn.actionable || !el || !isElement(el)) continue;
      const view = this.viewOf(el.ownerDocument);
      if (!view) continue;
      // A control drawn invisible is clicked through its stand-in (its label): test that.
      // The walk found both already (not for nodes added after it: hover content).
      const target = node.target ?? pointerTargetOf(el);
      const local = node.targetBox ?? getRect(target);
      const r: Box = {
        left: local.left + view.dx,
        top: local.top + view.dy,
        right: local.right + view.dx,
        bottom: local.bottom + view.dy,
      };
      // The point (the clip chain, maybe the fragments) only where a cover overlaps the box: it lies inside it.
      const positioned = this.overlapsForeignCover(target, r);
      const flowCandidates = this.flow.candidatesOver(target, r);
      const unclipped = node.unclipped === true;
      const point = positioned || flowCandidates.length ? this.targetPoint(target, local, view, unclipped) : null;
      const found =
        (point && positioned && this.coverAt(target, point, 'pointer')) ||
        this.pinnedOver(target, r, unclipped) ||
        (point && flowCandidates.length > 0 && this.flowCover(target, flowCandidates, r, point, view));
      if (found) node.vn.covered = (names ??= new CoverNames(kept)).describe(found.hit, found.under);
    }
  }

  /** An in-flow box over the target (flow-covers.ts); in view the browser's hit test has the last word. */
  private flowCover(
    target: Element,
    candidates: readonly number[],
    r: Box,
    point: Point,
    view: FrameView,
  ): CoverHit | null {
    const inView = containsPoint(this.viewport, point) && containsPoint(view.viewport, point);
    const cover = this.flow.coverAt(target, candidates, r, point, view.dx, view.dy, this.order);
    if (!cover) return null;
    if (!inView) return { hit: cover, under: target };
    const { kind, hit } = hitTest(target, { x: point.x - view.dx, y: point.y - view.dy });
    return !pointerReaches(kind) && hit ? { hit, under: target } : null;
  }

  /**
   * A fixed box the action's scroll brings its target under: the action centres a target
   * that is not wholly in view (dom/geometry scrollIntoViewIfNeeded), and a fixed box (a
   * cookie bar, a loading screen, a video player's layer) stays put while the page moves.
   * The snapshot may not scroll (S11): it places the box where that scroll would.
   */
  private pinnedOver(target: Element, r: Box, unclipped: boolean): CoverHit | null {
    if (!this.pinned.length || target.ownerDocument !== this.top || !hasArea(r)) return null;
    const vp = this.viewport;
    if (r.left >= vp.left && r.top >= vp.top && r.right <= vp.right && r.bottom <= vp.bottom) return null;
    const range = (this.scrollRange ??= scrollRangeOf(this.top, vp));
    const dx = clamp((r.left + r.right - vp.left - vp.right) / 2, range.left, range.right);
    const dy = clamp((r.top + r.bottom - vp.top - vp.bottom) / 2, range.top, range.bottom);
    // The point lies in the target's box (floored to whole pixels: up to one less): where no
    // fixed box reaches that box moved by the scroll (most controls: a bar at the top, the
    // target scrolled to the middle), none can hold the point, and it is not looked for.
    if (!this.pinnedReach(r, dx, dy)) return null;
    // Where the action points once scrolled: the screen then is the viewport moved by the scroll.
    const at = targetPoint(target, [shift(vp, dx, dy)], this.clipOf(target, unclipped), r);
    if (!at) return null;
    const p = { x: at.x - dx, y: at.y - dy };
    for (let i = this.pinned.length - 1; i >= 0; i--) {
      const c = this.pinned[i];
      if (!containsPoint(c, p) || composedContains(c.el, target) || composedContains(target, c.el)) continue;
      if (getStyle(c.el)?.pointerEvents === 'none' || !this.order.paintsOver(c.el, target)) continue;
      return { hit: c.el, under: target };
    }
    return null;
  }

  /** Whether a fixed box overlaps `r` moved by (-dx, -dy) and widened by a pixel on each side (flooring, rounding). */
  private pinnedReach(r: Box, dx: number, dy: number): boolean {
    const left = r.left - dx - 1;
    const top = r.top - dy - 1;
    const right = r.right - dx + 1;
    const bottom = r.bottom - dy + 1;
    for (let i = 0; i < this.pinned.length; i++) {
      const c = this.pinned[i];
      if (c.left < right && c.right > left && c.top < bottom && c.bottom > top) return true;
    }
    return false;
  }

  /** Hit tests at the centres of the text's first glyph boxes: covered when none reaches it. */
  private textCovered(piece: Piece, perception: TextPerception): boolean {
    const rects = perception.glyphRects(piece.text);
    if (!rects || !rects.length) return false;
    let tested = 0;
    for (let i = 0; i < rects.length && tested < 3; i++) {
      const g = rects[i];
      if (g.width <= 0 || g.height <= 0) continue;
      tested++;
      const point = { x: Math.floor(g.left + g.width / 2 + piece.dx), y: Math.floor(g.top + g.height / 2 + piece.dy) };
      if (!this.coverAt(piece.parent, point, 'paint')) return false;
    }
    return tested > 0;
  }

  /**
   * What covers `el` at `point` (top-level coordinates), looking outward through the
   * frames that hold it: inside each document, the browser's hit test where the point is
   * on screen, else the painting order of the positioned boxes there.
   */
  private coverAt(el: Element, point: Point, mode: CoverMode): CoverHit | null {
    let under = el;
    for (let depth = 0; depth < 16; depth++) {
      const doc = under.ownerDocument;
      const view = this.viewOf(doc);
      if (!view) return null;
      const local = { x: point.x - view.dx, y: point.y - view.dy };
      if (containsPoint(this.viewport, point) && containsPoint(view.viewport, point)) {
        const { kind, hit } = hitTest(under, local);
        if (!pointerReaches(kind) && hit) {
          if (mode === 'pointer' || paintsOpaque(hit, under, local)) return { hit, under };
          // The topmost box lets the text show through (a transparent box, other text), but
          // an opaque one may lie between it and the text: look down the stack.
          const between = opaqueBetween(under, local, hit);
          if (between) return { hit: between, under };
        }
      } else {
        const hit = this.paintedOver(under, point, local, mode);
        if (hit) return { hit, under };
      }
      if (doc === this.top) return null;
      // One document out: the frame holds the point where its content shows it (a point
      // below the frame's own fold comes into its box when the frame is scrolled).
      under = view.frameEl;
      point = clampInto(point, view.viewport);
    }
    return null;
  }

  /** Off screen: the topmost noted box of `under`'s document over the point that paints over it. */
  private paintedOver(under: Element, point: Point, local: Point, mode: CoverMode): Element | null {
    const band = this.bandsFor(point.y);
    if (!band) return null;
    const doc = under.ownerDocument;
    for (let i = band.length - 1; i >= 0; i--) {
      const c = band[i];
      if (!(c.left <= point.x && point.x < c.right && c.top <= point.y && point.y < c.bottom)) continue;
      const el = c.el;
      if (el.ownerDocument !== doc || composedContains(el, under) || composedContains(under, el)) continue;
      if (mode === 'pointer' ? getStyle(el)?.pointerEvents === 'none' : !this.mayHide(el)) continue;
      if (!this.order.paintsOver(el, under)) continue;
      if (mode === 'paint' && !opaqueAt(el, local)) continue;
      return el;
    }
    return null;
  }

  /** Whether anything in the cover paints opaque at all (a bare positioned wrapper hides nothing); once per cover. */
  private mayHide(cover: Element): boolean {
    let hides = this.hides.get(cover);
    if (hides === undefined) {
      // A faded cover fades everything in it.
      hides = opacityOf(cover) >= OPAQUE && ownCoverage(cover) > 0;
      const all = hides || opacityOf(cover) < OPAQUE ? null : cover.getElementsByTagName('*');
      // Past 256 descendants, assume it may (opaqueAt looks at the point itself).
      for (let i = 0; all && !hides && i < all.length; i++) hides = i >= 256 || ownCoverage(all[i]) > 0;
      this.hides.set(cover, hides);
    }
    return hides;
  }

  private overlapsForeignCover(el: Element, r: Box): boolean {
    const bands = this.bandIndex();
    const last = Math.floor(r.bottom / BAND);
    for (let b = Math.floor(r.top / BAND); b <= last; b++) {
      const band = bands.get(b);
      if (!band) continue;
      for (let i = 0; i < band.length; i++) {
        const c = band[i];
        if (c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top && !c.el.contains(el))
          return true;
      }
    }
    return false;
  }

  private bandsFor(y: number): Cover[] | undefined {
    return this.bandIndex().get(Math.floor(y / BAND));
  }

  /** Covers filed by the bands they reach, each band in document order. */
  private bandIndex(): Map<number, Cover[]> {
    if (this.bands) return this.bands;
    const bands = new Map<number, Cover[]>();
    for (let i = 0; i < this.all.length; i++) {
      const c = this.all[i];
      const last = Math.floor(c.bottom / BAND);
      for (let b = Math.floor(c.top / BAND); b <= last; b++) {
        let band = bands.get(b);
        if (!band) bands.set(b, (band = []));
        band.push(c);
      }
    }
    return (this.bands = bands);
  }

  /** The viewport a fixed box of `doc` is fixed to (top-level coordinates). */
  fixedViewport(doc: Document): Box {
    return doc === this.top ? this.viewport : (this.frames.get(doc)?.viewport ?? this.viewport);
  }

  private viewOf(doc: Document): FrameView | null {
    // The top document's "frame" is the whole page: anything on it can be scrolled to.
    if (doc === this.top)
      return (this.topView ??= { frameEl: doc.documentElement, dx: 0, dy: 0, viewport: EVERYWHERE, hardClip: null });
    return this.frames.get(doc) ?? null;
  }

  /**
   * Where a click would go (top-level coordinates; `local`: the target's box in its frame):
   * the action's own targetPoint, asked
   * with the screen when some of the target is on it (the action clicks there), else
   * with the part its frame shows, else with the whole page (it is scrolled to first).
   */
  private targetPoint(target: Element, local: Box, view: FrameView, unclipped: boolean): Point | null {
    const { dx, dy } = view;
    const screen = shift(intersect(view.viewport, this.viewport), -dx, -dy);
    const areas = [screen, shift(view.viewport, -dx, -dy), EVERYWHERE];
    // A target its clip chain hides for now (scrolled away in a scroller) is scrolled into
    // view by the action first: then its whole box.
    const clip = this.clipOf(target, unclipped);
    const p = targetPoint(target, areas, clip, local) ?? targetPoint(target, areas, null, local);
    return p && { x: p.x + dx, y: p.y + dy };
  }

  /** What the target's clip chain leaves of its frame; none, unread, where the walk's clips told it is empty (BuildNode.unclipped). */
  private clipOf(target: Element, unclipped: boolean): Box | null {
    return unclipped ? null : this.clips.of(target);
  }
}

function shift(b: Box, dx: number, dy: number): Box {
  return { left: b.left + dx, top: b.top + dy, right: b.right + dx, bottom: b.bottom + dy };
}

const EVERYWHERE: Box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

/** How far the page can scroll from where it is, per side (negative: back towards the origin). */
function scrollRangeOf(doc: Document, vp: Box): Box {
  const win = doc.defaultView;
  const root = doc.scrollingElement ?? doc.documentElement;
  const x = win ? win.scrollX : 0;
  const y = win ? win.scrollY : 0;
  const maxX = Math.max(0, (root?.scrollWidth ?? 0) - (vp.right - vp.left));
  const maxY = Math.max(0, (root?.scrollHeight ?? 0) - (vp.bottom - vp.top));
  return { left: -x, top: -y, right: maxX - x, bottom: maxY - y };
}

function clampInto(p: Point, box: Box): Point {
  return { x: Math.min(Math.max(p.x, box.left), box.right - 1), y: Math.min(Math.max(p.y, box.top), box.bottom - 1) };
}
