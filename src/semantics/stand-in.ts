// Native controls under a custom look (issue 8): a checkbox, radio or select drawn
// invisible — opacity 0 over a drawn circle (TodoMVC), clipped away or given
// pointer-events:none inside a clickable <label for> (Bootstrap's checkable list
// group), zero-size inside a switch — is still the control a person operates. One
// answer for both layers: the snapshot lists the control with its state, and an
// action clicks its stand-in, the thing a person would click.
import { getRect, getStyle } from '../dom/caches';
import { faded, hasBox, hasClickableBox } from './visibility';

/** Tags whose native control may be drawn invisible and operated through a stand-in. */
export function mayHaveStandIn(el: Element): boolean {
  const tag = el.localName;
  return tag === 'select' || (tag === 'input' && (el as HTMLInputElement).type !== 'hidden');
}

/**
 * The element takes no click on its own box: no box, clipped to nothing, or pointer-events:none.
 * `box` is its border box when the caller has read it already (the walk has).
 */
export function cannotTakeClick(el: Element, style: CSSStyleDeclaration, box: DOMRect | null = null): boolean {
  if (style.pointerEvents === 'none') return true;
  if (!hasBox(box ?? getRect(el))) return true;
  // clip applies to absolutely positioned boxes; sr-only / Bootstrap use rect(0 0 0 0).
  const clip = style.clip;
  return !!clip && clip !== 'auto' && /^rect\(0(?:px)?,? 0(?:px)?,? 0(?:px)?,? 0(?:px)?\)$/.test(clip);
}

/** A label a person can click: rendered, with a box, reachable by the pointer. */
function clickableLabel(label: Element): boolean {
  const style = getStyle(label);
  if (
    !style ||
    style.display === 'none' ||
    style.visibility !== 'visible' ||
    style.pointerEvents === 'none' ||
    faded(style)
  )
    return false;
  return hasClickableBox(getRect(label));
}

/**
 * What a person clicks to operate `control`: the control itself when it can take the
 * click (also at opacity 0: it still receives the pointer), else its first clickable
 * label; null when there is neither (a control nobody can reach).
 */
export function standInFor(
  control: Element,
  style: CSSStyleDeclaration | null = getStyle(control),
  box: DOMRect | null = null,
): Element | null {
  if (!style || style.display === 'none' || style.visibility !== 'visible') return null;
  if (!cannotTakeClick(control, style, box)) return control;
  let labels: NodeListOf<HTMLLabelElement> | null = null;
  try {
    labels = (control as HTMLInputElement).labels;
  } catch {
    labels = null;
  }
  if (labels) for (let i = 0; i < labels.length; i++) if (clickableLabel(labels[i])) return labels[i];
  return null;
}

/**
 * Where a pointer operates `el`: the stand-in of a native control drawn invisible, else
 * the element itself. The snapshot's covers test this element and the action clicks it.
 */
export function pointerTargetOf(el: Element): Element {
  return (mayHaveStandIn(el) && standInFor(el)) || el;
}
