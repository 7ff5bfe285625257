// Runs actions by node id: resolve → verify → dispatch → observe → result.
// Every action returns the ActionResult contract (never throws) and invalidates the
// snapshot afterwards, success or failure (F3).
import type { ActionResult, InspectKind, InspectResult } from '../types';
import type { ActionHost, KeypressOptions, ScrollOptions, TypeOptions } from './host';
import { consoleLog, now, setTimer } from '../dom/builtins';
import { DomToolError, cut, failureResult, msg, successResult, toDomToolError } from './result';
import { SecretGuard } from './secrets';
import { describeTextTarget, findTextTarget, isTextTarget, type TextTarget } from './text-target';
import { findOrReveal } from './reveal';
import { clickThroughHover, hoverTriggerOf } from './hover-only';
import { resolveTarget, type SnapshotLike } from './resolve';
import { deepActiveElement, hitTest, isFocusable, isReadOnly } from '../semantics';
import { checkEnabled, checkHitTarget, checkNotCrossOriginFrame, checkVisible } from './verify';
import { describeElement } from './describe';
import { activeItemWatch } from './active-item';
import { scrollIntoViewIfNeeded, scrollToCentre, targetPoint, type Point } from '../dom/geometry';
import { PointerState, clickSequence, hoverSequence, type ClickOptions } from './pointer';
import { EffectWatcher, type Observation } from './observe';
import { notNewsOf, type ActionObservation } from './observation';
import type { ChurnFilter } from '../settle/churn';
import type { DialogWatch } from '../settle/dialogs';
import type { DialogOptions } from './dialog-options';
import { renderResultText } from './result-text';
import {
  editingHostOf,
  isTextField,
  typeIntoEditor,
  typeIntoField,
  clearElement,
  KEYED_TYPING_LIMIT,
  MAX_TYPED_LENGTH,
} from './typing';
import { mergeModifiers, normalizeModifiers, parseKey } from './keys';
import { pressKey } from './keyboard';
import { namedModifiers, pressChord } from './chords';
import { checkScrollOptions, scrollResult, wheelOver } from './scroll';
import { runSelect, runCheck } from './choices';
import { inspectTarget } from './inspect';
import type { ActionContext, PointerTarget } from './context';
import { runDrag, type DragDestination, type DragOptions } from './drag';
import { runTypeSlider } from './slider';
import { formattedValue } from './formats';
import { runTypeCodeEditor } from './editors';
import { runUpload, type UploadFile, type UploadOptions } from './upload';
import { retarget, type TypeTarget } from './retarget';
import { declaredFormatType } from '../dom/input-formats';

export type { PointerTarget };

export type { ActionHost, TypeOptions, KeypressOptions, ScrollOptions } from './host';

export class ActionRunner implements ActionContext {
  readonly pointer = new PointerState();
  /** The running action's start and the snapshot it was resolved against (for settle and effect.appeared). */
  private actionStart = 0;
  private baseline: SnapshotLike | null = null;
  /** S12: the secret values of the running action, scrubbed from its result. */
  private secrets = new SecretGuard();
  /** For the running action: background churn before it began, and its dialog answering. */
  private background: ChurnFilter | null = null;
  private dialogWatch: DialogWatch | null = null;
  /** What each step of the running action observed (observation.ts): backs effect.appeared. */
  private observations: ActionObservation[] = [];

  constructor(readonly host: ActionHost) {}

  click(id: string | TextTarget, options: ClickOptions = {}): Promise<ActionResult> {
    return this.run(
      'click',
      async (start) => {
        const { element, snapshot, label } = await this.resolvePointer(id);
        const trigger = hoverTriggerOf(element);
        if (trigger)
          return clickThroughHover(this, start, element, trigger, snapshot, label, options, (el) =>
            describeElement(el, snapshot),
          );
        const target = this.pointerTarget(element, label, snapshot);
        const watch = this.watch(element, snapshot);
        clickSequence(target.dispatchTo, target.point, this.pointer, options);
        return this.finish(start, await this.settle(watch), 'click');
      },
      options,
    );
  }

  hover(id: string | TextTarget): Promise<ActionResult> {
    return this.run('hover', async (start) => {
      const { element, snapshot, label } = await this.resolvePointer(id);
      const target = this.pointerTarget(element, label, snapshot);
      const watch = this.watch(element, snapshot);
      hoverSequence(target.dispatchTo, target.point, this.pointer);
      return this.finish(start, await this.settle(watch), 'hover');
    });
  }

  focus(target: string | TextTarget): Promise<ActionResult> {
    return this.run('focus', async (start) => {
      const { element, snapshot, id } = await this.resolve(target);
      checkVisible(element, id, snapshot);
      checkEnabled(element, id, snapshot);
      const watch = this.watch(element, snapshot);
      (element as HTMLElement).focus();
      const obs = await this.settle(watch);
      if (deepActiveElement(this.host.document()) !== element && element.ownerDocument.activeElement !== element) {
        throw new DomToolError('NOT_ACTIONABLE', msg.notFocusable(id, describeElement(element)));
      }
      return successResult(start, obs.effect);
    });
  }

  type(target: string | TextTarget, text: string, options: TypeOptions = {}): Promise<ActionResult> {
    return this.run(
      'type',
      async (start) => {
        if (typeof text !== 'string') throw new DomToolError('VALIDATION_ERROR', msg.invalidArg('text', 'a string'));
        if (text.length > MAX_TYPED_LENGTH)
          throw new DomToolError('VALIDATION_ERROR', msg.textTooLong(text.length, MAX_TYPED_LENGTH));
        let pressEnter = options.pressEnter === true;
        // Seed 003: text ending in "\n" presses Enter after typing.
        if (text.length && text.charAt(text.length - 1) === '\n') {
          pressEnter = true;
          text = text.slice(0, -1);
        }
        const replace = options.replace !== false;
        const { element, snapshot, id } = await this.resolve(target);
        const into = retarget(element, 'type');
        if (into?.kind === 'slider') return runTypeSlider(this, start, id, into.el, snapshot, text);
        if (into?.kind === 'code')
          return runTypeCodeEditor(this, start, id, into.editor, snapshot, pressEnter ? text + '\n' : text, replace);
        const field = this.editableTarget(element, into, id, snapshot);
        this.secrets.target(field);
        this.secrets.typed(field, text);
        this.pointerTarget(field, id, snapshot);
        const notes: string[] = [];
        // Date/time/colour inputs hold one canonical format: read natural input into it.
        const formatted =
          field.localName === 'input'
            ? formattedValue(declaredFormatType(field, (field as HTMLInputElement).type), text, field.ownerDocument)
            : null;
        if (formatted && 'error' in formatted) throw new DomToolError('VALIDATION_ERROR', formatted.error);
        if (formatted && formatted.value !== text) {
          notes.push(`Read ${JSON.stringify(cut(text))} as ${formatted.value}, the format this input expects.`);
          text = formatted.value;
        }
        const watch = this.watch(field, snapshot);
        const host = isTextField(field) ? null : editingHostOf(field);
        const outcome = host ? await typeIntoEditor(host, text, replace) : typeIntoField(field, text, replace);
        // What the field should hold now (its old value + the typed text when appending) is as secret.
        this.secrets.typed(field, outcome.expected);
        if (outcome.pasted) notes.push(msg.pasted(text.length, KEYED_TYPING_LIMIT));
        if (outcome.usedFallback) notes.push(msg.fallbackUsed);
        if (outcome.truncatedTo !== undefined) notes.push(msg.truncatedByMaxLength(outcome.truncatedTo));
        else if (outcome.reformatted) notes.push(msg.reformatted(outcome.expected, outcome.valueAfter));
        if (pressEnter && outcome.stuck) {
          const key = pressKey(host ?? field, { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' }, {});
          if (key.prevented) notes.push(msg.defaultPrevented('Enter'));
        }
        const obs = await this.settle(watch);
        if (!outcome.stuck) {
          const err = host
            ? new DomToolError('ACTION_FAILED', msg.editorDidNotAccept(id))
            : new DomToolError('ACTION_FAILED', msg.valueDidNotStick(id, outcome.expected, outcome.valueAfter));
          return failureResult(start, err, obs.effect, notes);
        }
        return this.finish(start, obs, 'typing', notes);
      },
      options,
    );
  }

  clear(target: string | TextTarget): Promise<ActionResult> {
    return this.run('clear', async (start) => {
      const { element, snapshot, id } = await this.resolve(target);
      const into = retarget(element, 'type');
      if (into?.kind === 'code') return runTypeCodeEditor(this, start, id, into.editor, snapshot, '', true);
      // An ARIA slider holds a value, not text: nothing to clear (refused below as not editable).
      const field = this.editableTarget(element, into?.kind === 'slider' ? null : into, id, snapshot);
      this.pointerTarget(field, id, snapshot);
      const watch = this.watch(field, snapshot);
      const left = clearElement(field);
      const obs = await this.settle(watch);
      if (left.trim() !== '')
        return failureResult(start, new DomToolError('ACTION_FAILED', msg.clearDidNotStick(id, left)), obs.effect);
      return successResult(start, obs.effect);
    });
  }

  /** Presses `key` on `on` (focused first), or on whatever has focus when `on` is null. */
  keypress(on: string | TextTarget | null, key: string, options: KeypressOptions = {}): Promise<ActionResult> {
    return this.run(
      'keypress',
      async (start) => {
        const parsed = parseKey(key);
        if (!parsed) throw new DomToolError('VALIDATION_ERROR', msg.unknownKey(String(key)));
        const mods = mergeModifiers(parsed.mods, normalizeModifiers(options.modifiers));
        let target: Element | null = null;
        let snapshot: SnapshotLike | null = this.host.latestSnapshot();
        if (on !== null) {
          const resolved = await this.resolve(on);
          snapshot = resolved.snapshot;
          target = resolved.element;
          checkVisible(target, resolved.id, snapshot);
          if (deepActiveElement(this.host.document()) !== target && isFocusable(target))
            (target as HTMLElement).focus({ preventScroll: true });
        } else {
          const doc = this.host.document();
          target = deepActiveElement(doc) ?? doc.body ?? doc.documentElement;
        }
        const [watch, active] = [this.watch(target, snapshot), activeItemWatch(target.ownerDocument)];
        // Modifier keys pressed as keys: named in the chord or the options (an upper-case letter only implies Shift).
        const explicit = mergeModifiers(normalizeModifiers(options.modifiers), namedModifiers(key));
        const outcome = pressChord(target, parsed.def, mods, explicit, options.repeat);
        const keyName = parsed.def.key === ' ' ? 'Space' : parsed.def.key;
        const obs = await this.settle(watch);
        return this.finish(start, obs, `${keyName} key`, active.notes(keyName, snapshot, outcome.prevented));
      },
      options,
    );
  }

  select(target: string | TextTarget, values: string | string[]): Promise<ActionResult> {
    return this.run('select', (start) => runSelect(this, start, target, values));
  }

  check(target: string | TextTarget): Promise<ActionResult> {
    return this.run('check', (start) => runCheck(this, start, target, true));
  }

  uncheck(target: string | TextTarget): Promise<ActionResult> {
    return this.run('uncheck', (start) => runCheck(this, start, target, false));
  }

  /** Drags `source` onto another node, a viewport point, or by an offset (A7, drag.ts). */
  drag(source: string | TextTarget, destination: DragDestination, options: DragOptions = {}): Promise<ActionResult> {
    return this.run('drag', (start) => runDrag(this, start, source, destination, options));
  }

  /** Gives files to a file input (or the button/label/dropzone standing for it), or drops them (A7, upload.ts). */
  upload(
    id: string | TextTarget,
    files: UploadFile | UploadFile[],
    options: UploadOptions = {},
  ): Promise<ActionResult> {
    return this.run('upload', (start) => runUpload(this, start, id, files, options));
  }

  scroll(target: string | TextTarget, options: ScrollOptions = {}): Promise<ActionResult> {
    return this.run('scroll', async (start) => {
      const { direction, amount } = checkScrollOptions(options);
      let element: Element;
      let snapshot: SnapshotLike | null = this.host.latestSnapshot();
      if (target === 'page') {
        const doc = this.host.document();
        element = doc.scrollingElement ?? doc.documentElement;
      } else {
        const resolved = await this.resolve(target);
        element = resolved.element;
        snapshot = resolved.snapshot;
        if (!direction) {
          // scroll(id) with no direction: bring the element into view.
          const watch = this.watch(element, snapshot);
          scrollToCentre(element, 'nearest');
          return successResult(start, (await this.settle(watch)).effect);
        }
      }
      const watch = this.watch(element, snapshot);
      const wheel = wheelOver(element, direction ?? 'down', typeof amount === 'number' ? amount : undefined);
      const obs = await this.settle(watch);
      return scrollResult(start, wheel.measure(), obs, direction ?? 'down', (el) => describeElement(el, snapshot));
    });
  }

  /**
   * Dry run (no event, no scroll, no snapshot invalidation): the same retarget and A3
   * checks as the action `kind` (default click), and what the element is (inspect.ts).
   */
  inspect(target: string | TextTarget, kind: InspectKind = 'click'): Promise<InspectResult> {
    return inspectTarget(this, target, kind);
  }

  // ---- shared steps (also used by choices.ts) -------------------------------

  /**
   * The element of a node id, or of the text the agent read (A9, text-target.ts). `id` names
   * it in messages: the node id it has in the snapshot, else `text "…"`.
   */
  async resolve(target: string | TextTarget): Promise<{ element: Element; snapshot: SnapshotLike; id: string }> {
    const resolved = await this.lookUp(target);
    (this.baseline = resolved.snapshot).seal?.();
    this.secrets.target(resolved.element);
    return resolved;
  }

  /** resolve() without touching the running action's state (inspect, the scope of a text target). */
  async lookUp(target: string | TextTarget): Promise<{ element: Element; snapshot: SnapshotLike; id: string }> {
    const source = { latest: () => this.host.latestSnapshot(), refresh: () => this.host.refreshSnapshot() };
    if (!isTextTarget(target)) return { ...(await resolveTarget(target, source)), id: target };
    const latest = source.latest() ?? (await source.refresh());
    const found = await findTextTarget(
      target,
      this.host.document(),
      latest,
      (id) => resolveTarget(id, source),
      findOrReveal,
    );
    // A label's text names its field (what a person reads to find it): type, select, focus… act on the field.
    const element =
      (found.element.localName === 'label' && (found.element as HTMLLabelElement).control) || found.element;
    const snapshot = found.snapshot ?? latest;
    return { element, snapshot, id: snapshot.getNodeId(element) ?? describeTextTarget(target) };
  }

  /**
   * A pointer action's target: a node id, or the text the agent read (A9, text-target.ts):
   * the smallest visible element showing it, inside `within`'s element when given.
   */
  async resolvePointer(
    target: string | TextTarget,
  ): Promise<{ element: Element; snapshot: SnapshotLike | null; label: string }> {
    if (!isTextTarget(target)) return { ...(await this.resolve(target)), label: target };
    const { element, snapshot } = await findTextTarget(
      target,
      this.host.document(),
      this.host.latestSnapshot(),
      (id) => this.resolve(id),
      findOrReveal,
    );
    this.secrets.target(element);
    return { element, snapshot, label: describeTextTarget(target) };
  }

  /** Verifies a pointer target (A3) and returns where a person's pointer would land. */
  pointerTarget(element: Element, id: string, snapshot: SnapshotLike | null): PointerTarget {
    // A native control drawn invisible under a custom look is operated where a person
    // clicks: its stand-in (its label), the same one the snapshot listed it through.
    const standIn = retarget(element, 'pointer');
    const point = this.verifyPointer(element, standIn, id, snapshot, true)!;
    // The hit test passed: the hit is the element (or stand-in), inside it, or its label —
    // the events go there — or an ancestor over it (its own box): then to the element itself.
    const { kind, hit } = hitTest(standIn, point);
    const dispatchTo = kind === 'target' && hit ? hit : standIn;
    return { element, dispatchTo, point };
  }

  /**
   * The A3 checks of a pointer action, shared by actions and inspect(): frame, visible,
   * enabled, then the hit test at the point a person would click. With `scroll` false
   * nothing moves: an element outside the viewport returns null (not hit-tested).
   */
  verifyPointer(
    element: Element,
    standIn: Element,
    id: string,
    snapshot: SnapshotLike | null,
    scroll: boolean,
  ): Point | null {
    checkNotCrossOriginFrame(element, id);
    checkVisible(standIn, id, snapshot);
    checkEnabled(element, id, snapshot);
    if (scroll) scrollIntoViewIfNeeded(standIn);
    const point = targetPoint(standIn);
    if (!point) {
      if (!scroll) return null;
      throw new DomToolError('NOT_ACTIONABLE', msg.offViewport(id, describeElement(element)));
    }
    checkHitTarget(standIn, point, id, snapshot);
    return point;
  }

  /** Verifies the text field or editor `into` (retarget(element, 'type')) that typing goes into (A3). */
  editableTarget(element: Element, into: TypeTarget | null, id: string, snapshot: SnapshotLike | null): Element {
    checkNotCrossOriginFrame(element, id);
    const field = into?.kind === 'field' ? into.el : null;
    if (!field) throw new DomToolError('VALIDATION_ERROR', msg.notEditable(id, describeElement(element)));
    checkVisible(field, id, snapshot);
    checkEnabled(field, id, snapshot);
    if (isReadOnly(field)) throw new DomToolError('NOT_ACTIONABLE', msg.readonly(id, describeElement(field)));
    return field;
  }

  /** Starts observing an action's effect on `element`; created before dispatching (also arms dialog answering there). */
  watch(element: Element, snapshot: SnapshotLike | null): EffectWatcher {
    this.dialogWatch?.arm(element.ownerDocument);
    const watch = new EffectWatcher(element, snapshot, this.background);
    this.observations.push(watch.observation);
    return watch;
  }

  async settle(watch: EffectWatcher): Promise<Observation> {
    await watch.settle(this.host.effectWindowMs());
    let settled: boolean | undefined;
    // A page that navigated away is not settled: the next page is still loading.
    if (watch.leaving()) settled = false;
    else if (this.host.settle) {
      // Quiet is measured on what the action caused (the same observation goes on): the page's own churn does not hold it.
      const extra = {
        ignore: this.background,
        busy: () => watch.animations.running() > 0,
        observation: watch.observation,
      };
      try {
        settled = (await this.host.settle(this.actionStart, watch.observation.dispatchedAt, extra)).settled;
      } catch (e) {
        watch.stop();
        throw e;
      }
    }
    const obs = watch.finish();
    // A navigation that began while waiting: the next page is still loading, whatever the quiet said.
    if (settled !== undefined) obs.effect.settled = settled && !obs.effect.navigated;
    return obs;
  }

  /** Success, with honest notes when nothing observable happened (A4). */
  finish(start: number, obs: Observation, what: string, notes: string[] = []): ActionResult {
    if (obs.submitted && notes.indexOf(msg.formSubmitted) < 0) notes.push(msg.formSubmitted);
    if (obs.effect.navigated && obs.effect.leaving !== undefined)
      notes.push(msg.leaving(obs.effect.leaving, obs.effect.urlAfter));
    else if (obs.effect.navigated && obs.effect.urlAfter) notes.push(msg.navigated(obs.effect.urlAfter));
    if (obs.noEffect) notes.push(msg.noEffect(what));
    return successResult(start, obs.effect, notes, obs.noEffect);
  }

  private pageDocument(): Document | null {
    return this.safely(() => this.host.document(), null);
  }

  private async run(
    action: string,
    body: (start: number) => Promise<ActionResult>,
    dialog: DialogOptions = {},
  ): Promise<ActionResult> {
    const start = now();
    this.actionStart = start;
    (this.baseline = this.host.latestSnapshot())?.seal?.();
    this.secrets = new SecretGuard();
    this.secrets.collect(this.pageDocument());
    const learning = this.safely(() => this.host.learning?.() ?? 0, 0);
    if (learning > 0) await sleep(learning);
    this.background = this.safely(() => this.host.background?.() ?? null, null);
    this.observations = [];
    this.dialogWatch = this.safely(
      () =>
        this.host.dialogs?.({
          accept: dialog.dialog === 'accept',
          promptText: typeof dialog.promptText === 'string' ? dialog.promptText : undefined,
        }) ?? null,
      null,
    );
    let result: ActionResult;
    try {
      result = await body(start);
    } catch (e) {
      result = failureResult(start, toDomToolError(e, action));
    } finally {
      // Invalidation cannot fail in practice; never let it turn a result into a throw.
      this.safely(() => this.host.invalidate(), undefined);
    }
    const dialogs = this.dialogWatch ? this.dialogWatch.disarm() : [];
    const observations = this.observations;
    this.dialogWatch = null;
    this.background = null;
    this.observations = [];
    this.safely(() => this.host.actionEnded?.(), undefined);
    if (dialogs.length) {
      result.effect ??= { mutations: 0 };
      result.effect.dialogs = dialogs.slice();
    }
    if (result.effect && this.host.appeared) {
      try {
        result.effect.appeared = await this.host.appeared(this.baseline, result.effect, notNewsOf(observations));
      } catch {
        // A report of what appeared is extra information; its failure must not change the result.
      }
    }
    // S12: values typed or read back from secret fields leave no trace in the answer.
    const doc = this.pageDocument();
    this.secrets.collect(doc, doc ? deepActiveElement(doc) : null);
    this.secrets.redact(result);
    // A throwing metrics callback must not break the action.
    this.safely(
      () =>
        this.host.metrics?.({
          kind: 'action',
          ms: result.duration,
          action,
          ok: result.ok,
          success: result.ok,
          code: result.error?.code,
        }),
      undefined,
    );
    result.text = renderResultText(result);
    if (this.host.debug) consoleLog('[DomTool]', action, result);
    return result;
  }

  private safely<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch {
      return fallback;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimer(resolve, ms));
}
