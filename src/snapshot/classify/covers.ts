// S13 / S14: what lies on top of what, in the viewport. Traversal notes the positioned
// elements it meets in the viewport (the only boxes that can be painted over other
// content) and the text runs there; after traversal, when every possible cover is
// known, only text and controls that overlap a cover they are not part of get a hit
// test — the same one the action layer's OBSCURED check uses (semantics/hit-test.ts).
// Text under an opaque cover is dropped; a control under a cover is marked with what
// covers it, so the agent dismisses the cover first instead of failing a click.
import { wordList } from '../../semantics/element';
import { mayHaveStandIn, standInFor } from '../../semantics';
import { parseColor } from '../../dom/color';
import { isElement } from '../../dom/dom-utils';
import { hitTest, type Point } from '../../semantics/hit-test';
import { getAccessibleName, getRole } from '../../semantics';
import { getStyle } from '../../dom/caches';
import type { TextPerception } from './perception';
import type { BuildNode } from '../tree';
import type { Box, PlainRect } from '../../dom/geometry';

export interface Cover extends Box {
  el: Element;
}

/** A text node of a run, in the viewport: a slice [start, end) of the run's raw text. */
interface Piece {
  text: Text;
  parent: Element;
  rect: PlainRect;
  run: BuildNode;
  start: number;
  end: number;
}

/** Names of the control that takes a cover away (cookie banners, dialogs). */
const DISMISS = /\b(?:accept|agree|allow|got it|ok|okay|close|dismiss|reject|decline|deny|continue|no thanks|understand)\b|^[×✕✖xX]$/i;

export class CoverScan {
  /** Positioned boxes in the viewport, in document order. */
  readonly covers: Cover[] = [];
  private readonly pieces: Piece[] = [];
  /** Fixed boxes covering the whole viewport: possible backdrops (modal.ts). */
  readonly fullViewport: Element[] = [];

  constructor(private readonly viewport: Box) {}

  /** Traversal: a visible element of the top document, with its box (viewport coordinates). */
  noteElement(el: Element, style: CSSStyleDeclaration, left: number, top: number, right: number, bottom: number): void {
    const vp = this.viewport;
    if (!(left < vp.right && right > vp.left && top < vp.bottom && bottom > vp.top)) return;
    // Only positioned boxes paint over in-flow content that comes before them.
    const position = style.position;
    if (position === 'static') return;
    this.covers.push({ el, left, top, right, bottom });
    if (position === 'fixed' && left <= vp.left + 1 && top <= vp.top + 1 && right >= vp.right - 1 && bottom >= vp.bottom - 1) this.fullViewport.push(el);
  }

  /** Traversal: text appended to `run` as raw[start, end). */
  noteText(text: Text, parent: Element | null, rect: PlainRect | null, run: BuildNode, start: number, end: number): void {
    if (!parent || !rect) return;
    const vp = this.viewport;
    if (!(rect.left < vp.right && rect.right > vp.left && rect.top < vp.bottom && rect.bottom > vp.top)) return;
    this.pieces.push({ text, parent, rect, run, start, end });
  }

  /** Cuts text painted under an opaque cover out of its run (before runs are finalized). */
  dropCoveredText(perception: TextPerception, markInstead: boolean): number {
    if (!this.covers.length || !this.pieces.length) return 0;
    let dropped = 0;
    // Later pieces first, so the offsets of earlier pieces of the same run stay valid.
    for (let i = this.pieces.length - 1; i >= 0; i--) {
      const piece = this.pieces[i];
      if (!this.overlapsForeignCover(piece.parent, piece.rect)) continue;
      if (!textCovered(piece, perception)) continue;
      const raw = piece.run.raw ?? '';
      // includeHiddenText: a run that is covered as a whole is kept, marked.
      if (markInstead && piece.start === 0 && piece.end === raw.length) Object.assign(piece.run.vn, { hidden: 'covered', visible: false });
      else piece.run.raw = raw.slice(0, piece.start) + ' ' + raw.slice(piece.end);
      dropped++;
    }
    return dropped;
  }

  /**
   * Marks actionable kept nodes whose visible centre lies under another element:
   * `covered` names the cover's actionable part (its id) or describes it.
   */
  markCoveredControls(kept: BuildNode[], doc: Document): void {
    if (!this.covers.length) return;
    const idOf = new Map<Element, BuildNode>();
    for (let i = 0; i < kept.length; i++) if (kept[i].ref && isElement(kept[i].ref)) idOf.set(kept[i].ref as Element, kept[i]);
    const vp = this.viewport;
    for (let i = 0; i < kept.length; i++) {
      const node = kept[i];
      const el = node.ref;
      if (!node.vn.actionable || !el || !isElement(el) || el.ownerDocument !== doc) continue;
      if (!(node.top < vp.bottom && node.bottom > vp.top)) continue;
      // A control drawn invisible is clicked through its stand-in (its label): test that.
      const target = (mayHaveStandIn(el) && standInFor(el)) || el;
      const r = target.getBoundingClientRect();
      if (!this.overlapsForeignCover(target, r)) continue;
      const point = visibleCentre(r, vp);
      if (!point) continue;
      const { kind, hit } = hitTest(target, point);
      if (kind !== 'other' || !hit) continue;
      node.vn.covered = describeCover(hit, el, kept, idOf);
    }
  }

  private overlapsForeignCover(el: Element, r: Box): boolean {
    for (let i = 0; i < this.covers.length; i++) {
      const c = this.covers[i];
      if (c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top && !c.el.contains(el)) return true;
    }
    return false;
  }
}

function visibleCentre(r: Box, vp: Box): Point | null {
  const left = Math.max(r.left, vp.left);
  const right = Math.min(r.right, vp.right);
  const top = Math.max(r.top, vp.top);
  const bottom = Math.min(r.bottom, vp.bottom);
  if (right - left <= 0 || bottom - top <= 0) return null;
  return { x: Math.floor((left + right) / 2), y: Math.floor((top + bottom) / 2) };
}

/** Hit tests at the centres of the text's first glyph boxes: covered when none reaches it. */
function textCovered(piece: Piece, perception: TextPerception): boolean {
  const rects = perception.glyphRects(piece.text);
  if (!rects || !rects.length) return false;
  let tested = 0;
  for (let i = 0; i < rects.length && tested < 3; i++) {
    const point = visibleCentre(rects[i], { left: 0, top: 0, right: Infinity, bottom: Infinity });
    if (!point) continue;
    tested++;
    const { kind, hit } = hitTest(piece.parent, point);
    if (kind !== 'other' || !hit || !paintsOpaque(hit, piece.parent)) return false;
  }
  return tested > 0;
}

const REPLACED = wordList('img video canvas iframe object embed picture');

/** Whether the cover (from the hit element up to where it meets the text's ancestors) hides what is under it. */
function paintsOpaque(hit: Element, under: Element): boolean {
  for (let cur: Element | null = hit; cur && !cur.contains(under); cur = cur.parentElement) {
    if (REPLACED.has(cur.localName) || cur.namespaceURI === 'http://www.w3.org/2000/svg') return true;
    const style = getStyle(cur);
    if (!style) continue;
    if (style.backgroundImage !== 'none') return true;
    const bg = parseColor(style.backgroundColor);
    if (bg && bg.a >= 0.8) return true;
  }
  return false;
}

/**
 * The cover's root (the outermost ancestor of the hit element that does not contain
 * the control), then: the actionable element that was hit, else the root's control
 * that dismisses it, its only control, or the root itself when it is actionable —
 * as an id; else the root's role and name.
 */
function describeCover(hit: Element, el: Element, kept: BuildNode[], idOf: Map<Element, BuildNode>): string {
  let root = hit;
  let hitPart: BuildNode | null = null;
  for (let cur: Element | null = hit; cur && !cur.contains(el); cur = cur.parentElement) {
    root = cur;
    const node = idOf.get(cur);
    if (!hitPart && node && node.vn.actionable && node.vn.node_id) hitPart = node;
  }
  if (hitPart) return hitPart.vn.node_id;
  let only: BuildNode | null = null;
  let count = 0;
  for (let i = 0; i < kept.length; i++) {
    const node = kept[i];
    if (!node.vn.actionable || !node.vn.node_id || !root.contains(node.ref as Element)) continue;
    count++;
    only = node;
    const name = node.vn.name ?? node.vn.text ?? '';
    if (DISMISS.test(name.trim())) return node.vn.node_id;
  }
  // The only control of a dialog or banner is the way out of it; of any other box it is not.
  if (count === 1 && only && overlayLike(root)) return only.vn.node_id;
  return describeRoot(root);
}

function overlayLike(el: Element): boolean {
  const role = el.getAttribute('role');
  if (role === 'dialog' || role === 'alertdialog' || el.localName === 'dialog' || el.getAttribute('aria-modal') === 'true') return true;
  const position = getStyle(el)?.position;
  return position === 'fixed' || position === 'sticky';
}

function describeRoot(root: Element): string {
  let role = '';
  let name = '';
  try {
    role = getRole(root) ?? '';
    name = (getAccessibleName(root, role || null) ?? '').replace(/\s+/g, ' ').trim();
  } catch {
    /* described by tag */
  }
  if (!role || role === 'generic' || role === 'none' || role === 'presentation') role = '<' + root.localName + '>';
  if (name.length > 40) name = name.slice(0, 39) + '…';
  return name ? `${role} "${name}"` : role;
}
