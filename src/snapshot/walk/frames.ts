// The walk enters a same-origin frame's document as part of the page (S8): its body is
// queued under the frame's kept node, in the frame's own coordinates and clips. A
// cross-origin frame, or one beyond the depth limit, says so in its node's text.
import { getStyle } from '../../dom/caches';
import { frameView, type Box } from '../../dom/geometry';
import type { BuildNode } from '../tree';
import { childHash, elementPathHash } from '../ids/element-ids';
import { frameScope, rootContext, type Context } from './context';
import type { WalkState } from './walk-state';

/** Enters the frame `frameEl`, kept as `kept` with `box`; `delegated` is the top document's delegation. */
export function enterFrame(
  w: WalkState,
  frameEl: Element,
  kept: BuildNode,
  ctx: Context,
  box: Box,
  delegated: string[] | null,
): void {
  let doc: Document | null = null;
  try {
    doc = (frameEl as HTMLIFrameElement).contentDocument;
  } catch {
    doc = null;
  }
  const src = frameEl.getAttribute('src') ?? '';
  if (src) kept.vn.frameSrc = src.length > 200 ? src.slice(0, 200) : src;
  if (!doc || !doc.documentElement) {
    kept.vn.crossOrigin = true;
    kept.vn.text = 'Cross-origin iframe: content not accessible';
    return;
  }
  if (ctx.scope.frameDepth >= w.options.maxIframeDepth) {
    kept.vn.text = 'Nested iframe beyond the depth limit';
    return;
  }
  const frameBody = doc.body ?? doc.documentElement;
  const view = frameView(frameEl, doc, box);
  kept.frame = [];
  w.result.innerRoots.push(doc);
  w.result.covers.noteFrame(doc, view);
  w.push(
    frameBody,
    {
      ...rootContext(kept.frame, ++w.blocks, frameScope(ctx.scope, view, doc, delegated)),
      // A frame's canvas is transparent: behind its <html> lie the frame element and the page around it.
      up: { ...ctx, up: ctx, el: frameEl, style: getStyle(frameEl), bg: undefined, verdict: undefined },
      hash: childHash(elementPathHash(frameEl, ctx.hash, 0), 'frame'),
      hardClip: view.hardClip,
      softClip: view.viewport,
    },
    0,
  );
}
