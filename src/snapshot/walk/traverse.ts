// Pass 1: one iterative depth-first walk over the rendered (flat) tree — light DOM,
// open shadow roots with slots in rendering order, same-origin iframes — that reads
// each element's computed style and box at most once, skips subtrees that cannot
// render, classifies what it keeps and hoists structural wrappers on the fly.
// No recursion, so a 10,000-deep DOM is fine; checks the time budget as it goes.
import type { ResolvedSnapshotOptions } from '../../options';
import type { NodeFingerprint } from '../../types';
import { getRect, getStyle } from '../../dom/caches';
import {
  classifyActionability,
  containerFor,
  holdsItems,
  lastCursorRead,
  lastListenerBits,
  scanAttributes,
  NO_CONTAINER,
  type Actionability,
  type Surroundings,
} from '../classify/actionability';
import { DELEGATES, documentDelegation, withDelegated } from '../classify/listeners';
import { cannotTakeClick, mayHaveStandIn, noteShownLabel, standInFor, watchAriaDisabled } from '../../semantics';
import { mayHaveRole, roleWith } from '../../semantics';
import { elementPathHash } from '../ids/element-ids';
import { assignIds, type IdSource } from '../ids/assign-ids';
import type { BuildNode } from '../tree';
import { describeKept, walkFacts } from '../classify/describe';
import {
  MIN_OPACITY,
  clipRegion,
  hidesContent,
  intersect,
  intersects,
  isVisibilityVisible,
  contentClips,
  overflowKind,
  paddingBox,
  type Box,
  type PlainRect,
} from '../../dom/geometry';
import { TextPerception } from '../classify/perception';
import { childScope, makeScope, rootContext, surroundingsIn, type Context } from './context';
import { CoverScan } from '../classify/covers';
import { cutsContent, hardClipOf, pinnedClip, positionOf, softClipOf, unclipped } from './frame-view';
import { findModal } from '../classify/modal';
import { looksLikeClosedShadowHost, shadowRootFor } from './shadow-hosts';
import { isMessageRegionScanned } from '../classify/messages';
import { TEXT_NODE } from '../../dom/dom-utils';
import { now } from '../../dom/builtins';
import { collectOwned, requeueLeftBehind } from './owns';
import { SKIP_TAGS, entersChildren, isOpaque } from './opaque';
import { childQueue, type PushChildren } from './child-queue';
import { OutOfView, SCANNED } from './out-of-view';
import { firstChildTag, isBlockDisplay, keepsRole } from './keep-rules';
import { addText } from './text-runs';
import { enterFrame } from './frames';
import { WalkState, type TraversalResult } from './walk-state';

export function traverse(
  root: Document,
  options: ResolvedSnapshotOptions,
  ids: IdSource,
  viewport: Box,
): TraversalResult {
  const started = now();
  // Traversal gets 60 % of the time budget; distilling what it found needs the rest.
  const deadline = options.timeBudgetMs * 0.6;
  const perception = new TextPerception(root, root.defaultView?.scrollX ?? 0, root.defaultView?.scrollY ?? 0);
  const covers = new CoverScan(viewport, root);
  const result: TraversalResult = {
    roots: [],
    visited: 0,
    textRuns: 0,
    kept: 0,
    timedOut: false,
    keptNodes: [],
    labels: [],
    covers,
    perception,
    standIns: new Set(),
    modal: null,
    innerRoots: [],
  };
  const body = root.body ?? root.documentElement;
  if (!body) return result;

  const w = new WalkState(result, options);
  const { push, nodes: nodeStack, contexts: ctxStack, indexes: indexStack } = w;
  const modal = (result.modal = findModal(root));
  const rootScope = makeScope(1, 0, 0, 0, root, false, !modal, false, documentDelegation(root), false, false);
  const rootCtx = rootContext(result.roots, ++w.blocks, rootScope);
  const scrollX = root.defaultView?.scrollX ?? 0;
  const scrollY = root.defaultView?.scrollY ?? 0;
  const owned = collectOwned(root, entersChildren);
  watchAriaDisabled(root, !owned);
  const outOfView = options.viewportOnly ? new OutOfView(viewport.top, viewport.bottom, owned, options) : null;
  push(body, rootCtx, 0);

  // Classification's view of the surroundings: one object, refilled per element.
  const around: Surroundings = {
    parentCursor: '',
    container: NO_CONTAINER,
    delegated: null,
    hasClickListener: options.hasClickListener,
    parentTarget: false,
  };
  const pushChildren = childQueue<Context>(push, owned, options.tokenBudget);
  const facts = walkFacts(body, scanAttributes(body), options);

  // At the end, what an owner never walked left behind (owns.ts).
  while (nodeStack.length || requeueLeftBehind(owned, push)) {
    const node = nodeStack.pop()!;
    const ctx = ctxStack.pop()!;
    const index = indexStack.pop()!;
    const scope = ctx.scope;
    if (node.nodeType === TEXT_NODE) {
      if (ctx.textVisible) addText(w, node as Text, ctx, index);
      continue;
    }
    const el = node as Element;
    result.visited++;
    if ((result.visited & 127) === 0 && now() - started > deadline) {
      result.timedOut = true;
      break;
    }
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) continue;
    const scan = scanAttributes(el);
    if (scan.browserxOverlay || scan.inert) continue;
    let insideModal = scope.insideModal;
    if (!insideModal) {
      if (el === modal) insideModal = true;
      else if (!modal || !el.contains(modal)) continue; // inert behind a modal dialog
    }
    const style = getStyle(el);
    if (!style) continue;
    const display = style.display;
    if (display === 'none') continue;
    // Opacity compounds down the tree: 0.2 inside 0.2 is as faint as 0.04 (S13).
    let opacity = scope.opacity;
    const ownOpacity = style.opacity;
    let opacityHidden = false;
    if (ownOpacity !== '1' && ownOpacity !== '') {
      opacity *= parseFloat(ownOpacity);
      // A native control at opacity 0 may still be what a person operates (a custom look).
      if (opacity <= MIN_OPACITY) {
        if (!mayHaveStandIn(el)) continue;
        opacityHidden = true;
      }
    }

    const isContents = display === 'contents';
    // The box in top-level viewport coordinates, read once (in the top document the DOMRect is its object).
    let left = 0;
    let top = 0;
    let width = 0;
    let height = 0;
    let domRect: DOMRect | null = null;
    if (!isContents) {
      const r = (domRect = getRect(el));
      left = r.left + scope.dx;
      top = r.top + scope.dy;
      width = r.width;
      height = r.height;
    }
    const right = left + width;
    const bottom = top + height;
    // viewportOnly: a subtree wholly above or below the viewport is counted, not walked.
    let scanned = scope.scanned;
    if (outOfView && !isContents && display !== 'inline' && outOfView.outside(top, bottom)) {
      const skipped = outOfView.skip(el, top, scanned);
      if (skipped > 0) {
        result.visited += skipped - 1;
        // Text after a block must not merge into the text before it (as below for a walked one).
        if (isBlockDisplay(display)) ctx.block = ++w.blocks;
        continue;
      }
      if (skipped === SCANNED) scanned = true;
    }
    // hasBox() (semantics/visibility.ts), inlined on the hot path.
    const selfBox = !isContents && width > 0 && height > 0 && (width > 1 || height > 1);
    // Style reads cost ~0.4 µs each: what matters only for content is read only for content (a leaf clips nothing).
    const openShadow = options.includeShadowDom ? shadowRootFor(el, tag, options) : null;
    // openShadow covers closed roots opened through options.shadowRootOf (a host with no light children).
    const hasShadow = openShadow !== null || (!options.includeShadowDom && el.shadowRoot !== null);
    const hasContent = el.firstChild !== null || hasShadow || tag === 'slot';
    // A text-only leaf clips nothing that matters (its text shows only if it has a box), nor does an inline box.
    const cuts = (el.firstElementChild !== null || hasShadow || tag === 'slot') && cutsContent(display, tag);
    const overflow = isContents || !cuts ? 'visible' : overflowKind(style);
    // A zero-size box that clips its overflow shows nothing (sr-only, collapsed panels).
    const srOnly = !isContents && !selfBox && overflow !== 'visible';
    if (srOnly && !options.includeHiddenText) continue;
    // Clipped away by an overflow:hidden ancestor, or above / left of the origin where no scrolling reaches it.
    const position = isContents ? '' : positionOf(style, display);
    // A fixed box is clipped by the viewport, not its ancestors (a menu slid below it is closed), nor scrolled away.
    const pinned = position === 'fixed' ? pinnedClip(el, covers.fixedViewport(scope.doc)) : null;
    const hc = pinned ?? hardClipOf(ctx, position);
    let softClip = softClipOf(ctx, position);
    const clipped =
      !isContents &&
      ((!!hc && !(left < hc.right && right > hc.left && top < hc.bottom && bottom > hc.top)) ||
        bottom + scrollY <= 0 ||
        right + scrollX <= 0);
    const visibilityVisible = isVisibilityVisible(style);
    let visible = selfBox && visibilityVisible && !clipped && !opacityHidden;
    if (visible) covers.noteElement(el, style, position, display, left, top, right, bottom, hc);

    // Tags without an implicit role skip the lookup (the answer is null either way).
    const role = mayHaveRole(tag, scan.role !== null) ? roleWith(el, scan.role) : null;
    const ariaHidden = scope.ariaHidden || scan.ariaHidden;
    if (tag === 'label' && visible && !ariaHidden && !owned) noteShownLabel(el, display);
    const message = scope.message || isMessageRegionScanned(el, tag, scan.role, scan.className, scan.aria);
    let act: Actionability | null = null;
    let standIn: Element | null = null;
    if (visibilityVisible && mayHaveStandIn(el) && (opacityHidden || cannotTakeClick(el, style, domRect))) {
      // Drawn invisible: listed as the control when a person can operate it through a stand-in.
      standIn = clipped ? null : standInFor(el, style, domRect);
      if (standIn) {
        act = STAND_IN;
        visible = true;
        result.standIns.add(el);
      }
    } else if (visible) {
      act = classifyActionability(el, tag, role, scan, style, surroundingsIn(ctx, around));
    }
    const cursor = act ? lastCursorRead() : '';
    const delegated = act && lastListenerBits() & DELEGATES ? withDelegated(scope.delegated, el) : scope.delegated;
    const actionable = !!act && act.tier < 3;
    const closedShadow = !openShadow && visible && looksLikeClosedShadowHost(el, tag);
    const isFrame = tag === 'iframe' || tag === 'frame';

    const elHash = elementPathHash(el, ctx.hash, index, scan.stable, scan.stableAttributes);
    let kept: BuildNode | null = null;
    const keep =
      visible &&
      (actionable ||
        (!ariaHidden && (keepsRole(role, el, scan.authorNamed) || isFrame || !!openShadow || closedShadow)));
    const standInBox = standIn && standIn !== el ? getRect(standIn) : null; // in its frame's coordinates, as domRect
    const rect: PlainRect | null = standInBox
      ? plainRect(standInBox, ctx)
      : isContents || (!keep && !hasContent)
        ? null
        : (scope.dx === 0 && scope.dy === 0 && domRect) || { left, top, right, bottom, width, height };
    if (keep) {
      const offscreen = !!rect && (!intersects(rect, viewport) || (!!softClip && !intersects(rect, softClip)));
      const vn = describeKept(facts, el, tag, role, scan, style, display, act, offscreen, rect!);
      // A3: the resolver recomputes these; a name the snapshot did not compute (named by content) is not recorded.
      const fingerprint: NodeFingerprint = { tag, role: role ?? '', name: facts.named ? (vn.name ?? '') : undefined };
      kept = {
        vn,
        ref: el,
        children: [],
        block: ++w.blocks,
        flowBlock: ctx.block,
        top: rect!.top,
        bottom: rect!.bottom,
        idHash: elHash,
        reuseId: ids.reuse(el, fingerprint),
        fp: fingerprint,
        inMessage: message,
        pending: facts.pending,
        target: standIn ?? el,
        targetBox: standInBox ?? domRect,
        unclipped: !owned && !standIn && unclipped(scope, position, hc, softClip, options.includeShadowDom),
      };
      ctx.attach.push(kept);
      result.kept++;
      result.keptNodes.push(kept);
      if (act?.reason === 'label') result.labels.push(kept);
      if (closedShadow) {
        vn.closedShadowRoot = true;
        vn.text = vn.text ?? 'Content in a closed shadow root is not accessible';
      }
    }

    if (isFrame) {
      if (kept && options.includeIframes) enterFrame(w, el, kept, ctx, rect!, rootScope.delegated);
      continue;
    }
    const opaque = isOpaque(el, tag);
    if (!hasContent || opaque || (cuts && hidesContent(style))) continue;

    const isBlock = !isContents && isBlockDisplay(display);
    // No box of its own, or clipped away: its text is visually hidden (sr-only).
    const boxHidden = clipped || (!isContents && !selfBox && tag !== 'slot');
    let hardClip = hc;
    if (pinned) softClip = null;
    if (rect && overflow !== 'visible') {
      // Overflow is cut at the padding box: a slide 1px under the border is not shown.
      const clips = contentClips(overflow, paddingBox(el, rect), hardClip);
      hardClip = clips.hard;
      if (clips.soft) softClip = softClip ? intersect(softClip, clips.soft) : clips.soft;
    }
    // clip-path / clip cut the content away like overflow does (sr-only text, inset(50%)).
    const cut = rect ? clipRegion(style, rect, position) : null;
    if (cut) hardClip = hardClip ? intersect(hardClip, cut) : cut;
    const childCtx: Context = {
      up: ctx,
      el,
      style,
      rect,
      inline: display === 'inline',
      scope: childScope(scope, opacity, ariaHidden, insideModal, message, delegated, scanned, position),
      cursor: cursor || (visible ? '' : ctx.cursor),
      hash: elHash,
      attach: kept ? kept.children : ctx.attach,
      block: kept || isBlock ? ++w.blocks : ctx.block,
      textVisible:
        visibilityVisible &&
        !ariaHidden &&
        (isContents ? ctx.textVisible : true) &&
        (!boxHidden || options.includeHiddenText),
      hidden: boxHidden ? 'visually-hidden' : isContents ? ctx.hidden : null,
      hardClip,
      softClip,
      container: containerFor(act, ctx.container),
      target: holdsItems(act, tag, role),
      bg: undefined, // bg, verdict: set by perception on first need; declared so every context has one shape
      verdict: undefined,
    };

    if (openShadow) result.innerRoots.push(openShadow);
    pushRenderedChildren(el, tag, openShadow, kept, childCtx, pushChildren);
    // Trailing block boundary: text after this block element must not merge into it.
    if (isBlock && !kept) ctx.block = ++w.blocks;
  }

  assignIds(result.keptNodes, ids);
  return result;
}

/** Queues what `el` renders, in rendering order: its shadow tree, a closed <details>' summary, a slot's assigned nodes, or its children. */
function pushRenderedChildren(
  el: Element,
  tag: string,
  openShadow: ShadowRoot | null,
  kept: BuildNode | null,
  childCtx: Context,
  pushChildren: PushChildren<Context>,
): void {
  if (openShadow) {
    if (kept) {
      kept.shadow = [];
      pushChildren(openShadow, openShadow.firstChild, { ...childCtx, attach: kept.shadow }, null);
    } else {
      pushChildren(openShadow, openShadow.firstChild, childCtx, null);
    }
  } else if (tag === 'details' && !el.hasAttribute('open')) {
    // A closed <details> renders only its summary (the rest sits in a hidden ::details-content slot).
    const summary = firstChildTag(el, 'summary');
    if (summary) pushChildren(el, null, childCtx, [summary]);
  } else if (tag === 'slot') {
    const assigned = (el as HTMLSlotElement).assignedNodes();
    if (assigned.length) pushChildren(el, null, childCtx, assigned);
    else pushChildren(el, el.firstChild, childCtx, null);
  } else {
    pushChildren(el, el.firstChild, childCtx, null);
  }
}

/** A drawn-invisible control listed through its stand-in: a native control, tier 1. */
const STAND_IN: Actionability = { tier: 1, reason: 'native', focusable: true };

/** The stand-in's box `r` in top-level viewport coordinates (the control itself shows nothing). */
function plainRect(r: DOMRect, ctx: Context): PlainRect {
  const left = r.left + ctx.scope.dx;
  const top = r.top + ctx.scope.dy;
  return { left, top, right: left + r.width, bottom: top + r.height, width: r.width, height: r.height };
}
