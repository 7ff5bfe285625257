// What the action runner asks of the tool that owns it (DomTool), and the options of
// its actions: kept apart from the runner so that neither grows past reading size.
import type { MetricsEvent } from '../options';
import type { ActionEffect, Appeared } from '../types';
import type { SnapshotLike } from './snapshot-source';
import type { ChurnFilter } from '../settle/churn';
import type { QuietObservation } from '../settle/quiet';
import type { DialogPolicy, DialogWatch } from '../settle/dialogs';
import type { DialogOptions } from './dialog-options';
import type { Modifiers } from './keys';
import type { ScrollDirection } from './scroll';
import type { NotNews } from './observation';

export interface ActionHost {
  document(): Document;
  effectWindowMs(): number;
  /** The snapshot the agent last saw (kept even after invalidation), or null. */
  latestSnapshot(): SnapshotLike | null;
  refreshSnapshot(): Promise<SnapshotLike>;
  invalidate(): void;
  /**
   * Waits (bounded) until the page settles after an action that started at `since`; lastChange: when
   * the last change was seen; `ignore`: background churn; `busy`: something the action started still runs.
   */
  settle?(
    since: number,
    lastChange: number,
    extra?: { ignore?: ChurnFilter | null; busy?: () => boolean; observation?: QuietObservation },
  ): Promise<{ settled: boolean; mutations?: number }>;
  /** Mutations of what was already changing at a steady rate before the action (a ticker), or null. */
  background?(): ChurnFilter | null;
  /** Milliseconds the background monitor still needs before it can tell (0 when it can); the action waits them first. */
  learning?(): number;
  /** Arms dialog answering for one action (A10), or null when dialogs are not handled. */
  dialogs?(policy: Partial<DialogPolicy>): DialogWatch | null;
  /** What appeared since `before` (A8), given the effect observed; `ignore`: nodes whose line is no news of the action. */
  appeared?(before: SnapshotLike | null, effect: ActionEffect, ignore?: NotNews): Promise<Appeared>;
  /** The running action ended (what changes from now on is not its doing). */
  actionEnded?(): void;
  metrics?(event: MetricsEvent): void;
  debug?: boolean;
}

export interface TypeOptions extends DialogOptions {
  /** Replace the current value (default true, seed 003: "existing value must be cleared"). */
  replace?: boolean;
  pressEnter?: boolean;
}

export interface KeypressOptions extends DialogOptions {
  modifiers?: Modifiers | string[];
  /** @deprecated Pass the element first: `keypress(id, key)`. Focus this element first. */
  id?: string;
  /** Hold the key for this many auto-repeats (keydown with repeat: true), e.g. to step a slider. */
  repeat?: number;
}

export interface ScrollOptions {
  direction?: ScrollDirection;
  /** Pixels, or 'page' (most of one screen, the default). */
  amount?: number | 'page';
}
