// What the walk (traverse.ts) knows around the children of one element. One context per
// element with content is the walk's largest allocation, so what changes only at a frame, a
// modal, a message region, an aria-hidden subtree, an opacity or a delegating ancestor lives
// in a Scope that every context below it shares, and a context carries only what changes
// from element to element.
import type { BuildNode } from '../tree';
import type { Box } from '../../dom/geometry';
import type { HiddenReason, SiteScope, TextSite } from '../classify/perception';
import { NO_CONTAINER, type Surroundings } from '../classify/actionability';
import { getStyle } from '../../dom/caches';

/** The facts shared by a subtree's contexts; replaced (not changed) where one of them changes. */
export interface Scope extends SiteScope {
  frameDepth: number;
  doc: Document;
  ariaHidden: boolean;
  insideModal: boolean;
  /** The element is, or sits in, a message region (alert, live region, toast) in the rendered tree. */
  message: boolean;
  /** Selectors of jQuery pointer handlers delegated by ancestors, or null. */
  delegated: string[] | null;
  /** viewportOnly: an ancestor's light pass (walk/out-of-view.ts) already looked through this subtree. */
  scanned: boolean;
  /** An absolutely positioned box is at or above: its clips come from its containing block (frame-view.ts unclipped). */
  absolute: boolean;
}

/** What the walk knows around the children of one element; its TextSite part is what perception reads for their text. */
export interface Context extends TextSite {
  up: Context | null; // the context the element itself was visited in
  scope: Scope;
  /** Computed cursor of the parent ('' when not read): an own pointer cursor differs from it. */
  cursor: string;
  hash: number;
  attach: BuildNode[];
  block: number;
  textVisible: boolean;
  /** Text here is rendered but visually hidden (sr-only box, clipped away); shown only with includeHiddenText. */
  hidden: HiddenReason | null;
  softClip: Box | null;
  /** What the nearest actionable ancestor is (NO_CONTAINER, IN_CONTROL, IN_CUSTOM). */
  container: number;
  /** The parent is a custom click target whose repeated children are its items (classify/actionability.ts). */
  target: boolean;
}

/** A scope, in the one shape every scope has. */
export function makeScope(
  opacity: number,
  dx: number,
  dy: number,
  frameDepth: number,
  doc: Document,
  ariaHidden: boolean,
  insideModal: boolean,
  message: boolean,
  delegated: string[] | null,
  scanned: boolean,
  absolute: boolean,
): Scope {
  return { opacity, dx, dy, frameDepth, doc, ariaHidden, insideModal, message, delegated, scanned, absolute };
}

/** The scope of an element's children: `scope` itself when none of its facts changed. */
export function childScope(
  scope: Scope,
  opacity: number,
  ariaHidden: boolean,
  insideModal: boolean,
  message: boolean,
  delegated: string[] | null,
  scanned: boolean,
  position: string,
): Scope {
  const absolute = scope.absolute || position === 'absolute';
  if (
    absolute === scope.absolute &&
    opacity === scope.opacity &&
    ariaHidden === scope.ariaHidden &&
    insideModal === scope.insideModal &&
    message === scope.message &&
    delegated === scope.delegated &&
    scanned === scope.scanned
  )
    return scope;
  return makeScope(
    opacity,
    scope.dx,
    scope.dy,
    scope.frameDepth,
    scope.doc,
    ariaHidden,
    insideModal,
    message,
    delegated,
    scanned,
    absolute,
  );
}

/**
 * The scope of a same-origin frame's <body>: its own document and offset, opacity starting
 * over, inside any modal (the walk entered it), with the top document's delegated handlers.
 */
export function frameScope(
  outer: Scope,
  view: { dx: number; dy: number },
  doc: Document,
  delegated: string[] | null,
): Scope {
  return makeScope(1, view.dx, view.dy, outer.frameDepth + 1, doc, false, true, false, delegated, false, false);
}

/** The context a document's <body> is visited in; <html> is the bottom of its paint chain (its background is the canvas's, CSS 2 §14.2). */
export function rootContext(attach: BuildNode[], block: number, scope: Scope): Context {
  const doc = scope.doc;
  const paintRoot = doc.body ? doc.documentElement : null;
  return {
    up: null,
    el: paintRoot,
    style: paintRoot ? getStyle(paintRoot) : null,
    rect: null,
    inline: false,
    scope,
    cursor: '',
    hash: 0x5eed,
    attach,
    block,
    textVisible: true,
    hidden: null,
    hardClip: null,
    softClip: null,
    container: NO_CONTAINER,
    target: false,
    bg: undefined,
    verdict: undefined,
  };
}

/** Refills classification's view of the surroundings (one object for the whole walk) for an element visited in `ctx`. */
export function surroundingsIn(ctx: Context, around: Surroundings): Surroundings {
  around.parentCursor = ctx.cursor;
  around.container = ctx.container;
  around.delegated = ctx.scope.delegated;
  around.parentTarget = ctx.target;
  return around;
}
