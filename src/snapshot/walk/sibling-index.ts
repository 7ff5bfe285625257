// The index of each child among its same-tag siblings: part of an element's path hash, so an
// id survives siblings of other tags coming and going (ids/element-ids.ts).
import { ELEMENT_NODE, TEXT_NODE } from '../../dom/dom-utils';
import type { TagCounts } from './tag-counts';

/** Each of the first `count` children's index among its same-tag siblings (text nodes among text nodes; -1 for others), counted forwards. */
export function siblingIndices(pending: Node[], count: number, out: number[], tagCounts: TagCounts): void {
  let textIndex = 0;
  tagCounts.reset();
  for (let i = 0; i < count; i++) {
    const child = pending[i];
    if (child.nodeType === TEXT_NODE) out[i] = textIndex++;
    else if (child.nodeType === ELEMENT_NODE) out[i] = tagCounts.next((child as Element).localName);
    else out[i] = -1;
  }
}
