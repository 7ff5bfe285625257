// Pointer sequences (A2, seed 001 appendix A): hover = boundary events
// (out/leave from the previous element, over/enter into the new one) + move;
// click = hover + pointerdown/mousedown + focus + pointerup/mouseup + click.
// `preventDefault` is honoured where browsers honour it: a cancelled pointerdown
// suppresses the compatibility mouse events, a cancelled mousedown the focus move.
import { flatTreeParent } from '../dom/dom-utils';
import { fireMouse, firePointer } from './events';
import { mergeModifiers, normalizeModifiers, type Modifiers } from './keys';
import type { DialogOptions } from './dialog-options';
import { deepActiveElement } from '../semantics';
import type { Point } from '../dom/geometry';
import { focusTargetFor } from '../semantics';

/** Per-runner memory of the element under the (virtual) mouse, for boundary events. */
export class PointerState {
  private hovered: Element | null = null;

  get current(): Element | null {
    return this.hovered && this.hovered.isConnected ? this.hovered : null;
  }

  set(el: Element | null): void {
    this.hovered = el;
  }
}

/** `el` and its flat-tree ancestors, innermost first. */
function ancestry(el: Element): Element[] {
  const out: Element[] = [];
  for (let cur: Element | null = el, i = 0; cur && i < 10000; cur = flatTreeParent(cur), i++) out.push(cur);
  return out;
}

/** Moves the virtual mouse onto `target` at `point`: boundary events then pointermove/mousemove. */
export function hoverSequence(target: Element, point: Point, state: PointerState, mods?: Modifiers): void {
  const prev = state.current;
  if (prev !== target) {
    const newChain = ancestry(target);
    const oldChain = prev ? ancestry(prev) : [];
    if (prev) {
      const base = { point, mods, relatedTarget: target };
      firePointer(prev, 'pointerout', base);
      // leave: innermost first, for ancestors the pointer no longer is inside.
      for (let i = 0; i < oldChain.length; i++) {
        if (newChain.indexOf(oldChain[i]) >= 0) break;
        firePointer(oldChain[i], 'pointerleave', { ...base, bubbles: false });
      }
      fireMouse(prev, 'mouseout', base);
      for (let i = 0; i < oldChain.length; i++) {
        if (newChain.indexOf(oldChain[i]) >= 0) break;
        fireMouse(oldChain[i], 'mouseleave', { ...base, bubbles: false });
      }
    }
    const base = { point, mods, relatedTarget: prev };
    // enter: outermost first, for ancestors the pointer was not already inside.
    const entering: Element[] = [];
    for (let i = 0; i < newChain.length; i++) {
      if (oldChain.indexOf(newChain[i]) >= 0) break;
      entering.push(newChain[i]);
    }
    firePointer(target, 'pointerover', base);
    for (let i = entering.length - 1; i >= 0; i--)
      firePointer(entering[i], 'pointerenter', { ...base, bubbles: false });
    fireMouse(target, 'mouseover', base);
    for (let i = entering.length - 1; i >= 0; i--) fireMouse(entering[i], 'mouseenter', { ...base, bubbles: false });
    state.set(target);
  }
  firePointer(target, 'pointermove', { point, mods });
  fireMouse(target, 'mousemove', { point, mods });
}

export interface ClickOptions extends DialogOptions {
  button?: 'left' | 'middle' | 'right';
  clickCount?: number;
  mods?: Modifiers;
  /** Modifier keys held, by name as keypress takes them (Shift, Control, ControlOrMeta, Alt, Meta). */
  modifiers?: string[];
}

const BUTTON: Record<string, [number, number]> = { left: [0, 1], middle: [1, 4], right: [2, 2] };

/**
 * Full click at `point` on `target` (the deepest element under the point that belongs
 * to the requested element). Returns whether the click event was cancelled.
 */
export function clickSequence(
  target: Element,
  point: Point,
  state: PointerState,
  options: ClickOptions = {},
): { clickPrevented: boolean } {
  const [button, buttonsDown] = BUTTON[options.button ?? 'left'] ?? BUTTON.left;
  const mods = options.modifiers
    ? mergeModifiers(options.mods ?? {}, normalizeModifiers(options.modifiers))
    : options.mods;
  const count = Math.max(1, options.clickCount ?? 1);
  hoverSequence(target, point, state, mods);
  let clickPrevented = false;
  for (let n = 1; n <= count; n++) {
    const down = { point, mods, button, buttons: buttonsDown, detail: n };
    const up = { point, mods, button, buttons: 0, detail: n };
    const pointerDown = n === 1 ? firePointer(target, 'pointerdown', down) : true;
    let mouseDown = true;
    if (pointerDown) mouseDown = fireMouse(target, 'mousedown', down);
    if (mouseDown && n === 1) moveFocusForClick(target);
    if (n === count) firePointer(target, 'pointerup', up);
    if (pointerDown) fireMouse(target, 'mouseup', up);
    if (button === 0) {
      // In current Chromium, click is a PointerEvent.
      clickPrevented = !firePointer(target, 'click', up) || clickPrevented;
    } else if (button === 2) {
      fireMouse(target, 'contextmenu', up);
    } else {
      firePointer(target, 'auxclick', up);
    }
    if (n === 2 && button === 0) fireMouse(target, 'dblclick', up);
  }
  return { clickPrevented };
}

/** Focus moves to the nearest focusable ancestor of the click target, or leaves the focused element. */
function moveFocusForClick(target: Element): void {
  const focusable = focusTargetFor(target);
  const doc = target.ownerDocument;
  const active = deepActiveElement(doc);
  if (focusable) {
    if (active !== focusable) (focusable as HTMLElement).focus({ preventScroll: true });
  } else if (active && active !== doc.body && typeof (active as HTMLElement).blur === 'function') {
    // A click on nothing focusable blurs the focused field (its change/blur handlers run).
    (active as HTMLElement).blur();
  }
  endSelectionForClick(target);
}

/**
 * A press puts the caret where it lands, ending a selection elsewhere (the text a Tab
 * selected in a field, say). Left behind, it keeps Chromium's <label> from passing a
 * dispatched click on to its control. Not on what cannot be selected (user-select: none,
 * as toolbars are, which keep the selection they act on) nor inside the selection itself.
 */
function endSelectionForClick(target: Element): void {
  const sel = target.ownerDocument.getSelection?.();
  if (!sel || sel.type !== 'Range' || sel.containsNode(target, true)) return;
  const view = target.ownerDocument.defaultView;
  if (view && view.getComputedStyle(target).userSelect === 'none') return;
  sel.removeAllRanges();
}
