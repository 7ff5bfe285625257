// P6: how long each stage of one snapshot took, so that a regression names its stage.
// Walk: the traversal, including the per-element classification it does in passing
// (role, name, actionability, perception of each element are read while it is visited);
// classify: the whole-page passes after it (labels, modal confinement, covers); ids: the
// id lifecycle (claims, retirements, text-run ids); distill: flatten, budget, summaries,
// hints. Rendering is not a stage of the build: a snapshot's stats are complete when it is
// returned, and toText() is timed by whoever calls it (bench/lib/inpage.js reports it as
// the render stage). Timer reads are per stage, never
// per element: performance.now() is coarsened in pages (down to 100 µs in Chromium).
import type { SnapshotStages } from '../types';
import { now } from '../dom/builtins';

export class StageClock {
  readonly stages: SnapshotStages = { walk: 0, classify: 0, ids: 0, distill: 0 };
  private last = now();

  /** Adds the time since the previous lap to `stage`. */
  lap(stage: keyof SnapshotStages): void {
    const t = now();
    this.stages[stage] = round(this.stages[stage] + (t - this.last));
    this.last = t;
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
