// Issue 21: a clickable card, tile or row is one target whose title is its heading. Without a
// name of its own its line read "nv_i8dp clickable" with the heading on an id-less line below,
// so nothing on the line the agent acts on said which card it was. The text rendering moves
// that heading onto the card's line ("nv_i8dp clickable: h3 \"Trail tent 2P\""): no token
// more, and the id sits next to the words that name it. JSON keeps the tree as it is.
import { wordList } from '../../semantics/element';
import type { BuildNode } from '../tree';
import { TEXT_TAG } from '../tree';

/** Roles a clickable container may have and still be titled by its heading (no name of their own). */
const CONTAINER_ROLES = wordList('generic group listitem article row gridcell cell region figure');
/** How many lines of the card are looked at for its heading (an image or a badge may come first). */
const LINES_LOOKED_AT = 3;

/**
 * The heading that titles `node` when it is a nameless clickable container: among its first
 * lines, before any other control or text, a heading without children of its own. Undefined
 * otherwise. `ownLine` says whether a node renders a line (the rest are transparent wrappers).
 */
export function cardHeading(node: BuildNode, ownLine: (n: BuildNode) => boolean): BuildNode | undefined {
  const vn = node.vn;
  if (!vn.actionable || vn.name || vn.text || (vn.role && !CONTAINER_ROLES.has(vn.role))) return undefined;
  let seen = 0;
  let found: BuildNode | undefined;
  // Depth first in reading order; stops at the first thing that is not an image or a wrapper.
  const visit = (list: BuildNode[]): boolean => {
    for (let i = 0; i < list.length; i++) {
      const child = list[i];
      if (child.shadow || child.frame || child.vn.tag === TEXT_TAG || child.vn.actionable) return false;
      if (!ownLine(child)) {
        if (!visit(child.children)) return false;
        continue;
      }
      if (child.vn.role === 'heading') {
        if (child.children.length || !(child.vn.name || child.vn.text)) return false;
        found = child;
        return false;
      }
      // A picture above the title is part of the card, not its title.
      if ((child.vn.role !== 'img' && child.vn.role !== 'image') || child.children.length || ++seen >= LINES_LOOKED_AT)
        return false;
    }
    return true;
  };
  visit(node.children);
  return found;
}
