// Text nodes become runs: adjacent text of one block merges into one run (fewer nodes and
// ids); text a person cannot see (S13) is dropped, or kept as a marked run of its own when
// the options ask for hidden text.
import type { BuildNode } from '../tree';
import { TEXT_TAG } from '../tree';
import { childHash } from '../ids/element-ids';
import { MIN_TEXT_PX, type HiddenReason } from '../classify/perception';
import type { Context } from './context';
import type { WalkState } from './walk-state';

/** Adds the text node `text` (the `index`-th child of ctx.el) to the walk. */
export function addText(w: WalkState, text: Text, ctx: Context, index: number): void {
  const data = text.data;
  const prev = ctx.attach[ctx.attach.length - 1];
  const sameRun = !!prev && prev.vn.tag === TEXT_TAG && prev.block === ctx.block;
  // Whitespace alone still separates inline siblings ("<b>$79</b> <b>$119</b>").
  if (!/\S/.test(data)) {
    if (sameRun) prev.raw += ' ';
    return;
  }
  const rect = ctx.rect;
  // Text of an element that lies outside what its clipping ancestors (or its own clip-path) leave
  // visible, all but a sliver under MIN_TEXT_PX tall (a line's leading: no glyph shows there).
  const hc = ctx.hardClip;
  const hidden: HiddenReason | null =
    ctx.hidden ??
    (hc &&
    rect &&
    !(
      Math.min(rect.right, hc.right) - Math.max(rect.left, hc.left) >= 1 &&
      Math.min(rect.bottom, hc.bottom) - Math.max(rect.top, hc.top) >= MIN_TEXT_PX
    )
      ? 'clipped'
      : null) ??
    // S13: text a person cannot see (same colour as its background, transparent, tiny,
    // moved out of its box or off the page) never becomes a run…
    w.result.perception.hiddenReason(text, ctx);
  if (hidden) {
    // … unless asked for: then it is a run of its own, marked with why it is hidden.
    if (w.options.includeHiddenText) addHiddenRun(w, text, data, ctx, index, hidden);
    return;
  }
  const covers = w.result.covers;
  const bottom = rect ? rect.bottom : 0;
  // Adjacent runs of one block merge here already; saves nodes and ids.
  if (sameRun) {
    const start = prev.raw!.length;
    prev.raw += data;
    prev.bottom = Math.max(prev.bottom, bottom);
    if (ctx.scope.message) prev.inMessage = true;
    covers.noteText(text, ctx.el, rect, prev, start, prev.raw!.length, ctx.scope.dx, ctx.scope.dy);
    return;
  }
  // Text runs get their id after distillation (only the few that are emitted need one).
  w.result.textRuns++;
  const run: BuildNode = {
    vn: { node_id: '', tag: TEXT_TAG, visible: true },
    ref: text,
    children: [],
    block: ctx.block,
    raw: data,
    top: rect ? rect.top : 0,
    bottom,
    idHash: childHash(ctx.hash, '#t' + index),
    inMessage: ctx.scope.message,
  };
  ctx.attach.push(run);
  covers.noteText(text, ctx.el, rect, run, 0, data.length, ctx.scope.dx, ctx.scope.dy);
}

function addHiddenRun(w: WalkState, text: Text, data: string, ctx: Context, index: number, reason: HiddenReason): void {
  const prev = ctx.attach[ctx.attach.length - 1];
  if (prev && prev.vn.hidden === reason && prev.ref && prev.ref.parentNode === text.parentNode) {
    prev.raw += data;
    if (ctx.scope.message) prev.inMessage = true;
    return;
  }
  w.result.textRuns++;
  const rect = ctx.rect;
  ctx.attach.push({
    vn: { node_id: '', tag: TEXT_TAG, visible: false, hidden: reason },
    // A block of its own: visible text before and after never merges into it.
    ref: text,
    children: [],
    block: ++w.blocks,
    raw: data,
    top: rect ? rect.top : 0,
    bottom: rect ? rect.bottom : 0,
    idHash: childHash(ctx.hash, '#t' + index),
    inMessage: ctx.scope.message,
  });
  // Text after it starts a new run.
  ctx.block = ++w.blocks;
}
