// inspect(target, kind): the dry run of an action (A6, issue 30). It resolves the target
// and goes through the same retarget and the same A3 checks the action `kind` makes
// before it dispatches — the functions themselves, not copies — without scrolling or
// acting, so a dry run and the action cannot disagree: hover-only items answer as their
// click would (through a hover over the trigger), a label's checkbox as check() would.
import type { InspectKind, InspectResult } from '../types';
import type { Point } from '../dom/geometry';
import { targetPoint } from '../dom/geometry';
import { getAriaStates, isFocusable, roleAndName } from '../semantics';
import { DomToolError, msg, toDomToolError } from './result';
import { describeElement } from './describe';
import { describeTextTarget, isTextTarget, type TextTarget } from './text-target';
import { hoverTriggerOf } from './hover-only';
import { retarget, type TypeTarget } from './retarget';
import { alreadyChecked, checkPointer, checkableTarget } from './choices';
import { checkEnabled, checkVisible } from './verify';
import type { SnapshotLike } from './snapshot-source';

/** The runner's own lookup and checks, lent to the dry run. */
export interface DryRunChecks {
  lookUp(target: string | TextTarget): Promise<{ element: Element; snapshot: SnapshotLike; id: string }>;
  verifyPointer(
    element: Element,
    standIn: Element,
    id: string,
    snapshot: SnapshotLike | null,
    scroll: boolean,
  ): Point | null;
  editableTarget(element: Element, into: TypeTarget | null, id: string, snapshot: SnapshotLike | null): Element;
}

export async function inspectTarget(
  runner: DryRunChecks,
  target: string | TextTarget,
  kind: InspectKind,
): Promise<InspectResult> {
  let element: Element;
  let snapshot: SnapshotLike;
  let id: string;
  try {
    // Not resolve(): inspect is no action, the running action's baseline and secrets stay.
    ({ element, snapshot, id } = await runner.lookUp(target));
  } catch (e) {
    return {
      ok: false,
      id: isTextTarget(target) ? describeTextTarget(target) : String(target),
      found: false,
      actionable: false,
      error: errorOf(toDomToolError(e, 'inspect')),
    };
  }
  const out: InspectResult = { ok: false, id, found: true, actionable: false, tag: element.localName };
  try {
    const { role, name } = roleAndName(element);
    if (role) out.role = role;
    if (name) out.name = name;
    out.states = getAriaStates(element, role || null);
    const r = element.getBoundingClientRect();
    out.box = { x: Math.round(r.left), y: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) };
    const notes: string[] = [];
    const point = dryRun(runner, kind, element, id, snapshot, notes);
    out.inViewport = point !== null;
    if (!point) notes.push(msg.inspectNeedsScroll);
    if (notes.length) out.notes = notes;
    out.actionable = true;
    out.ok = true;
  } catch (e) {
    out.error = errorOf(toDomToolError(e, 'inspect'));
  }
  return out;
}

/**
 * The checks an action of `kind` makes before dispatching, in its order. Returns the point
 * the pointer would land on (null: outside the viewport, the action scrolls first); throws
 * what the action would return.
 */
function dryRun(
  runner: DryRunChecks,
  kind: InspectKind,
  element: Element,
  id: string,
  snapshot: SnapshotLike | null,
  notes: string[],
): Point | null {
  const pointer = (el: Element): Point | null => runner.verifyPointer(el, retarget(el, 'pointer'), id, snapshot, false);
  switch (kind) {
    case 'click': {
      // Hover-only content: the click hovers its trigger first (hover-only.ts), and the trigger is what is verified.
      const trigger = hoverTriggerOf(element);
      if (!trigger) return pointer(element);
      notes.push(msg.inspectThroughHover(describeElement(trigger, snapshot)));
      return pointer(trigger);
    }
    case 'hover':
      return pointer(element);
    case 'type':
    case 'clear': {
      const into = retarget(element, 'type');
      // An ARIA slider (typed as a value) and a code editor are verified as pointer targets (slider.ts, editors.ts).
      if (into?.kind === 'slider' && kind === 'type') return pointer(into.el);
      if (into?.kind === 'code') return pointer(into.editor.root);
      const field = runner.editableTarget(element, into?.kind === 'slider' ? null : into, id, snapshot);
      if (field !== element) notes.push(msg.inspectOperates(describeElement(field, snapshot)));
      return pointer(field);
    }
    case 'check':
    case 'uncheck': {
      const wanted = kind === 'check';
      const control = checkableTarget(element, id, snapshot, wanted);
      // Already so: the action does nothing, and checks nothing more.
      if (alreadyChecked(control, wanted)) {
        notes.push(msg.alreadyInState(wanted));
        return targetPoint(control);
      }
      const { at, viaLabel } = checkPointer(control, id, snapshot, pointer);
      if (viaLabel) notes.push(msg.clickedLabelInstead);
      return at;
    }
    case 'focus':
      checkVisible(element, id, snapshot);
      checkEnabled(element, id, snapshot);
      if (!isFocusable(element))
        throw new DomToolError('NOT_ACTIONABLE', msg.notFocusable(id, describeElement(element)));
      return targetPoint(element);
  }
}

function errorOf(e: DomToolError): NonNullable<InspectResult['error']> {
  return { code: e.code, message: e.message, recoverable: e.recoverable };
}
