// The accessible name's fast path: the common shapes whose name the full computation
// (name.ts) would give without its bookkeeping. Each shape must give exactly what
// accname steps 2B–2F give there; anything else returns null and takes the full path.
import { TEXT_NODE } from '../dom/dom-utils';
import { pseudoContentPossible } from '../dom/caches';
import { cleanName } from './name-text';
import { KNOWN_VISIBLE, isVisibilityHidden, transformText } from './name-style';
import { allowsNameFromContent } from './roles';

/** Elements whose host-language label (2E) could precede their content: never on the fast path. */
const NATIVE_LABEL_TAGS: Record<string, true> = { __proto__: null } as unknown as Record<string, true>;
for (const t of [
  'input',
  'button',
  'select',
  'textarea',
  'meter',
  'output',
  'progress',
  'img',
  'area',
  'svg',
  'option',
  'optgroup',
  'fieldset',
  'table',
  'figure',
  'details',
  'iframe',
  'object',
  'embed',
  'math',
])
  NATIVE_LABEL_TAGS[t] = true;

/**
 * A `known` flag of getAccessibleName (beside name-style.ts's style facts, KNOWN_VISIBLE…): the
 * element has neither an aria-label nor an aria-labelledby attribute.
 */
export const KNOWN_UNLABELLED = 2;

/**
 * Fast path for the most common case — a link, heading or item named by its own text
 * (`<a href>Docs</a>`): no aria-label(ledby), only text children, visible, no generated
 * content. Gives exactly what steps 2B–2F would, without their bookkeeping; anything
 * else returns null and takes the full computation.
 */
export function simpleContentName(el: Element, role: string | null, known: number): string | null {
  if (!allowsNameFromContent(role)) return el.localName === 'img' ? altName(el, role, known) : null;
  if (NATIVE_LABEL_TAGS[el.localName] === true) return null;
  if (!(known & KNOWN_UNLABELLED) && (el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-label'))) return null;
  const first = el.firstChild;
  if (!first) return null;
  let text = '';
  for (let c: Node | null = first; c; c = c.nextSibling) {
    if (c.nodeType !== TEXT_NODE) return null;
    const data = (c as Text).data;
    text += /\S/.test(data) ? transformText(data, el) : data;
  }
  if ((!(known & KNOWN_VISIBLE) && isVisibilityHidden(el)) || pseudoContentPossible(el) === 2) return null;
  const name = cleanName(text);
  // Empty content falls back to title etc.: the full path decides.
  return name ? name : null;
}

/**
 * An <img> named by its alt text, without aria-label(ledby): 2B and 2D give nothing, and
 * 2E (HTML-AAM) gives a non-blank alt unless the image is presentational. Null: the full path.
 */
function altName(el: Element, role: string | null, known: number): string | null {
  if (role === 'none' || el.namespaceURI === 'http://www.w3.org/2000/svg') return null;
  if (!(known & KNOWN_UNLABELLED) && (el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-label'))) return null;
  const alt = el.getAttribute('alt');
  return alt !== null && alt.trim() ? cleanName(alt) : null;
}
