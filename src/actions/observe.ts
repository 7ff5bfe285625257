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
import { consequenceOf } from '../snapshot/classify/consequences';
import { ActionObservation } from './observation';
import { ControlStates } from './control-states';
import { ShadowRootsWatch } from '../settle/shadow-roots';

export interface Observation {
  effect: ActionEffect;
  /** Nothing the action could cause changed: no mutation of its own, focus, any control's state, URL, submission, followed link. */
  noEffect: boolean;
  submitted: boolean;
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
  private readonly background: ChurnFilter | null;
  /** Every mutation of the action, filed per element and told apart from the background (observation.ts). */
  readonly observation: ActionObservation;
  private navigated = false;
  /** The document began to unload (a link, a form post, location.assign): the URL still reads the old page. */
  private unloading = false;
  /** The document did unload (pagehide): the navigation replaced it. */
  private unloaded = false;
  /** The click event the action dispatched, and the link on its path (its default action is the browser's to take). */
  private clickEvent: Event | null = null;
  private clickLink: Element | null = null;
  private stopped = false;
  /** Where that navigation goes, when the page told (Navigation API, the link, the submitted form). */
  private destination: string | null = null;
  /**
   * A download the page asked the browser for (the Navigation API's navigate event with a
   * downloadRequest): a script's export button clicking an anchor it never attached, a
   * data: or blob: URL with no file name — no click on a link of the page shows it.
   */
  private downloadRequested: string | null = null;
  private submitted = false;
  private dialogs = 0;
  private wake: (() => void) | null = null;
  private readonly urlBefore: string;
  private readonly focusBefore: Element | null;
  private readonly valueBefore: string | undefined;
  private readonly checkedBefore: boolean | undefined;
  /** Every control's checked state, value and choice: properties no mutation shows. */
  private readonly controls: ControlStates;
  private readonly win: Window | null;
  /** CSS transitions/animations the action starts (a panel sliding in before its content or a dialog). */
  readonly animations: AnimationWatch;

  /** `background`: mutations of what was already changing before the action (a ticker); they are not its effect. */
  constructor(
    private readonly el: Element,
    private readonly snapshot: SnapshotLike | null,
    background: ChurnFilter | null = null,
  ) {
    this.background = background;
    this.win = windowOf(el);
    this.observation = new ActionObservation(el.ownerDocument, background);
    this.animations = new AnimationWatch(el.ownerDocument);
    this.urlBefore = safeHref(this.win);
    this.focusBefore = deepActiveElement(topDocument(el));
    this.valueBefore = fieldValue(el);
    this.checkedBefore = checkedState(el);
    this.controls = new ControlStates([...observedRoots(el), ...(snapshot?.innerRoots ?? [])]);
    this.start();
  }

  private start(): void {
    if (MutationObserverCtor) {
      // The element's own roots, the snapshot's and the churn monitor's shadow roots (other
      // components change inside theirs), and those of components the action connects.
      let shadows: ShadowRootsWatch | null = null;
      const mo = new MutationObserverCtor((records) => {
        shadows?.addFrom(records);
        this.observation.see(records);
        this.wake?.();
      });
      shadows = new ShadowRootsWatch(mo);
      for (const root of observedRoots(this.el)) shadows.add(root, false);
      for (const root of this.snapshot?.innerRoots ?? []) shadows.add(root, false);
      for (const root of this.background?.roots ?? []) shadows.add(root, false);
      this.observers.push(mo);
    }
    const onChange = () => this.wake?.();
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
      onChange();
    };
    listen(win, 'beforeunload', unload);
    listen(win, 'pagehide', () => {
      this.unloaded = true;
      unload();
    });
    // The click the action dispatches: whether the page cancelled it decides whether the browser follows its link.
    listen(win, 'click', ((e: Event) => {
      if (this.clickEvent) return;
      this.clickEvent = e;
      this.clickLink = linkOnPath(e);
    }) as () => void);
    // The Navigation API (Chromium, Firefox 147+) names the destination before the page unloads.
    const navigation = (win as Window & { navigation?: EventTarget }).navigation;
    if (navigation && typeof navigation.addEventListener === 'function') {
      listen(navigation, 'navigate', ((
        e: Event & { destination?: { url?: string }; downloadRequest?: string | null },
      ) => {
        const url = e.destination?.url;
        if (typeof url !== 'string' || !url) return;
        // A download request ("" when no file name is given) leaves the page where it is.
        if (typeof e.downloadRequest === 'string') {
          this.downloadRequested ??= url;
          onChange();
        } else this.destination = url;
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

  /** The navigation that began replaces this page (not a download link's, which leaves the page as it is). */
  leaving(): boolean {
    return this.navigated || this.unloaded || (this.unloading && this.followed()?.opens !== 'download');
  }

  /** A link the action clicked that the browser follows outside this page (a new tab or a download), or a download the page requested. */
  private followed(): { url: string; opens: 'new-tab' | 'download' } | null {
    const link = this.clickLink;
    if (link && this.clickEvent && !this.clickEvent.defaultPrevented) {
      const c = consequenceOf(link, link.localName, 'link', undefined);
      if (c && (c.newTab || c.download !== undefined)) {
        const url = (link as HTMLAnchorElement).href;
        return { url: typeof url === 'string' ? url : '', opens: c.download !== undefined ? 'download' : 'new-tab' };
      }
    }
    return this.downloadRequested !== null ? { url: this.downloadRequested, opens: 'download' } : null;
  }

  private changedSoFar(): boolean {
    return (
      this.observation.caused() > 0 ||
      this.leaving() ||
      this.followed() !== null ||
      this.submitted ||
      this.dialogs > 0 ||
      safeHref(this.win) !== this.urlBefore ||
      this.focusMoved() ||
      fieldValue(this.el) !== this.valueBefore ||
      checkedState(this.el) !== this.checkedBefore ||
      this.controls.changed() > 0
    );
  }

  /** Focus landing on the acted-on element itself is the browser's doing, not the page's reaction. */
  private focusMoved(): boolean {
    const focus = deepActiveElement(topDocument(this.el));
    return focus !== this.focusBefore && !(focus && composedContains(this.el, focus));
  }

  /**
   * Waits until the action's effect settles (or the window closes): quiet for QUIET_MS
   * among what the action caused; background churn does not hold it. Keeps observing
   * (the runner's settle goes on with the same observation); finish() reports.
   */
  async settle(windowMs: number): Promise<void> {
    const deadline = now() + Math.max(0, windowMs);
    this.observation.dispatched();
    try {
      // Let microtask-scheduled renders (Vue, Lit, React transitions) run first.
      await Promise.resolve();
      while (!this.leaving() && now() < deadline) {
        // A download link's navigation began: the page stays unless it unloads (pagehide) within the window.
        if (!this.changedSoFar() || (this.unloading && !this.unloaded)) {
          await this.waitForChange(deadline);
          continue;
        }
        const last = this.observation.lastCausedChange();
        if (!last) {
          // Changes without mutations (focus, value): one frame for reactions to land.
          await this.nextFrame(deadline);
          if (!this.observation.lastCausedChange()) break;
          continue;
        }
        if (now() - last >= QUIET_MS) break;
        await this.sleepUntil(Math.min(deadline, last + QUIET_MS));
      }
    } catch (e) {
      this.stop();
      throw e;
    }
  }

  /** Stops observing and reports what the action did. */
  finish(): Observation {
    this.stop();
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
    if (this.stopped) return;
    this.stopped = true;
    for (const mo of this.observers) {
      this.observation.see(mo.takeRecords());
      mo.disconnect();
    }
    this.observers.length = 0;
    for (const fn of this.cleanups) fn();
    this.cleanups.length = 0;
  }

  private report(): Observation {
    const mutations = this.observation.caused();
    const effect: ActionEffect = { mutations };
    const url = safeHref(this.win);
    const followed = this.followed();
    if (followed)
      effect.followed = {
        url: followed.url.length > 300 ? followed.url.slice(0, 299) + '…' : followed.url,
        opens: followed.opens,
      };
    if (url !== this.urlBefore || this.leaving()) {
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
      mutations === 0 &&
      !effect.navigated &&
      !followed &&
      !this.submitted &&
      !this.dialogs &&
      !focusChanged &&
      value === this.valueBefore &&
      checked === this.checkedBefore &&
      this.controls.changed() === 0;
    return { effect, noEffect, submitted: this.submitted };
  }
}

/** The href of the link the action was on (a click on it or inside it), if any. */
function linkDestination(el: Element): string | null {
  const link = el.closest<HTMLAnchorElement>('a[href], area[href]');
  return link && typeof link.href === 'string' && link.href ? link.href : null;
}

/** The link on the click's path (the clicked element or an ancestor, across shadow roots). */
function linkOnPath(e: Event): Element | null {
  let path: EventTarget[] = [];
  try {
    path = e.composedPath();
  } catch {
    path = [];
  }
  for (let i = 0; i < path.length; i++) {
    const node = path[i] as Element;
    if (
      node &&
      node.nodeType === 1 &&
      (node.localName === 'a' || node.localName === 'area') &&
      node.hasAttribute('href')
    )
      return node;
  }
  return null;
}

/** Where a submitted form goes: the submitter's formaction or the form's action, with a GET query. */
function formDestination(form: EventTarget | null, submitter: Element | null): string | null {
  if (!form || (form as Element).localName !== 'form') return null;
  const f = form as HTMLFormElement;
  try {
    const action =
      (submitter && submitter.getAttribute('formaction') !== null
        ? (submitter as HTMLButtonElement).formAction
        : f.action) || f.ownerDocument.URL;
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
