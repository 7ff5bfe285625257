// Sliders: native <input type=range> and ARIA role=slider widgets.
// A dispatched pointer sequence never moves a native range thumb (the browser's
// own slider handling ignores untrusted events), so drag and type on a native
// range set the value the thumb position means, through the native setter plus
// input/change — what the browser's own slider does. ARIA sliders get the real
// pointer sequence (drag) or arrow keys (type a number), read back from aria-valuenow.
import { fireEvent, fireInput, setNativeValue } from './events';
import { pressKey } from './keyboard';
import { editingHostOf, isTextField } from './typing';
import { parseKey, type KeyDef, type Modifiers } from './keys';
import { getRole, inputType } from '../semantics';
import type { Point } from '../dom/geometry';
import { nextFrame } from './drag-sequence';
import type { ActionResult } from '../types';
import type { ActionContext } from './context';
import type { SnapshotLike } from './resolve';
import { DomToolError, cut, failureResult, successResult } from './result';
import { isDrawnHandle, typeIntoHandle } from './handle-slider';

/**
 * Frameworks render key handlers' state in a microtask (React) or a frame; a busy page a
 * few frames later (antd's slider fell one value behind its own state under load, and the
 * loop stopped as if the slider had reached its end). Wait up to a few frames, no longer.
 */
async function valueAfterPress(slider: Element, before: number): Promise<number> {
  await Promise.resolve();
  let v = num(sliderValue(slider), before);
  for (let frame = 0; v === before && frame < 6; frame++) {
    await nextFrame();
    v = num(sliderValue(slider), before);
  }
  return v;
}

export function isNativeRange(el: Element): el is HTMLInputElement {
  return inputType(el) === 'range';
}

export function isAriaSlider(el: Element): boolean {
  try {
    return getRole(el) === 'slider' && !isNativeRange(el);
  } catch {
    return false;
  }
}

/**
 * A value widget set with arrow keys: an ARIA slider, or an ARIA spinbutton drawn without
 * a text field (a toolbar's "Font size 14 Point" div). An <input role=spinbutton> or an
 * editable one takes typed text instead.
 */
export function isKeyedValueWidget(el: Element): boolean {
  if (isAriaSlider(el) || isDrawnHandle(el)) return true;
  try {
    return getRole(el) === 'spinbutton' && !isTextField(el) && !editingHostOf(el) && el.hasAttribute('aria-valuenow');
  } catch {
    return false;
  }
}

/** The slider an element belongs to (itself, or a slider around its thumb). */
export function sliderOf(el: Element): Element | null {
  for (let cur: Element | null = el, i = 0; cur && i < 4; cur = cur.parentElement, i++) {
    if (isNativeRange(cur) || isAriaSlider(cur)) return cur;
  }
  return null;
}

export function sliderValue(el: Element): string | null {
  if (isNativeRange(el)) return el.value;
  return el.getAttribute('aria-valuenow');
}

function num(v: string | null, fallback: number): number {
  const n = v === null || v === '' ? NaN : Number(v);
  return isFinite(n) ? n : fallback;
}

/** The value a native range takes when its thumb is released at `point`. */
export function rangeValueAt(input: HTMLInputElement, point: Point): string {
  const r = input.getBoundingClientRect();
  const min = num(input.min, 0);
  const max = num(input.max, 100);
  const vertical = r.height > r.width;
  let t = vertical ? (r.bottom - point.y) / Math.max(1, r.height) : (point.x - r.left) / Math.max(1, r.width);
  t = Math.min(1, Math.max(0, t));
  return snap(input, min + t * (max - min));
}

/** Value rounded to the step, inside min/max, as the browser sanitizes it. */
function snap(input: HTMLInputElement, value: number): string {
  const min = num(input.min, 0);
  const max = num(input.max, 100);
  const stepAttr = input.step;
  const step = stepAttr === 'any' ? 0 : num(stepAttr, 1);
  let v = value;
  if (step > 0) v = min + Math.round((v - min) / step) * step;
  v = Math.min(max, Math.max(min, v));
  // Trim floating noise (0.1 + 0.2).
  return String(Math.round(v * 1e6) / 1e6);
}

/** Sets a native range like its thumb would: value, input, change. Returns the value it holds after. */
export function setRangeValue(input: HTMLInputElement, value: string): string {
  if (input.value !== value) {
    setNativeValue(input, value);
    fireInput(input, 'input', 'insertReplacementText', null);
    fireEvent(input, 'change');
  }
  return input.value;
}

export interface SliderTypeOutcome {
  ok: boolean;
  valueAfter: string;
  /** Why the value could not be reached, for the error message. */
  reason?: string;
  /** A handle without ARIA: the page text its value was read from. */
  readFrom?: string;
}

/** type(id, "42") on a slider or keyed spinbutton: native → set directly; ARIA → arrow keys until aria-valuenow gets there. */
export async function typeIntoSlider(slider: Element, text: string): Promise<SliderTypeOutcome> {
  if (isDrawnHandle(slider)) return typeIntoHandle(slider, text);
  const wanted = Number(text.trim());
  if (!isFinite(wanted) || text.trim() === '')
    return { ok: false, valueAfter: sliderValue(slider) ?? '', reason: `"${cut(text)}" is not a number` };
  if (isNativeRange(slider)) {
    const target = snap(slider, wanted);
    const after = setRangeValue(slider, target);
    return {
      ok: after === target,
      valueAfter: after,
      reason: after === target ? undefined : 'the page reset the value',
    };
  }
  (slider as HTMLElement).focus({ preventScroll: true });
  // A spinbutton steps with Up/Down only (APG); a slider with Right/Left (and Up/Down).
  const spin = getRole(slider) === 'spinbutton';
  const right = parseKey(spin ? 'ArrowUp' : 'ArrowRight');
  const left = parseKey(spin ? 'ArrowDown' : 'ArrowLeft');
  if (!right || !left) return { ok: false, valueAfter: '', reason: 'no arrow keys' };
  let current = num(sliderValue(slider), NaN);
  if (!isFinite(current)) return { ok: false, valueAfter: '', reason: 'the slider has no aria-valuenow to read back' };
  // Bounded: a slider that does not react to keys stops after a few presses.
  for (let i = 0; i < 1000 && current !== wanted; i++) {
    const key: { def: KeyDef; mods: Modifiers } = current < wanted ? right : left;
    pressKey(slider, key.def, key.mods);
    const next = await valueAfterPress(slider, current);
    if (next === current) break;
    // Overshoot (step does not divide the distance): stop at the nearest value.
    if ((key === right && next > wanted) || (key === left && next < wanted)) {
      if (Math.abs(next - wanted) >= Math.abs(current - wanted)) {
        pressKey(slider, (key === right ? left : right).def, {});
        await valueAfterPress(slider, next);
      }
      break;
    }
    current = next;
  }
  const after = sliderValue(slider) ?? '';
  return {
    ok: num(after, NaN) === wanted,
    valueAfter: after,
    reason: num(after, NaN) === wanted ? undefined : 'arrow keys did not bring it there (step or bounds)',
  };
}

/** type(id, number) on an ARIA slider: verified like a pointer target, keys pressed, value read back. */
export async function runTypeSlider(
  ctx: ActionContext,
  start: number,
  id: string,
  slider: Element,
  snapshot: SnapshotLike,
  text: string,
): Promise<ActionResult> {
  ctx.pointerTarget(slider, id, snapshot);
  const watch = ctx.watch(slider, snapshot);
  const outcome = await typeIntoSlider(slider, text);
  const obs = await ctx.settle(watch);
  obs.effect.valueAfter = outcome.valueAfter;
  if (!outcome.ok) {
    return failureResult(
      start,
      new DomToolError(
        outcome.reason && outcome.reason.indexOf('not a number') >= 0 ? 'VALIDATION_ERROR' : 'ACTION_FAILED',
        `Could not set slider ${id} to ${JSON.stringify(cut(text))}: ${outcome.reason ?? 'unknown reason'}; it holds ${outcome.valueAfter || '(no value)'}.`,
      ),
      obs.effect,
    );
  }
  const read = outcome.readFrom ? ` The value was read from the page's "${outcome.readFrom}".` : '';
  return successResult(start, obs.effect, ['Set with arrow keys, as a keyboard user would.' + read]);
}
