// Event construction in the target element's own realm. An element inside an
// iframe must receive events built from that frame's constructors, otherwise
// `instanceof` checks in the page (and some framework internals) see a foreign
// event. Every event is composed so listeners outside shadow roots hear it.
import { windowOf } from '../dom/dom-utils';
import type { Point } from '../dom/geometry';
import type { KeyDef, Modifiers } from './keys';

type Win = Window & typeof globalThis;

function realm(el: Element): Win {
  return windowOf(el) ?? (globalThis as unknown as Win);
}

function modifierInit(mods: Modifiers | undefined): EventModifierInit {
  return { ctrlKey: !!mods?.ctrl, shiftKey: !!mods?.shift, altKey: !!mods?.alt, metaKey: !!mods?.meta };
}

export interface MouseOptions {
  point: Point;
  button?: number;
  buttons?: number;
  detail?: number;
  mods?: Modifiers;
  relatedTarget?: Element | null;
  /** Distance from the previous move (drag sequences; 0 otherwise). */
  movementX?: number;
  movementY?: number;
  /** Enter/leave events neither bubble nor cross shadow boundaries: they are dispatched on each element. */
  bubbles?: boolean;
}

function mouseInit(el: Element, o: MouseOptions, cancelable: boolean): MouseEventInit {
  const win = realm(el);
  const bubbles = o.bubbles !== false;
  return {
    bubbles,
    cancelable,
    composed: bubbles,
    view: win,
    detail: o.detail ?? 0,
    clientX: o.point.x,
    clientY: o.point.y,
    screenX: o.point.x + (win.screenX || 0),
    screenY: o.point.y + (win.screenY || 0),
    button: o.button ?? 0,
    buttons: o.buttons ?? 0,
    relatedTarget: o.relatedTarget ?? null,
    movementX: o.movementX ?? 0,
    movementY: o.movementY ?? 0,
    ...modifierInit(o.mods),
  };
}

const NOT_CANCELABLE: Record<string, true> = {
  mouseenter: true,
  mouseleave: true,
  pointerenter: true,
  pointerleave: true,
};

/** Dispatches a MouseEvent; returns false when the page called preventDefault. */
export function fireMouse(el: Element, type: string, o: MouseOptions): boolean {
  const win = realm(el);
  const init = mouseInit(el, o, NOT_CANCELABLE[type] !== true);
  return el.dispatchEvent(new win.MouseEvent(type, init));
}

/** Dispatches a PointerEvent for a mouse pointer (falls back to MouseEvent in old engines). */
export function firePointer(el: Element, type: string, o: MouseOptions): boolean {
  const win = realm(el);
  const init = mouseInit(el, o, NOT_CANCELABLE[type] !== true);
  if (typeof win.PointerEvent !== 'function') return el.dispatchEvent(new win.MouseEvent(type, init));
  const pressed = (o.buttons ?? 0) !== 0;
  return el.dispatchEvent(
    new win.PointerEvent(type, {
      ...init,
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      width: 1,
      height: 1,
      pressure: pressed ? 0.5 : 0,
    }),
  );
}

/** A DragEvent sharing `data` (one DataTransfer for a whole drag, or getData returns ""). */
export function fireDrag(el: Element, type: string, o: MouseOptions, data: DataTransfer): boolean {
  const win = realm(el);
  const init = { ...mouseInit(el, o, type !== 'dragleave' && type !== 'dragend'), dataTransfer: data };
  const Ctor = typeof win.DragEvent === 'function' ? win.DragEvent : win.MouseEvent;
  const event = new Ctor(type, init);
  if (!(event as DragEvent).dataTransfer) {
    try {
      win.Object.defineProperty(event, 'dataTransfer', { get: () => data });
    } catch {
      // Engines without DragEvent and a frozen event: the page sees no data.
    }
  }
  return el.dispatchEvent(event);
}

/** Keyboard event with the legacy keyCode/which/charCode fields many pages still read. */
export function fireKey(
  el: Element,
  type: 'keydown' | 'keypress' | 'keyup',
  def: KeyDef,
  mods: Modifiers | undefined,
  repeat = false,
): boolean {
  const win = realm(el);
  const charCode = type === 'keypress' ? keypressCharCode(def) : 0;
  const keyCode = type === 'keypress' ? charCode : def.keyCode;
  const init: KeyboardEventInit & { keyCode: number; which: number; charCode: number } = {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: win,
    key: def.key,
    code: def.code,
    location: def.location ?? 0,
    repeat,
    keyCode,
    which: keyCode,
    charCode,
    ...modifierInit(mods),
  };
  const event = new win.KeyboardEvent(type, init);
  // Engines that ignore the legacy init members: define them on the instance.
  if (event.keyCode !== keyCode) {
    try {
      win.Object.defineProperty(event, 'keyCode', { get: () => keyCode });
      win.Object.defineProperty(event, 'which', { get: () => keyCode });
      win.Object.defineProperty(event, 'charCode', { get: () => charCode });
    } catch {
      // Read-only in this engine; key/code are what modern code reads anyway.
    }
  }
  return dispatchWithoutEngineDefault(win, el, event);
}

/**
 * Dispatches a synthetic key event and returns whether the *page* left it uncancelled.
 * Our own emulation is the only default action: WebKit runs its default handlers for
 * untrusted key events too (Enter keypress submits the form or clicks the focused
 * button/summary with trusted events; Escape keydown closes a modal dialog a task
 * later), and Firefox follows a link on an untrusted Enter keypress — so every key
 * action would happen twice there. A window listener added last (it runs after the
 * page's listeners) records the page's decision, then cancels the event, which stops
 * the engine's default in all three engines. If the page stops propagation the
 * listener never runs and dispatchEvent's own answer is used.
 */
function dispatchWithoutEngineDefault(win: Window, el: Element, event: Event): boolean {
  let pageCancelled: boolean | null = null;
  const last = (e: Event) => {
    if (e !== event) return;
    pageCancelled = e.defaultPrevented;
    e.preventDefault();
  };
  win.addEventListener(event.type, last);
  let notCancelled: boolean;
  try {
    notCancelled = el.dispatchEvent(event);
  } finally {
    win.removeEventListener(event.type, last);
  }
  return pageCancelled === null ? notCancelled : !pageCancelled;
}

function keypressCharCode(def: KeyDef): number {
  if (def.key === 'Enter') return 13;
  return def.text ? def.text.charCodeAt(0) : 0;
}

/** beforeinput (cancelable) or input, as the editing pipeline fires them. */
export function fireInput(el: Element, type: 'beforeinput' | 'input', inputType: string, data: string | null): boolean {
  const win = realm(el);
  const init: InputEventInit = {
    bubbles: true,
    cancelable: type === 'beforeinput',
    composed: true,
    inputType,
    data,
    isComposing: false,
  };
  const event = typeof win.InputEvent === 'function' ? new win.InputEvent(type, init) : new win.Event(type, init);
  return el.dispatchEvent(event);
}

/** change / select / cancel … : plain Events. `change` bubbles but is not composed, like the browser's. */
export function fireEvent(el: Element, type: string, init: EventInit = { bubbles: true }): boolean {
  const win = realm(el);
  return el.dispatchEvent(new win.Event(type, init));
}

/** The value setter of the element's own prototype — what React/Vue value trackers do not intercept. */
export function nativeValueSetter(el: Element): ((this: Element, v: string) => void) | null {
  const win = realm(el);
  const proto =
    el.localName === 'textarea'
      ? win.HTMLTextAreaElement.prototype
      : el.localName === 'select'
        ? win.HTMLSelectElement.prototype
        : win.HTMLInputElement.prototype;
  const desc = win.Object.getOwnPropertyDescriptor(proto, 'value');
  return desc && typeof desc.set === 'function' ? (desc.set as (this: Element, v: string) => void) : null;
}

export function setNativeValue(el: Element, value: string): void {
  const setter = nativeValueSetter(el);
  if (setter) setter.call(el, value);
  else (el as HTMLInputElement).value = value;
}

/** A click as keyboard activation produces it (Enter/Space): detail 0, no pointer position. */
export function fireActivationClick(el: Element, mods?: Modifiers): boolean {
  const win = realm(el);
  const r = el.getBoundingClientRect();
  const point = { x: Math.floor(r.left + r.width / 2), y: Math.floor(r.top + r.height / 2) };
  const init = mouseInit(el, { point, detail: 0, mods }, true);
  const Ctor = typeof win.PointerEvent === 'function' ? win.PointerEvent : win.MouseEvent;
  return el.dispatchEvent(new Ctor('click', { ...init, pointerId: -1, pointerType: '' }));
}
