// Which elements the walk keeps as nodes of their own for their role (S1), and the block
// boundaries that separate text runs. Pure rules over tags, roles and attributes: no style.
import { wordList } from '../../semantics/element';

/** Roles that carry structure or meaning for a reader; kept as nodes (S1). */
const KEEP_ROLES = wordList(
  'form table grid treegrid row cell gridcell columnheader rowheader dialog alertdialog navigation ' +
    'main banner contentinfo complementary search region list listitem group menu menubar tablist tree ' +
    'listbox radiogroup toolbar tabpanel heading img figure article alert status log math progressbar ' +
    'meter separator',
);

/**
 * Roles whose name ARIA prohibits (ARIA 1.2 §5.2.8.6): an aria-label on them names nothing,
 * so it keeps nothing either.
 */
const NAME_PROHIBITED_ROLES = wordList(
  'caption code deletion emphasis generic insertion mark paragraph presentation none strong subscript superscript suggestion term definition',
);

/** Roles kept only when they have an accessible name (S1: region / group with a name). */
const NAMED_ONLY_ROLES = wordList('region group img figure article separator');

/** Block-level displays (block, flex, flow-root, grid, list-item, table*) separate text runs. */
export function isBlockDisplay(display: string): boolean {
  const c = display.charCodeAt(0);
  return c === 98 /* b */ || c === 102 /* f */ || c === 103 /* g */ || c === 108 /* l */ || c === 116 /* t */;
}

/** Whether an element with `role` is kept for it (a shown, not aria-hidden element). */
export function keepsRole(role: string | null, el: Element, authorNamed: boolean): boolean {
  if (!role) return false;
  // S1 / seed 001: a structure its author named (a note, a timer, a feed, a labelled
  // blockquote or row group) is kept with its role and name, as the accessibility tree has it.
  if (authorNamed && !NAME_PROHIBITED_ROLES.has(role)) return true;
  if (!KEEP_ROLES.has(role)) return false;
  if (!NAMED_ONLY_ROLES.has(role)) return true;
  // Cheap evidence of a name; the name itself is computed only for kept nodes.
  if (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') || el.hasAttribute('title')) return true;
  switch (el.localName) {
    case 'img':
    case 'area':
      return !!el.getAttribute('alt');
    case 'svg':
      return firstChildTag(el, 'title') !== null;
    case 'fieldset':
      return firstChildTag(el, 'legend') !== null;
    case 'figure':
      return firstChildTag(el, 'figcaption') !== null;
    default:
      return false;
  }
}

export function firstChildTag(el: Element, tag: string): Element | null {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.localName === tag) return c;
  return null;
}
