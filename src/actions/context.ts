// What the runner lends to the multi-step flows (choices.ts): kept apart so neither
// imports the other.
import type { ActionResult } from '../types';
import type { SnapshotLike } from './snapshot-source';
import type { EffectWatcher, Observation } from './observe';
import type { PointerState } from './pointer';
import type { Point } from '../dom/geometry';
import type { TextTarget } from './text-target';

/** What a verified pointer target looks like after scrolling and hit testing. */
export interface PointerTarget {
  element: Element;
  /** Deepest element under the point that belongs to `element` (events go there, like a real mouse). */
  dispatchTo: Element;
  point: Point;
}

/** What the runner lends to these flows. */
export interface ActionContext {
  readonly pointer: PointerState;
  readonly host: { effectWindowMs(): number };
  /** A node id or the text the agent read (A9): the element, and `id` to name it in messages (its node id when it has one). */
  resolve(target: string | TextTarget): Promise<{ element: Element; snapshot: SnapshotLike; id: string }>;
  /** A node id, or the text the agent read (A9): the element and how messages name it. */
  resolvePointer(
    target: string | TextTarget,
  ): Promise<{ element: Element; snapshot: SnapshotLike | null; label: string }>;
  pointerTarget(element: Element, id: string, snapshot: SnapshotLike | null): PointerTarget;
  /** Starts observing the effect of what is about to be done to `element` (before dispatching). */
  watch(element: Element, snapshot: SnapshotLike | null): EffectWatcher;
  settle(watch: EffectWatcher): Promise<Observation>;
  finish(start: number, obs: Observation, what: string, notes?: string[]): ActionResult;
}
