// Elements whose DOM children are not shown as separate content: their insides are the
// control's own drawing (a select's options, an image's SVG shapes, a frame's document).
import { wordList } from '../../semantics/element';
import { svgHoldsWidgets } from '../../semantics';

const OPAQUE_TAGS = wordList(
  'svg select textarea input option optgroup canvas video audio img iframe frame object embed math',
);

/** Not walked into; an <svg> that holds widgets (ARIA roles on its shapes) is walked like a container. */
export function isOpaque(el: Element, tag: string): boolean {
  return OPAQUE_TAGS.has(tag) && !(tag === 'svg' && svgHoldsWidgets(el));
}
