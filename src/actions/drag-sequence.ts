// Event sequences for drag and drop (A7), with the timing real libraries need.
// Facts this relies on (checked in Chromium, see shared notes):
//  - pointer-sensor libraries (dnd-kit…) ignore non-primary pointers and need
//    several moves after an activation distance, with renders in between: moves
//    are interpolated and the event loop runs between them;
//  - dispatched events ignore setPointerCapture, so moves and the release go to
//    the element that received pointerdown (as capture would route them);
//  - dispatched pointer events never start a native HTML5 drag: for draggable
//    sources the drag events are dispatched too, all sharing ONE DataTransfer;
//  - SortableJS needs a tick after dragstart and ignores dragover for ~30 ms
//    after each swap: the drop point is held for a while before the drop.
import { clearTimer, now, requestFrame, setTimer } from '../dom/builtins';
import { waitForQuiet } from '../settle/quiet';
import { fireDrag, fireMouse, firePointer } from './events';
import { hoverSequence, type PointerState } from './pointer';
import type { Point } from '../dom/geometry';
import { deepElementFromPoint, focusTargetFor } from '../semantics';
import { deepActiveElement } from './focus-order';

/** One frame, or 20 ms when frames do not run (background tabs). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimer(resolve, 20);
    requestFrame(() => {
      clearTimer(timer);
      resolve();
    });
  });
}

/**
 * Waits until none of `elements` moves between two frames (at most `timeoutMs`), as a
 * person waits for a list to stop sliding before grabbing an item (Playwright's "stable"
 * check does the same before a pointer action). Sortable lists animate their items into
 * place after a drop (dnd-kit: a transform transition of 250 ms); a press measured
 * mid-animation drags from, and drops at, places that are gone a moment later. Something
 * that never stops (a carousel) is measured where it is at the deadline.
 */
export async function untilStill(elements: Element[], timeoutMs = 1000): Promise<void> {
  const deadline = now() + timeoutMs;
  let last = boxesOf(elements);
  for (;;) {
    await nextFrame();
    const next = boxesOf(elements);
    if (next === last || now() > deadline) return;
    last = next;
  }
}

function boxesOf(elements: Element[]): string {
  let key = '';
  for (let i = 0; i < elements.length; i++) {
    const r = elements[i].getBoundingClientRect();
    key += `${r.left},${r.top},${r.width},${r.height};`;
  }
  return key;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimer(resolve, ms));
}

/** `steps` points from `from` (excluded) to `to` (included), rounded like a real mouse. */
export function interpolate(from: Point, to: Point, steps: number): Point[] {
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    out.push({ x: Math.round(from.x + (to.x - from.x) * t), y: Math.round(from.y + (to.y - from.y) * t) });
  }
  return out;
}

export interface DragReport {
  /** 'html5' when the pressed element was draggable (after the page's pointerdown handlers ran). */
  kind: 'pointer' | 'html5';
  /** The page cancelled pointerdown: compatibility mouse events were suppressed, as browsers do. */
  pointerDownPrevented: boolean;
  dragStartCancelled: boolean;
  /** HTML5: the last dragover was cancelled (the page accepts the drop there). */
  dropAccepted: boolean;
  /** HTML5: where drop (or the final dragleave) went. */
  dropTarget: Element | null;
}

/** The element a native drag starts from: the pressed element or its nearest draggable ancestor. */
export function draggableOf(el: Element): Element | null {
  for (let cur: Element | null = el, i = 0; cur && i < 8; cur = cur.parentElement, i++) {
    if ((cur as HTMLElement).draggable === true) return cur;
  }
  return null;
}

/**
 * Press at `from` on `down`, then either pointer moves to `to` and a release, or —
 * when the pressed element is draggable once the page handled the press (SortableJS
 * sets draggable in its pointerdown handler) — a native HTML5 drag.
 */
export async function dragSequence(
  down: Element,
  from: Point,
  to: Point,
  steps: number,
  state: PointerState,
  mode: 'auto' | 'pointer' | 'html5',
): Promise<DragReport> {
  hoverSequence(down, from, state);
  const pressed = { button: 0, buttons: 1 };
  // Cancelable, like the browser's: SortableJS prepares on a cancelable pointerdown.
  const pointerOk = firePointer(down, 'pointerdown', { point: from, ...pressed, detail: 1 });
  // A cancelled pointerdown suppresses the compatibility mouse events until pointerup.
  const mouse = pointerOk;
  if (mouse && fireMouse(down, 'mousedown', { point: from, ...pressed, detail: 1 })) focusFor(down);
  await nextFrame();
  const report: DragReport = {
    kind: 'pointer',
    pointerDownPrevented: !pointerOk,
    dragStartCancelled: false,
    dropAccepted: false,
    dropTarget: null,
  };
  const draggable = mode === 'pointer' ? null : draggableOf(down);
  if (draggable || mode === 'html5') {
    report.kind = 'html5';
    await html5Drag(down, draggable ?? down, from, to, steps, state, mouse, report);
    return report;
  }
  let prev = from;
  const move = (p: Point) => {
    const delta = { movementX: p.x - prev.x, movementY: p.y - prev.y };
    firePointer(down, 'pointermove', { point: p, button: -1, buttons: 1, ...delta });
    if (mouse) fireMouse(down, 'mousemove', { point: p, button: 0, buttons: 1, ...delta });
    prev = p;
  };
  for (const p of interpolate(from, to, steps)) {
    move(p);
    await nextFrame();
  }
  // Libraries re-measure after the first moves past their activation distance: two
  // more moves at the destination let collision detection catch up.
  move({ x: to.x + 1, y: to.y });
  await nextFrame();
  move(to);
  // Held until the page has shown where the item would land (a sortable list re-renders
  // its items when the item under the pointer changes): released before that render, a
  // library drops on the item it saw last (dnd-kit, under load, dropped one place short).
  await waitForQuiet([down.ownerDocument], null, { quietMs: 60, timeoutMs: 600, countStyle: true });
  firePointer(down, 'pointerup', { point: to, button: 0, buttons: 0 });
  if (mouse) fireMouse(down, 'mouseup', { point: to, button: 0, buttons: 0, detail: 1 });
  state.set(down);
  return report;
}

/**
 * Native drag and drop as the browser runs it after a press and a small move:
 * dragstart on the draggable, then drag + dragenter/dragover along the way, drop
 * where the last dragover was accepted, dragend on the source.
 */
async function html5Drag(
  down: Element,
  dragged: Element,
  from: Point,
  to: Point,
  steps: number,
  state: PointerState,
  mouse: boolean,
  report: DragReport,
): Promise<void> {
  const win = down.ownerDocument.defaultView;
  const data: DataTransfer =
    win && typeof win.DataTransfer === 'function' ? new win.DataTransfer() : new DataTransfer();
  const pressed = { button: 0, buttons: 1 };
  // The browser starts a drag after the mouse moved a few pixels.
  const nudge = { x: from.x + Math.sign(to.x - from.x) * 4, y: from.y + Math.sign(to.y - from.y) * 4 };
  firePointer(down, 'pointermove', {
    point: nudge,
    button: -1,
    buttons: 1,
    movementX: nudge.x - from.x,
    movementY: nudge.y - from.y,
  });
  if (mouse) fireMouse(down, 'mousemove', { point: nudge, button: 0, buttons: 1 });
  if (!fireDrag(dragged, 'dragstart', { point: nudge, ...pressed }, data)) {
    firePointer(down, 'pointerup', { point: nudge, button: 0, buttons: 0 });
    if (mouse) fireMouse(down, 'mouseup', { point: nudge, button: 0, buttons: 0, detail: 1 });
    report.dragStartCancelled = true;
    return;
  }
  // A native drag takes the pointer over: the pointer stream is cancelled.
  firePointer(down, 'pointercancel', { point: nudge, button: 0, buttons: 0 });
  await sleep(20);
  let current: Element | null = null;
  let accepted = false;
  const over = (p: Point) => {
    fireDrag(dragged, 'drag', { point: p, ...pressed }, data);
    const hit = hitAt(down, p);
    if (hit !== current) {
      if (hit) accepted = !fireDrag(hit, 'dragenter', { point: p, ...pressed, relatedTarget: current }, data);
      if (current) fireDrag(current, 'dragleave', { point: p, ...pressed, relatedTarget: hit }, data);
      current = hit;
    }
    if (current) accepted = !fireDrag(current, 'dragover', { point: p, ...pressed }, data);
  };
  for (const p of interpolate(nudge, to, steps)) {
    over(p);
    await nextFrame();
  }
  // Hold still at the drop point: several dragovers, past SortableJS's swap cooldown.
  for (let i = 0; i < 3; i++) {
    await sleep(40);
    over(to);
  }
  const dropTarget: Element | null = current;
  if (dropTarget && accepted) fireDrag(dropTarget, 'drop', { point: to, button: 0, buttons: 0 }, data);
  else if (dropTarget) fireDrag(dropTarget, 'dragleave', { point: to, button: 0, buttons: 0 }, data);
  if (!accepted) data.dropEffect = 'none';
  fireDrag(dragged, 'dragend', { point: to, button: 0, buttons: 0 }, data);
  state.set(dropTarget);
  report.dropAccepted = accepted;
  report.dropTarget = dropTarget;
}

/** Files dragged in from outside the page: dragenter/dragover on the zone, then drop. */
export async function dropFiles(
  zone: Element,
  point: Point,
  data: DataTransfer,
): Promise<{ accepted: boolean; dropTarget: Element }> {
  const target = hitAt(zone, point) ?? zone;
  const where = zone.contains(target) ? target : zone;
  let accepted = !fireDrag(where, 'dragenter', { point, buttons: 1 }, data);
  accepted = !fireDrag(where, 'dragover', { point, buttons: 1 }, data) || accepted;
  await nextFrame();
  accepted = !fireDrag(where, 'dragover', { point, buttons: 1 }, data);
  if (accepted) fireDrag(where, 'drop', { point, buttons: 0 }, data);
  else fireDrag(where, 'dragleave', { point, buttons: 0 }, data);
  return { accepted, dropTarget: where };
}

function hitAt(ref: Element, p: Point): Element | null {
  return deepElementFromPoint(ref.ownerDocument, p.x, p.y, ref);
}

function focusFor(target: Element): void {
  const focusable = focusTargetFor(target);
  if (focusable && deepActiveElement(target.ownerDocument) !== focusable)
    (focusable as HTMLElement).focus({ preventScroll: true });
}
