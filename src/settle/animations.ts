// Animations an action starts (issue 23 §4): a CSS transition or animation that runs
// because of the action (a drawer sliding in, a card flipping) often ends in what the
// agent needs to see — the content, a dialog, a confirm(). Such animations change no
// DOM, so a mutation-quiet page looks settled while they run. Those already running
// before the action (spinners, carousels) and endless ones never hold a result back.

interface AnimationLike {
  playState: string;
  effect: { getComputedTiming?: () => { iterations?: number | null; endTime?: number | string | null } } | null;
}

export class AnimationWatch {
  private readonly before: Set<unknown> | null;

  constructor(private readonly doc: Document) {
    const list = animationsOf(doc);
    if (!list) {
      this.before = null;
      return;
    }
    const before = new Set<unknown>();
    for (let i = 0; i < list.length; i++) before.add(list[i]);
    this.before = before;
  }

  /** Finite animations started since construction that are still running (0 when the browser cannot tell). */
  running(): number {
    if (!this.before) return 0;
    const list = animationsOf(this.doc);
    if (!list) return 0;
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const a = list[i] as AnimationLike;
      if (this.before.has(a) || (a.playState !== 'running' && a.playState !== 'pending')) continue;
      let timing: { iterations?: number | null; endTime?: number | string | null } | undefined;
      try {
        timing = a.effect?.getComputedTiming?.();
      } catch {
        timing = undefined;
      }
      // An endless animation started by the action (a spinner) would never let the page settle.
      if (!timing || timing.iterations === Infinity || timing.endTime === Infinity) continue;
      n++;
    }
    return n;
  }
}

function animationsOf(doc: Document): ArrayLike<unknown> | null {
  try {
    const get = (doc as Document & { getAnimations?: () => Animation[] }).getAnimations;
    return typeof get === 'function' ? get.call(doc) : null;
  } catch {
    return null;
  }
}
