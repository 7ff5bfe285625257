// The budget's cheap price of a line (distill/budget.ts): a lower bound of lineCostFor's
// that formats nothing, so that only the lines the budget may keep are formatted.
import type { BuildNode } from '../tree';
import { HOVER_TAG, SUMMARY_TAG, TEXT_TAG } from '../tree';
import { hasOwnLine, label, lineCostFor } from './text';
import { nonAsciiUnits, tokensFor } from './tokens';

/**
 * A lower bound of lineCostFor's price that formats nothing, 0 exactly when that is 0: the
 * tokens of the parts of an element's line known without formatting it (id, label, quoted
 * name, and a non-control's own text), which completing its description (states, marks)
 * only adds to. Text runs and synthetic lines cost what they cost (formatting them is free).
 * The budget prices every line with it and formats only the lines it may keep.
 */
export function lineBoundFor(maxTextLength: number): (node: BuildNode) => number {
  const exact = lineCostFor(maxTextLength);
  return (node) => {
    const vn = node.vn;
    if (!hasOwnLine(vn)) return 0;
    if (vn.tag === TEXT_TAG || vn.tag === SUMMARY_TAG || vn.tag === HOVER_TAG) return exact(node);
    // formatLine's parts, each counted at no more than it shows: ' "name"' (quote() only
    // adds escapes), the label or a list item's '-', the id of a control.
    let length = 0;
    let other = 0;
    if (vn.name) {
      length += vn.name.length + 3;
      other += nonAsciiUnits(vn.name);
    }
    const item = vn.role === 'listitem' && !vn.actionable;
    length += item ? 1 : label(vn).length + (vn.actionable ? vn.node_id.length + 1 : 0);
    // A non-control's text follows its name (a list item's always), after a space at least;
    // a text cut to the line's length is left out (what the cut leaves is not counted here).
    const text = vn.text;
    if (text && !vn.actionable && (!maxTextLength || text.length <= maxTextLength)) {
      if (item || (text !== vn.name && !vn.hint)) {
        length += 1 + text.length;
        other += nonAsciiUnits(text);
      }
    }
    return tokensFor(length, other);
  };
}
