// Issue 17: a long page must not starve what is in view. Under a token budget the walk has a
// time budget too, and in document order it spent it on the top of a 5,000-row table: after
// scrolling to row 4321 the text still listed rows 0–547 and find('Customer 4321') found
// nothing. The distiller keeps what is on screen anyway (distill/summarize.ts), so the rows far
// above the viewport would be summarized away; here they are not walked at all. A person
// scrolled down sees the rows in view, and the text says how many lie above (the walk's line
// below; distill/summarize.ts folds it into the list's own summary when it summarizes the list).
//
// Only for long child lists (a table body, a feed, a virtual list) and only under a token
// budget: a full snapshot (tokenBudget 0) still walks everything.
import { getRect } from '../../dom/caches';
import { ELEMENT_NODE } from '../../dom/dom-utils';
import { SUMMARY_TAG, type BuildNode } from '../tree';

/** Child lists at least this long are walked from near the viewport. */
export const LONG_CHILD_LIST = 200;
/** Children still walked above the viewport: a little context for the first rows in view. */
const KEPT_ABOVE = 5;
/** Skipping fewer than this many is not worth a line. */
const MIN_SKIPPED = 50;

/**
 * How many of `children` (an element's child nodes, in order) to leave out: the leading
 * element children whose boxes end above the viewport (viewport coordinates of the top-level
 * document), less the last KEPT_ABOVE of them. Reading a box per
 * child is cheap next to walking its subtree. A child without a box (display: contents, hidden)
 * ends the run: its content may render anywhere.
 */
export function childrenAboveViewport(children: Node[], count: number): number {
  let elements = 0;
  for (let i = 0; i < count; i++) if (children[i].nodeType === ELEMENT_NODE) elements++;
  if (elements < LONG_CHILD_LIST) return 0;
  let run = 0;
  let lastAbove = -1;
  for (let i = 0; i < count; i++) {
    const child = children[i];
    if (child.nodeType !== ELEMENT_NODE) continue;
    const r = getRect(child as Element);
    if (r.width <= 0 || r.height <= 0 || r.bottom >= 0) break;
    run++;
    lastAbove = i;
  }
  if (run - KEPT_ABOVE < MIN_SKIPPED) return 0;
  // Cut after the element that leaves KEPT_ABOVE element children before the first one in view.
  let keep = KEPT_ABOVE;
  let cut = lastAbove;
  for (; cut >= 0 && keep > 0; cut--) if (children[cut].nodeType === ELEMENT_NODE) keep--;
  return cut + 1;
}

/** The line standing for the children left out: how many, what, and which way to scroll. */
export function aboveViewportNode(children: Node[], skipped: number, key: number): BuildNode {
  let count = 0;
  let tag = '';
  let last: Element | null = null;
  for (let i = 0; i < skipped; i++) {
    const child = children[i];
    if (child.nodeType !== ELEMENT_NODE) continue;
    count++;
    tag ||= (child as Element).localName;
    last = child as Element;
  }
  // One box read: where the skipped run ends (childrenAboveViewport read the others already).
  const bottom = last ? getRect(last).bottom : 0;
  const kind = KIND[tag] ?? tag;
  return {
    vn: {
      node_id: 'nv_above_' + (key >>> 0).toString(36),
      tag: SUMMARY_TAG,
      visible: true,
      text: `${count} ${kind} items above the visible area, not read (scroll up to see them).`,
      summary: { total: count, shown: 0, label: 'above' },
    },
    children: [],
    block: 0,
    top: bottom,
    bottom,
  };
}

const KIND: Record<string, string> = { tr: 'row', li: 'listitem', article: 'article', div: 'div' };
