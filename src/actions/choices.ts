// select() and check()/uncheck(): the multi-step actions. A native select is set
// directly (it has no DOM popup a synthetic click could open); an ARIA combobox is
// opened and its option clicked like a person would; check/uncheck are
// idempotent and read the state back afterwards.
import type { ActionResult } from '../types';
import type { SnapshotLike } from './snapshot-source';
import type { TextTarget } from './text-target';
import { DomToolError, failureResult, msg, successResult } from './result';

import { clickSequence } from './pointer';
import { pressKey } from './keyboard';
import { parseKey } from './keys';
import { waitFor } from './wait';
import { typeIntoField, isTextField } from './typing';
import { checkEnabled, checkNotCrossOriginFrame, checkVisible } from './verify';
import { describeElement } from './describe';
import { checkedOf, inputType, isDisabled, isRendered, pressedOf, roleOf as roleOrNull } from '../semantics';
import {
  ariaOptionLabels,
  comboboxShows,
  findAriaOption,
  findListbox,
  findVisibleListbox,
  isAriaSelectable,
  isNativeSelect,
  listboxOptions,
  selectNative,
} from './select';
import type { ActionContext } from './context';
import { retarget } from './retarget';

function roleOf(el: Element): string {
  return roleOrNull(el) ?? '';
}

export async function runSelect(
  ctx: ActionContext,
  start: number,
  target: string | TextTarget,
  value: string | string[],
): Promise<ActionResult> {
  const wanted: string[] = typeof value === 'string' ? [value] : [];
  if (typeof value !== 'string') {
    const list = value as unknown as ArrayLike<unknown>;
    if (!list || typeof list.length !== 'number')
      throw new DomToolError('VALIDATION_ERROR', msg.invalidArg('option', 'an option label or value'));
    for (let i = 0; i < list.length; i++) if (typeof list[i] === 'string') wanted.push(list[i] as string);
  }
  if (!wanted.length) throw new DomToolError('VALIDATION_ERROR', msg.invalidArg('option', 'an option label or value'));
  const { element, snapshot, id } = await ctx.resolve(target);

  if (isNativeSelect(element)) {
    ctx.pointerTarget(element, id, snapshot);
    const watch = ctx.watch(element, snapshot);
    const changed = selectNative(element, wanted, id);
    const obs = await ctx.settle(watch);
    if (!changed) return successResult(start, obs.effect, [msg.alreadySelected(wanted.join(', '))]);
    // A controlled select whose page rejected the change snaps back: report it.
    for (let i = 0; i < wanted.length; i++) {
      const opts = element.selectedOptions;
      let ok = false;
      for (let j = 0; j < opts.length; j++)
        if (opts[j].value === wanted[i] || normalize(opts[j].label || opts[j].text) === normalize(wanted[i])) ok = true;
      if (!ok)
        return failureResult(
          start,
          new DomToolError('ACTION_FAILED', msg.selectDidNotStick(id, wanted[i])),
          obs.effect,
        );
    }
    return successResult(start, obs.effect);
  }

  if (roleOf(element) === 'option') return clickOption(ctx, start, element, element, wanted[0], id, snapshot);
  if (!isAriaSelectable(element)) return selectListedTarget(ctx, start, element, wanted[0], id, snapshot);
  const listbox = await openListbox(ctx, element, id, snapshot);
  let options = listboxOptions(listbox);
  let option = findAriaOption(options, wanted[0]);
  if (!option && isTextField(element)) {
    // Editable comboboxes filter as you type: type the label, then look again.
    typeIntoField(element, wanted[0], true);
    const found = await waitFor(
      element.ownerDocument,
      () => findAriaOption(listboxOptions(findVisibleListbox(element) ?? listbox), wanted[0]),
      ctx.host.effectWindowMs(),
    );
    if (found) option = found;
    options = listboxOptions(findVisibleListbox(element) ?? listbox);
  }
  if (!option) throw new DomToolError('VALIDATION_ERROR', msg.noOption(id, wanted[0], ariaOptionLabels(options)));
  return clickOption(ctx, start, element, option, wanted[0], id, snapshot);
}

/** Opens the popup of a combobox (click, then Alt+ArrowDown) and returns its visible listbox. */
async function openListbox(ctx: ActionContext, combo: Element, id: string, snapshot: SnapshotLike): Promise<Element> {
  if (roleOf(combo) === 'listbox') return combo;
  const own = findListbox(combo);
  if (own && isRendered(own) && listboxOptions(own).length) return own;
  // Popups are often portalled elsewhere: prefer the combobox's own listbox, else one that appeared.
  const before = visibleListboxes(combo);
  const appeared = () => {
    const mine = findListbox(combo);
    if (mine && isRendered(mine) && listboxOptions(mine).length) return mine;
    const now = visibleListboxes(combo);
    for (let i = now.length - 1; i >= 0; i--)
      if (before.indexOf(now[i]) < 0 && listboxOptions(now[i]).length) return now[i];
    return null;
  };
  const target = ctx.pointerTarget(combo, id, snapshot);
  clickSequence(target.dispatchTo, target.point, ctx.pointer);
  const wait = ctx.host.effectWindowMs();
  let listbox = await waitFor(combo.ownerDocument, appeared, wait);
  if (!listbox) {
    const key = parseKey('Alt+ArrowDown');
    if (key) pressKey(combo, key.def, key.mods);
    listbox = await waitFor(combo.ownerDocument, appeared, wait);
  }
  if (!listbox) throw new DomToolError('ACTION_FAILED', msg.listboxDidNotOpen(id));
  return listbox;
}

function visibleListboxes(combo: Element): Element[] {
  const out: Element[] = [];
  const root = combo.getRootNode() as Document | ShadowRoot;
  const all = root.querySelectorAll('[role="listbox"]');
  for (let i = 0; i < all.length; i++) if (isRendered(all[i])) out.push(all[i]);
  return out;
}

async function clickOption(
  ctx: ActionContext,
  start: number,
  combo: Element,
  option: Element,
  wanted: string,
  id: string,
  snapshot: SnapshotLike,
): Promise<ActionResult> {
  if (isDisabled(option)) throw new DomToolError('NOT_ACTIONABLE', msg.optionDisabled(id, wanted));
  const target = ctx.pointerTarget(option, id, snapshot);
  const watch = ctx.watch(combo, snapshot);
  clickSequence(target.dispatchTo, target.point, ctx.pointer);
  const obs = await ctx.settle(watch);
  if (combo !== option && !comboboxShows(combo, option, wanted)) {
    return failureResult(start, new DomToolError('ACTION_FAILED', msg.selectDidNotStick(id, wanted)), obs.effect);
  }
  return successResult(start, obs.effect);
}

/**
 * A custom container (a div dropdown, a delegated list) is no select, but its options
 * may be listed as targets inside it: pick the one whose text is the wanted option, as
 * a person would click it. Otherwise the error names the ids to click.
 */
async function selectListedTarget(
  ctx: ActionContext,
  start: number,
  container: Element,
  wanted: string,
  id: string,
  snapshot: SnapshotLike,
): Promise<ActionResult> {
  const listed = snapshot.targetsWithin ? snapshot.targetsWithin(id) : [];
  const w = normalize(wanted);
  for (let i = 0; i < listed.length; i++) {
    const option = snapshot.getElement(listed[i].id);
    if (!option || !option.isConnected || normalize(option.textContent ?? '') !== w) continue;
    const target = ctx.pointerTarget(option, listed[i].id, snapshot);
    const watch = ctx.watch(container, snapshot);
    clickSequence(target.dispatchTo, target.point, ctx.pointer);
    return ctx.finish(start, await ctx.settle(watch), `click on ${listed[i].id}`);
  }
  throw new DomToolError(
    'VALIDATION_ERROR',
    msg.notSelect(
      id,
      describeElement(container),
      wanted,
      listed.map((t) => t.line),
    ),
  );
}

function normalize(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

// ---- check / uncheck ---------------------------------------------------------

function isRadio(el: Element): boolean {
  const role = roleOf(el);
  return inputType(el) === 'radio' || role === 'radio' || role === 'menuitemradio';
}

/** On (checked, or pressed for a toggle button); mixed counts as not on. */
export function checkedStateOf(el: Element): boolean {
  const role = roleOrNull(el);
  return (checkedOf(el, role) ?? pressedOf(el, role)) === true;
}

export async function runCheck(
  ctx: ActionContext,
  start: number,
  on: string | TextTarget,
  wanted: boolean,
): Promise<ActionResult> {
  const { element, snapshot, id } = await ctx.resolve(on);
  const control = checkableTarget(element, id, snapshot, wanted);
  if (checkedStateOf(control) === wanted) {
    // Idempotent: a person would leave it alone.
    return successResult(start, { mutations: 0, checkedAfter: wanted }, [msg.alreadyInState(wanted)]);
  }
  const notes: string[] = [];
  const { at: target, viaLabel } = checkPointer(control, id, snapshot, (el) => ctx.pointerTarget(el, id, snapshot));
  if (viaLabel) notes.push(msg.clickedLabelInstead);
  const watch = ctx.watch(control, snapshot);
  clickSequence(target.dispatchTo, target.point, ctx.pointer);
  const obs = await ctx.settle(watch);
  const after = control.isConnected ? checkedStateOf(control) : !wanted;
  if (after !== wanted)
    return failureResult(start, new DomToolError('ACTION_FAILED', msg.checkDidNotStick(id, wanted)), obs.effect, notes);
  obs.effect.checkedAfter = after;
  return successResult(start, obs.effect, notes);
}

/** The control check()/uncheck() operates for `element`, verified as the action verifies it (A3); shared with inspect(). */
export function checkableTarget(element: Element, id: string, snapshot: SnapshotLike | null, wanted: boolean): Element {
  checkNotCrossOriginFrame(element, id);
  const control = retarget(element, 'check');
  if (!control) throw new DomToolError('VALIDATION_ERROR', msg.notCheckable(id, describeElement(element)));
  if (!wanted && isRadio(control)) throw new DomToolError('VALIDATION_ERROR', msg.radioUncheck(id));
  checkEnabled(control, id, snapshot);
  return control;
}

/** Whether a check's click is already done (a dry run says so instead of acting). */
export function alreadyChecked(control: Element, wanted: boolean): boolean {
  return checkedStateOf(control) === wanted;
}

/**
 * Where a check's click goes, verified by `verify` (the action's pointer check, or the
 * dry run's): the control, or its visible label when the control is drawn invisible.
 */
export function checkPointer<T>(
  control: Element,
  id: string,
  snapshot: SnapshotLike | null,
  verify: (el: Element) => T,
): { at: T; viaLabel: boolean } {
  try {
    return { at: verify(control), viaLabel: false };
  } catch (e) {
    // Custom-styled checkboxes hide the input and draw the label: click the label.
    const label = visibleLabel(control);
    if (!label) throw e;
    checkVisible(label, id, snapshot);
    return { at: verify(label), viaLabel: true };
  }
}

function visibleLabel(control: Element): Element | null {
  const labels = (control as HTMLInputElement).labels;
  if (labels) for (let i = 0; i < labels.length; i++) if (isRendered(labels[i])) return labels[i];
  const wrapping = control.closest('label');
  return wrapping && isRendered(wrapping) ? wrapping : null;
}
