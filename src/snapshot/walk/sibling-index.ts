// The index of each child among its same-tag siblings: part of an element's path hash, so an
// id survives siblings of other tags coming and going (ids/element-ids.ts).
import { ELEMENT_NODE, TEXT_NODE } from '../../dom/dom-utils';

/** Each of the first `count` children's index among its same-tag siblings (text nodes among text nodes; -1 for others), counted forwards. */
export function siblingIndices(pending: Node[], count: number, out: number[], tagCounts: Map<string, number>): void {
  let textIndex = 0;
  for (let i = 0; i < count; i++) {
    const child = pending[i];
    if (child.nodeType === TEXT_NODE) out[i] = textIndex++;
    else if (child.nodeType === ELEMENT_NODE) {
      const tag = (child as Element).localName;
      const index = (tagCounts.get(tag) ?? 0) + 1;
      tagCounts.set(tag, index);
      out[i] = index;
    } else out[i] = -1;
  }
}
