// The one hit test of the library: what a pointer at a point would reach, compared
// with the element we care about. The action layer's OBSCURED check (A3) and the
// snapshot's covered controls / covered text (S13, S14) both ask it, so the snapshot
// never promises a click the action layer would refuse, nor the other way round.
import { flatTreeParent, parentElementOrHost } from '../dom/dom-utils';
import type { Point } from '../dom/geometry';

/**
 * Element at a point, descending into open shadow roots — and into the shadow roots
 * that contain `target`, even closed ones: `.shadowRoot` is null for a closed root,
 * but the target's own root chain is reachable from the target (getRootNode), which
 * is how a content script acts inside roots opened with chrome.dom.openOrClosedShadowRoot.
 */
export function deepElementFromPoint(
  root: Document | ShadowRoot,
  x: number,
  y: number,
  target?: Element,
): Element | null {
  let hit = root.elementFromPoint(x, y);
  for (let i = 0; hit && i < 32; i++) {
    let shadow: ShadowRoot | null = hit.shadowRoot;
    for (let r = target?.getRootNode(); !shadow && r && r.nodeType === 11; r = (r as ShadowRoot).host.getRootNode()) {
      if ((r as ShadowRoot).host === hit) shadow = r as ShadowRoot;
    }
    if (!shadow) break;
    const inner = shadow.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** True when `inner` is `outer` or inside it in the flat tree (slots and shadow roots followed). */
export function composedContains(outer: Element, inner: Element): boolean {
  for (let cur: Element | null = inner, i = 0; cur && i < 10000; i++) {
    if (cur === outer) return true;
    cur = flatTreeParent(cur);
  }
  // Light-DOM containment also counts (content slotted elsewhere is still inside).
  return outer.contains(inner);
}

/** A click on a <label> reaches the control it labels. */
function labelTargets(hit: Element, el: Element): boolean {
  for (let cur: Element | null = hit; cur; cur = parentElementOrHost(cur)) {
    if (cur.localName === 'label') return (cur as HTMLLabelElement).control === el;
  }
  return false;
}

/**
 * - target: the pointer reaches the element (itself, a descendant, or a label of it);
 * - ancestor: it reaches an ancestor instead (the element lets pointers through:
 *   pointer-events:none) — nothing covers it;
 * - other: another element lies on top;
 * - nothing: the point is outside the viewport (or the document is not rendered).
 */
export type HitKind = 'target' | 'ancestor' | 'other' | 'nothing';

export interface Hit {
  kind: HitKind;
  hit: Element | null;
}

/**
 * Whether a pointer at the point operates the element: it reaches the element (or a label
 * of it), or an ancestor whose box holds it — the element's own box, not another element
 * (a link under its list item's overlay, a control below its card's ::before). Only
 * 'other' is a cover. The action's A3 check and the snapshot's covers both judge by this.
 */
export function pointerReaches(kind: HitKind): boolean {
  return kind === 'target' || kind === 'ancestor';
}

/** Hit test at `point` (client coordinates of the element's own frame). */
export function hitTest(el: Element, point: Point): Hit {
  let hit: Element | null = null;
  try {
    hit = deepElementFromPoint(el.ownerDocument, point.x, point.y, el);
  } catch {
    hit = null;
  }
  if (!hit) return { kind: 'nothing', hit: null };
  if (composedContains(el, hit) || labelTargets(hit, el)) return { kind: 'target', hit };
  if (composedContains(hit, el)) return { kind: 'ancestor', hit };
  return { kind: 'other', hit };
}
