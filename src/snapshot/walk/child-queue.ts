// How the walk queues an element's children (traverse.ts): in rendering order, each with its
// index among same-tag siblings (the structural id hashes it), elements it owns through
// aria-owns appended and those owned elsewhere left out, and under a token budget a long
// list started near the viewport (viewport-first.ts).
import type { BuildNode } from '../tree';
import { TagCounts } from './tag-counts';
import { ELEMENT_NODE, TEXT_NODE, isElement } from '../../dom/dom-utils';
import { LONG_CHILD_LIST, aboveViewportNode, childrenAboveViewport } from './viewport-first';
import { siblingIndices } from './sibling-index';
import { appendOwned, ownIndex, type Ownership } from './owns';

/** What queuing needs of the walk's context of the children. */
export interface QueueSite {
  scope: { frameDepth: number };
  attach: BuildNode[];
  hash: number;
}

export type PushChildren<C extends QueueSite> = (
  parent: Element | ShadowRoot | Document,
  first: Node | null,
  ctx: C,
  list: Node[] | null,
) => void;

/**
 * The walk's pushChildren: queues `list` (or the siblings from `first`) with `push`. Its
 * scratch lists are reused from call to call: no object per element.
 */
export function childQueue<C extends QueueSite>(
  push: (node: Node, ctx: C, index: number) => void,
  owned: Ownership | null,
  tokenBudget: number,
): PushChildren<C> {
  const tagCounts = new TagCounts();
  // Scratch lists, filled up to `count` and never cleared: setting length to 0 frees their storage.
  const pending: Node[] = [];
  const pendingIndex: number[] = [];
  return (parent, first, ctx, list) => {
    // The common single child (a text run, one wrapper) needs no counting.
    if (!list && !owned && first && first.nextSibling === null) {
      const type = first.nodeType;
      if (type === TEXT_NODE) push(first, ctx, 0);
      else if (type === ELEMENT_NODE) push(first, ctx, 1);
      return;
    }
    let count = 0;
    if (list) {
      for (let i = 0; i < list.length; i++) pending[count++] = list[i];
    } else {
      for (let child = first; child; child = child.nextSibling) {
        if (owned && isElement(child) && owned.ownerOf.has(child) && owned.ownerOf.get(child) !== parent) {
          // Its owner takes it; if the owner is never walked, the walk visits it here at the end (owns.ts).
          if (!owned.visited.has(child)) owned.leftBehind.push({ el: child, ctx, index: ownIndex(child) });
          continue;
        }
        pending[count++] = child;
      }
    }
    if (owned && isElement(parent) && owned.ownedBy.has(parent)) {
      pending.length = count;
      appendOwned(parent, owned, pending);
      count = pending.length;
    }
    siblingIndices(pending, count, pendingIndex, tagCounts);
    // Under a token budget, a long list starts near the viewport (viewport-first.ts).
    const from =
      tokenBudget > 0 && ctx.scope.frameDepth === 0 && count >= LONG_CHILD_LIST
        ? childrenAboveViewport(pending, count)
        : 0;
    if (from) ctx.attach.push(aboveViewportNode(pending, from, ctx.hash));
    // Pushed backwards so the first child is popped first.
    for (let i = count - 1; i >= from; i--) if (pendingIndex[i] >= 0) push(pending[i], ctx, pendingIndex[i]);
  };
}
