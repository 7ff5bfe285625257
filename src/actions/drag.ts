// drag(sourceId, destination, options) (A7). Resolves and verifies both ends like
// a click would (A3), runs a pointer sequence — or native HTML5 drag events when
// the source is draggable — and then reports what MOVED, observed in the page
// (list position, parent, box, slider value, drop target content). A drag after
// which nothing moved is a failure, never a plain success (A4).
import type { ActionResult } from '../types';
import { normalizeWhitespace } from '../dom/dom-utils';
import type { SnapshotLike } from './resolve';
import type { ActionContext } from './context';
import { DomToolError, failureResult, successResult } from './result';

import { containsPoint, scrollIntoViewIfNeeded, targetPoint, viewportOf, type Point } from '../dom/geometry';
import { checkHitTarget, checkNotCrossOriginFrame, checkVisible } from './verify';
import { describeElement } from './describe';
import { dragSequence, untilStill, type DragReport } from './drag-sequence';
import { isNativeRange, rangeValueAt, setRangeValue, sliderValue } from './slider';
import { retarget } from './retarget';
import { isTextTarget, type TextTarget } from './text-target';

/**
 * A node id; the text the agent read (A9: a drop zone or a column title with no id of its
 * own, issue 21 item 3), resolved like click({ text }); a viewport point; an offset.
 */
export type DragDestination = string | TextTarget | { x: number; y: number } | { dx: number; dy: number };

export interface DragOptions {
  /** Interpolated moves between press and release (default 10). */
  steps?: number;
  /** Where inside a destination element to drop (default 'center'). */
  position?: 'before' | 'after' | 'center';
  /** 'auto' (default): HTML5 drag events when the source is draggable, else pointer events. */
  mode?: 'auto' | 'pointer' | 'html5';
}

const dragMsg = {
  badDestination:
    'Invalid destination: expected a node id, { text }, { x, y } (viewport pixels) or { dx, dy } (pixels from the source).',
  otherFrame: (src: string, dst: string) => `${src} and ${dst} are in different frames; a drag cannot cross frames.`,
  offscreen: (what: string) =>
    `The drop point (${what}) is outside the viewport. Scroll so that both ends are visible, or use a closer destination.`,
  notBoth: (src: string, dst: string) =>
    `${src} and ${dst} cannot be in view at the same time, so a person could not drag between them. Scroll the list or drag in steps.`,
  nothingMoved: (src: string, dst: string, why: string) =>
    `Dragged ${src} to ${dst}, but nothing moved: no change of its place in the page, its position, a slider value or the drop target.${why} The page may ignore synthetic (untrusted) drag events, or need a different drop point (try position "before"/"after", or more steps).`,
  dragStartCancelled: ' The page cancelled dragstart (it does not allow dragging this element).',
  dropRefused: (where: string) =>
    ` No dragover was accepted at the drop point (${where}), so the browser would not drop there.`,
};

/** Where an element sits: parent and index, for the source and a few ancestors (handles move with their row). */
interface Placement {
  el: Element;
  parent: Element | null;
  index: number;
  count: number;
}

interface Before {
  placements: Placement[];
  x: number;
  y: number;
  text: string;
  slider: Element | null;
  sliderValue: string | null;
  destText: string | null;
  destChildren: number;
}

function placementsOf(el: Element): Placement[] {
  const out: Placement[] = [];
  for (let cur: Element | null = el, i = 0; cur && i < 4; cur = cur.parentElement, i++) {
    const parent = cur.parentElement;
    out.push({
      el: cur,
      parent,
      index: parent ? indexIn(parent, cur) : 0,
      count: parent ? parent.childElementCount : 1,
    });
    if (!parent || parent === cur.ownerDocument.body) break;
  }
  return out;
}

function indexIn(parent: Element, child: Element): number {
  let i = 0;
  for (let c = parent.firstElementChild; c; c = c.nextElementSibling, i++) if (c === child) return i;
  return -1;
}

function pageBox(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  const win = el.ownerDocument.defaultView;
  return { x: r.left + (win ? win.scrollX : 0), y: r.top + (win ? win.scrollY : 0) };
}

function textOf(el: Element): string {
  return normalizeWhitespace(el.textContent ?? '').slice(0, 200);
}

function snapshotBefore(source: Element, dest: Element | null): Before {
  const box = pageBox(source);
  const slider = retarget(source, 'slider');
  return {
    placements: placementsOf(source),
    x: box.x,
    y: box.y,
    text: textOf(source),
    slider,
    sliderValue: slider ? sliderValue(slider) : null,
    destText: dest ? textOf(dest) : null,
    destChildren: dest ? dest.childElementCount : 0,
  };
}

/** What moved, in words an agent can check; null when nothing did. */
function whatMoved(
  source: Element,
  dest: Element | null,
  before: Before,
  snapshot: SnapshotLike | null,
): string | null {
  if (before.slider && before.slider.isConnected) {
    const v = sliderValue(before.slider);
    if (v !== before.sliderValue)
      return `the slider value changed from ${before.sliderValue ?? '(none)'} to ${v ?? '(none)'}`;
  }
  if (source.isConnected) {
    for (const p of before.placements) {
      if (!p.el.isConnected) continue;
      const parent = p.el.parentElement;
      const who = p.el === source ? 'the dragged element' : `the dragged element's ${describeElement(p.el)}`;
      if (parent !== p.parent && parent) {
        return `${who} moved into ${describeElement(parent, snapshot)} (position ${indexIn(parent, p.el) + 1} of ${parent.childElementCount})`;
      }
      if (parent && indexIn(parent, p.el) !== p.index) {
        return `${who} moved from position ${p.index + 1} to ${indexIn(parent, p.el) + 1} of ${parent.childElementCount} in ${describeElement(parent, snapshot)}`;
      }
    }
    const box = pageBox(source);
    const dx = Math.round(box.x - before.x);
    const dy = Math.round(box.y - before.y);
    if (Math.abs(dx) > 2 || Math.abs(dy) > 2)
      return `the dragged element moved by ${dx}px horizontally and ${dy}px vertically`;
  } else if (before.text) {
    // Re-rendered elsewhere (a card moved to another column is a new element).
    const copy =
      findByText(dest ?? source.ownerDocument.body, before.text) ?? findByText(source.ownerDocument.body, before.text);
    if (copy && copy.parentElement) {
      const parent = copy.parentElement;
      return `the dragged element ("${before.text.slice(0, 60)}") was re-rendered in ${describeElement(parent, snapshot)} (position ${indexIn(parent, copy) + 1} of ${parent.childElementCount})`;
    }
    return `the dragged element ("${before.text.slice(0, 60)}") was removed from the page`;
  }
  if (
    dest &&
    dest.isConnected &&
    (textOf(dest) !== before.destText || dest.childElementCount !== before.destChildren)
  ) {
    return `the drop target changed; it now reads "${textOf(dest).slice(0, 80)}"`;
  }
  return null;
}

/** The outermost element whose whole text is `text` (a re-rendered card), searched under `root`. */
function findByText(root: Element | null, text: string): Element | null {
  if (!root) return null;
  const all = root.getElementsByTagName('*');
  for (let i = 0; i < all.length && i < 20000; i++) {
    if (textOf(all[i]) === text) return all[i];
  }
  return null;
}

function validPoint(v: unknown): v is { x: number; y: number } {
  const o = v as { x?: unknown; y?: unknown };
  return (
    !!o && typeof o === 'object' && typeof o.x === 'number' && typeof o.y === 'number' && isFinite(o.x) && isFinite(o.y)
  );
}

function validDelta(v: unknown): v is { dx: number; dy: number } {
  const o = v as { dx?: unknown; dy?: unknown };
  return (
    !!o &&
    typeof o === 'object' &&
    typeof o.dx === 'number' &&
    typeof o.dy === 'number' &&
    isFinite(o.dx) &&
    isFinite(o.dy)
  );
}

/** Point inside `el` for the requested position, along the axis its siblings are laid out on. */
function dropPoint(el: Element, centre: Point, position: DragOptions['position']): Point {
  if (!position || position === 'center') return centre;
  const r = el.getBoundingClientRect();
  const sib = el.nextElementSibling ?? el.previousElementSibling;
  let horizontal = false;
  if (sib) {
    const s = sib.getBoundingClientRect();
    const overlapsX = s.left < r.right && s.right > r.left;
    horizontal = !overlapsX && (s.left >= r.right || s.right <= r.left);
  }
  const f = position === 'before' ? 0.2 : 0.8;
  return horizontal
    ? { x: Math.round(r.left + r.width * f), y: centre.y }
    : { x: centre.x, y: Math.round(r.top + r.height * f) };
}

function inViewport(el: Element, p: Point): boolean {
  return containsPoint(viewportOf(el.ownerDocument), p);
}

export async function runDrag(
  ctx: ActionContext,
  start: number,
  sourceTarget: string | TextTarget,
  destination: DragDestination,
  options: DragOptions = {},
): Promise<ActionResult> {
  const steps = options.steps === undefined ? 10 : options.steps;
  if (typeof steps !== 'number' || !(steps >= 1 && steps <= 200))
    throw new DomToolError('VALIDATION_ERROR', 'Invalid steps: expected a number from 1 to 200.');
  const position = options.position;
  if (position !== undefined && position !== 'before' && position !== 'after' && position !== 'center') {
    throw new DomToolError('VALIDATION_ERROR', 'Invalid position: expected "before", "after" or "center".');
  }
  const mode = options.mode ?? 'auto';
  if (mode !== 'auto' && mode !== 'pointer' && mode !== 'html5')
    throw new DomToolError('VALIDATION_ERROR', 'Invalid mode: expected "auto", "pointer" or "html5".');
  const toElement = typeof destination === 'string' || isTextTarget(destination);
  if (!toElement && !validPoint(destination) && !validDelta(destination))
    throw new DomToolError('VALIDATION_ERROR', dragMsg.badDestination);

  const { element: source, snapshot, id: sourceId } = await ctx.resolve(sourceTarget);
  let dest: Element | null = null;
  let destLabel = '';
  // How messages name the destination: its id, or `text "Done"`.
  let destName = '';
  if (toElement) {
    const resolved = await ctx.resolvePointer(destination);
    dest = resolved.element;
    destName = resolved.label;
    checkNotCrossOriginFrame(dest, destName);
    checkVisible(dest, destName, snapshot);
    if (dest.ownerDocument !== source.ownerDocument)
      throw new DomToolError('VALIDATION_ERROR', dragMsg.otherFrame(sourceId, destName));
    destLabel = `${describeElement(dest, snapshot)}${position && position !== 'center' ? ` (${position})` : ''}`;
  }
  // Both ends are measured once they stop moving (items still sliding after an earlier drop).
  await untilStill(dest ? [source, dest] : [source]);
  let from = ctx.pointerTarget(source, sourceId, snapshot);
  let to: Point;
  if (dest) {
    let centre = targetPoint(dest);
    if (!centre) {
      scrollIntoViewIfNeeded(dest);
      centre = targetPoint(dest);
      // Both ends must be on screen at once: re-check the source after scrolling.
      try {
        from = ctx.pointerTarget(source, sourceId, snapshot);
      } catch {
        throw new DomToolError('NOT_ACTIONABLE', dragMsg.notBoth(sourceId, destName));
      }
      if (!centre || !targetPoint(dest)) throw new DomToolError('NOT_ACTIONABLE', dragMsg.notBoth(sourceId, destName));
    }
    to = dropPoint(dest, centre, position);
    checkHitTarget(dest, to, destName, snapshot);
  } else if (validPoint(destination)) {
    to = { x: Math.round(destination.x), y: Math.round(destination.y) };
    destLabel = `(${to.x}, ${to.y})`;
  } else {
    const d = destination as { dx: number; dy: number };
    to = { x: Math.round(from.point.x + d.dx), y: Math.round(from.point.y + d.dy) };
    destLabel = `${Math.round(d.dx)}px right, ${Math.round(d.dy)}px down`;
  }
  if (!inViewport(source, to)) throw new DomToolError('NOT_ACTIONABLE', dragMsg.offscreen(destLabel));

  const srcLabel = describeElement(source, snapshot);
  const before = snapshotBefore(source, dest);
  const watch = ctx.watch(source, snapshot);
  const notes: string[] = [];
  let report: DragReport;
  if (isNativeRange(source)) {
    // The thumb of a native range ignores synthetic pointers: the pointer events
    // still go out (pages listen to them), and the value follows the thumb position.
    report = await dragSequence(from.dispatchTo, from.point, to, Math.min(steps, 4), ctx.pointer, 'pointer');
    setRangeValue(source, rangeValueAt(source, to));
  } else {
    report = await dragSequence(from.dispatchTo, from.point, to, steps, ctx.pointer, mode);
  }
  if (report.pointerDownPrevented)
    notes.push('The page cancelled pointerdown, so (as in browsers) no compatibility mouse events were sent.');
  const html5 = report.kind === 'html5' ? report : null;
  const obs = await ctx.settle(watch);
  const moved = whatMoved(source, dest, before, snapshot);
  if (!moved) {
    let why = '';
    if (html5?.dragStartCancelled) why = dragMsg.dragStartCancelled;
    else if (html5 && !html5.dropAccepted)
      why = dragMsg.dropRefused(html5.dropTarget ? describeElement(html5.dropTarget, snapshot) : destLabel);
    return failureResult(
      start,
      new DomToolError('ACTION_FAILED', dragMsg.nothingMoved(srcLabel, destLabel || 'the destination', why)),
      obs.effect,
      notes,
    );
  }
  obs.effect.moved = moved;
  if (html5)
    notes.push(
      `Used HTML5 drag and drop events (the source is draggable)${html5.dropAccepted ? '' : '; the drop point did not accept the drop'}.`,
    );
  return successResult(start, obs.effect, notes);
}
