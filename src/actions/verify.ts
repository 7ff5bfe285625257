// Verify before act (A3): connected, visible, enabled, not inert, and — for pointer
// actions — not obscured: the element hit at the target point (shadow roots and
// same-origin frames pierced) must be the element or inside it. Failures throw a
// DomToolError that names what a person would see instead.
import { frameElementOf, toParentFramePoint, type Point } from '../dom/geometry';
import { deepElementFromPoint, hitTest, pointerReaches } from '../semantics/hit-test';
import { disabledReason, isInert, isOperable } from '../semantics';
import { describeCovering, describeElement } from './describe';
import { DomToolError, msg } from './result';
import type { SnapshotLike } from './snapshot-source';

/** Same-origin check for frame placeholders: an <iframe> whose document we cannot reach. */
export function checkNotCrossOriginFrame(el: Element, id: string): void {
  const tag = el.localName;
  if (tag !== 'iframe' && tag !== 'frame') return;
  let doc: Document | null = null;
  try {
    doc = (el as HTMLIFrameElement).contentDocument;
  } catch {
    doc = null;
  }
  if (!doc) throw new DomToolError('CROSS_ORIGIN', msg.crossOrigin(id));
}

export function checkVisible(el: Element, id: string, _snapshot: SnapshotLike | null): void {
  if (!isOperable(el)) {
    throw new DomToolError('NOT_ACTIONABLE', msg.notVisible(id, describeElement(el)));
  }
}

export function checkEnabled(el: Element, id: string, _snapshot: SnapshotLike | null): void {
  const why = disabledReason(el);
  if (why) throw new DomToolError('NOT_ACTIONABLE', msg.disabled(id, describeElement(el), why));
  if (isInert(el)) throw new DomToolError('NOT_ACTIONABLE', msg.inert(id, describeElement(el)));
}

/**
 * Hit test at `point` (client coordinates of the element's frame). Throws OBSCURED
 * naming the covering element. Frames are checked outward: the iframe itself must
 * not be covered in its parent document either.
 */
export function checkHitTarget(el: Element, point: Point, id: string, snapshot: SnapshotLike | null): void {
  const { kind, hit } = hitTest(el, point);
  if (pointerReaches(kind)) {
    checkFrameHit(el, point, id, snapshot);
    return;
  }
  if (!hit) throw new DomToolError('NOT_ACTIONABLE', msg.offViewport(id, describeElement(el)));
  throw new DomToolError('OBSCURED', msg.obscured(id, describeElement(el), describeCovering(hit, snapshot)));
}

function checkFrameHit(el: Element, point: Point, id: string, snapshot: SnapshotLike | null): void {
  const frame = frameElementOf(el);
  if (!frame) return;
  const outer = toParentFramePoint(frame, point);
  const hit = deepElementFromPoint(frame.ownerDocument, outer.x, outer.y);
  if (hit === frame) {
    checkFrameHit(frame, outer, id, snapshot);
    return;
  }
  if (!hit) return;
  throw new DomToolError('OBSCURED', msg.obscured(id, describeElement(el), describeCovering(hit, snapshot)));
}
