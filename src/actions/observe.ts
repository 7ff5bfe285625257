// Effect observation (A4). Started before an action is dispatched; afterwards it
// waits — driven by mutations and events, never a fixed sleep — until the page is
// quiet or the window (effectWindowMs) runs out, then reports what changed:
// mutations, focus, value/checked read back, URL/hash, form submission.
import type { ActionEffect } from '../types';
import { MutationObserverCtor, clearTimer, now, requestFrame, setTimer } from '../dom/builtins';
import { isShadowRoot, windowOf } from '../dom/dom-utils';
import { checkedOf, deepActiveElement, frameElementOf, inputType } from '../semantics';
import { composedContains } from '../semantics';
import { describeElement } from './describe';
import { readValue } from './typing';
import type { SnapshotLike } from './snapshot-source';
import type { ChurnFilter } from '../settle/churn';
import { AnimationWatch } from '../settle/animations';
import { DIALOG_EVENT } from '../settle/dialogs';

export interface Observation {
  effect: ActionEffect;
  /** Nothing at all changed: no mutation, focus, value, checked, URL or submission. */
  noEffect: boolean;
  submitted: boolean;
}

const OVERLAY_ATTRIBUTE = 'data-browserx-overlay';

/** Our own overlay hosts (highlight, action feedback) coming or going are no effect of the action. */
function isOverlayRecord(record: MutationRecord): boolean {
  if (record.type !== 'childList') return false;
  const lists = [record.addedNodes, record.removedNodes];
  let any = false;
  for (let l = 0; l < 2; l++) {
    for (let i = 0; i < lists[l].length; i++) {
      const node = lists[l][i];
      if (node.nodeType !== 1 || !(node as Element).hasAttribute(OVERLAY_ATTRIBUTE)) return false;
      any = true;
    }
  }
  return any;
}

/** Quiet period after the last change before the effect is considered settled. */
export const QUIET_MS = 50;

/** effect.valueAfter holds at most this many characters (effect.valueLength then says how many there are). */
const VALUE_REPORT_MAX = 200;

/** Sets effect.valueAfter, cut to VALUE_REPORT_MAX characters with valueLength when longer. */
export function reportValue(effect: ActionEffect, value: string): void {
  effect.valueAfter = value.length > VALUE_REPORT_MAX ? value.slice(0, VALUE_REPORT_MAX - 1) + '…' : value;
  if (value.length > VALUE_REPORT_MAX) effect.valueLength = value.length;
}

export class EffectWatcher {
  private readonly observers: MutationObserver[] = [];
  private readonly cleanups: (() => void)[] = [];
  private mutations = 0;
  private lastChange = 0;
  private navigated = false;
  /** The document began to unload (a link, a form post, location.assign): the URL still reads the old page. */
  private unloading = false;
  /** Where that navigation goes, when the page told (Navigation API, the link, the submitted form). */
  private destination: string | null = null;
  private submitted = false;
  private dialogs = 0;
  private wake: (() => void) | null = null;
  private readonly urlBefore: string;
  private readonly focusBefore: Element | null;
  private readonly valueBefore: string | undefined;
  private readonly checkedBefore: boolean | undefined;
  private readonly win: Window | null;
  /** CSS transitions/animations the action starts (a panel sliding in before its content or a dialog). */
  readonly animations: AnimationWatch;

  /** `background`: mutations of what was already changing before the action (a ticker); they are not its effect. */
  constructor(
    private readonly el: Element,
    private readonly snapshot: SnapshotLike | null,
    private readonly background: ChurnFilter | null = null,
  ) {
    this.win = windowOf(el);
    this.animations = new AnimationWatch(el.ownerDocument);
    this.urlBefore = safeHref(this.win);
    this.focusBefore = deepActiveElement(topDocument(el));
    this.valueBefore = fieldValue(el);
    this.checkedBefore = checkedState(el);
    this.start();
  }

  private start(): void {
    const onChange = () => {
      this.lastChange = now();
      this.wake?.();
    };
    if (MutationObserverCtor) {
      for (const root of observedRoots(this.el)) {
        const mo = new MutationObserverCtor((records) => {
          let counted = 0;
          const background = this.background;
          for (let i = 0; i < records.length; i++) if (!isOverlayRecord(records[i]) && !(background && background.isChurn(records[i]))) counted++;
          if (!counted) return;
          this.mutations += counted;
          onChange();
        });
        mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
        this.observers.push(mo);
      }
    }
    const win = this.win;
    if (!win) return;
    const listen = (target: EventTarget, type: string, fn: () => void) => {
      target.addEventListener(type, fn, true);
      this.cleanups.push(() => target.removeEventListener(type, fn, true));
    };
    const nav = () => {
      this.navigated = true;
      onChange();
    };
    listen(win, 'hashchange', nav);
    listen(win, 'popstate', nav);
    const unload = () => {
      this.unloading = true;
      this.destination ??= linkDestination(this.el);
      nav();
    };
    listen(win, 'beforeunload', unload);
    listen(win, 'pagehide', unload);
    // The Navigation API (Chromium, Firefox 147+) names the destination before the page unloads.
    const navigation = (win as Window & { navigation?: EventTarget }).navigation;
    if (navigation && typeof navigation.addEventListener === 'function') {
      listen(navigation, 'navigate', ((e: Event & { destination?: { url?: string } }) => {
        const url = e.destination?.url;
        if (typeof url === 'string' && url) this.destination = url;
      }) as () => void);
    }
    listen(this.el.ownerDocument, 'submit', ((e: Event & { submitter?: Element | null }) => {
      this.submitted = true;
      this.destination ??= formDestination(e.target, e.submitter ?? null);
      onChange();
    }) as () => void);
    // A dialog the action raised (answered by the dialog guard, settle/dialogs.ts) is the page reacting.
    listen(this.el.ownerDocument, DIALOG_EVENT, () => {
      this.dialogs++;
      onChange();
    });
  }

  private changedSoFar(): boolean {
    return (
      this.mutations > 0 ||
      this.navigated ||
      this.submitted ||
      this.dialogs > 0 ||
      safeHref(this.win) !== this.urlBefore ||
      this.focusMoved() ||
      fieldValue(this.el) !== this.valueBefore ||
      checkedState(this.el) !== this.checkedBefore
    );
  }

  /** Focus landing on the acted-on element itself is the browser's doing, not the page's reaction. */
  private focusMoved(): boolean {
    const focus = deepActiveElement(topDocument(this.el));
    return focus !== this.focusBefore && !(focus && composedContains(this.el, focus));
  }

  /** Waits until the effect settles (or the window closes), stops observing, and reports. */
  async settle(windowMs: number): Promise<Observation> {
    const deadline = now() + Math.max(0, windowMs);
    try {
      // Let microtask-scheduled renders (Vue, Lit, React transitions) run first.
      await Promise.resolve();
      if (!this.changedSoFar()) await this.waitForChange(deadline);
      // Something happened: wait for a quiet period so follow-up renders are counted.
      while (!this.navigated && now() < deadline) {
        const since = now() - this.lastChange;
        if (this.lastChange && since >= QUIET_MS) break;
        if (!this.lastChange) {
          // Changes without mutations (focus, value): one frame for reactions to land.
          await this.nextFrame(deadline);
          if (!this.lastChange) break;
          continue;
        }
        await this.sleepUntil(Math.min(deadline, this.lastChange + QUIET_MS));
      }
    } finally {
      this.stop();
    }
    return this.report();
  }

  private waitForChange(deadline: number): Promise<void> {
    return new Promise((resolve) => {
      const remaining = deadline - now();
      if (remaining <= 0) return resolve();
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        clearTimer(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimer(done, remaining);
      // Focus/value changes fire no mutation: check them once per frame as well.
      const tick = () => {
        if (finished) return;
        if (this.changedSoFar()) done();
        else requestFrame(tick);
      };
      requestFrame(tick);
      this.wake = done;
    });
  }

  private nextFrame(deadline: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimer(resolve, Math.max(0, Math.min(QUIET_MS, deadline - now())));
      requestFrame(() => {
        clearTimer(timer);
        resolve();
      });
    });
  }

  private sleepUntil(t: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimer(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimer(done, Math.max(0, t - now()));
      this.wake = done;
    });
  }

  stop(): void {
    const background = this.background;
    for (const mo of this.observers) {
      const left = mo.takeRecords();
      for (let i = 0; i < left.length; i++) if (!isOverlayRecord(left[i]) && !(background && background.isChurn(left[i]))) this.mutations++;
      mo.disconnect();
    }
    this.observers.length = 0;
    for (const fn of this.cleanups) fn();
    this.cleanups.length = 0;
  }

  private report(): Observation {
    const effect: ActionEffect = { mutations: this.mutations };
    const url = safeHref(this.win);
    if (url !== this.urlBefore || this.navigated) {
      effect.navigated = true;
      // While the page unloads, location still names the page being left: report where
      // the navigation goes, or say that it is not known yet — never the old URL (issue 18).
      if (this.unloading && url === this.urlBefore) {
        effect.leaving = url;
        if (this.destination && this.destination !== url) effect.urlAfter = this.destination;
      } else if (url) effect.urlAfter = url;
    }
    const value = fieldValue(this.el);
    if (value !== undefined && this.el.isConnected) {
      // A long value is reported by its start and length: the agent typed it, and a
      // result must stay a few tokens (issue 18: no unbounded echo).
      reportValue(effect, value);
    }
    const checked = checkedState(this.el);
    if (checked !== undefined) effect.checkedAfter = checked;
    const focus = deepActiveElement(topDocument(this.el));
    const focusChanged = this.focusMoved();
    if (focus && focus !== focus.ownerDocument.body) effect.focused = describeElement(focus, this.snapshot);
    const noEffect =
      this.mutations === 0 && !effect.navigated && !this.submitted && !this.dialogs && !focusChanged && value === this.valueBefore && checked === this.checkedBefore;
    return { effect, noEffect, submitted: this.submitted };
  }
}

/** The href of the link the action was on (a click on it or inside it), if any. */
function linkDestination(el: Element): string | null {
  const link = el.closest('a[href], area[href]') as HTMLAnchorElement | null;
  return link && typeof link.href === 'string' && link.href ? link.href : null;
}

/** Where a submitted form goes: the submitter's formaction or the form's action, with a GET query. */
function formDestination(form: EventTarget | null, submitter: Element | null): string | null {
  if (!form || (form as Element).localName !== 'form') return null;
  const f = form as HTMLFormElement;
  try {
    const action = (submitter && submitter.getAttribute('formaction') !== null ? (submitter as HTMLButtonElement).formAction : f.action) || f.ownerDocument.URL;
    const method = ((submitter && submitter.getAttribute('formmethod')) || f.method || 'get').toLowerCase();
    if (method !== 'get') return action;
    // A GET submission replaces the query with the form's fields (HTML's "mutate action URL").
    const url = new URL(action);
    url.search = new URLSearchParams(new FormData(f) as unknown as Record<string, string>).toString();
    return url.href;
  } catch {
    return null;
  }
}

function safeHref(win: Window | null): string {
  try {
    return win ? win.location.href : '';
  } catch {
    return '';
  }
}

function topDocument(el: Element): Document {
  let doc = el.ownerDocument;
  for (let i = 0; i < 16; i++) {
    const frame = doc.documentElement ? frameElementOf(doc.documentElement) : null;
    if (!frame) break;
    doc = frame.ownerDocument;
  }
  return doc;
}

/** The element's document, every shadow root on its way up, and the documents of enclosing frames. */
function observedRoots(el: Element): Node[] {
  const roots: Node[] = [];
  let node: Node = el;
  for (let i = 0; i < 64; i++) {
    const root = node.getRootNode();
    if (roots.indexOf(root) < 0) roots.push(root);
    if (isShadowRoot(root)) {
      node = root.host;
      continue;
    }
    const frame = (root as Document).documentElement ? frameElementOf((root as Document).documentElement) : null;
    if (!frame) break;
    node = frame;
  }
  return roots;
}

function fieldValue(el: Element): string | undefined {
  const tag = el.localName;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') {
    const t = inputType(el);
    if (t === 'checkbox' || t === 'radio') return undefined;
    return (el as HTMLInputElement).value;
  }
  if ((el as HTMLElement).isContentEditable) return readValue(el);
  return undefined;
}

function checkedState(el: Element): boolean | undefined {
  const checked = checkedOf(el);
  return checked === 'mixed' ? undefined : checked;
}
