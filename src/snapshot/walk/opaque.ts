// Which elements the walk enters (traverse.ts), and which an aria-owns owner must be to hold
// what it owns (owns.ts): one answer for both.
import { wordList } from '../../semantics/element';
import { svgHoldsWidgets } from '../../semantics';

/** Elements that never render content a person can see or use. */
export const SKIP_TAGS = wordList(
  'script style noscript template head meta link title base param source track datalist',
);
/** Elements whose DOM children are not shown as separate content (an <svg> holding widgets is walked). */
const OPAQUE_TAGS = wordList(
  'svg select textarea input option optgroup canvas video audio img iframe frame object embed math',
);

/** Not walked into: its insides are the control's own drawing (a select's options, an image's shapes, a frame's document). */
export function isOpaque(el: Element, tag: string): boolean {
  return OPAQUE_TAGS.has(tag) && !svgHoldsWidgets(el);
}

/** Whether the walk may queue an element's children (it still leaves out hidden ones). */
export function entersChildren(el: Element): boolean {
  const tag = el.localName;
  return !SKIP_TAGS.has(tag) && !isOpaque(el, tag);
}
