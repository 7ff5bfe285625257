// Selector export (seed 000 §1): a CSS path that prefers stable identifiers and an
// XPath fallback, computed only when `includeSelectors` asks for them. Within a
// shadow root or iframe the selectors are relative to that root.
import { isStableAuthorId } from '../ids/element-ids';
import { isElement } from '../../dom/dom-utils';

const PREFERRED_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'name', 'aria-label'];

function cssEscape(value: string): string {
  const esc = (globalThis as { CSS?: { escape?: (v: string) => string } }).CSS?.escape;
  return esc ? esc(value) : value.replace(/([^\w-])/g, '\\$1');
}

function uniqueIn(root: ParentNode, selector: string): boolean {
  try {
    return root.querySelectorAll(selector).length === 1;
  } catch {
    return false;
  }
}

export function cssSelector(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const parts: string[] = [];
  let current: Element | null = el;
  while (current && isElement(current)) {
    const tag = current.localName;
    if (current.id && isStableAuthorId(current.id)) {
      parts.unshift('#' + cssEscape(current.id));
      if (uniqueIn(root, parts.join(' > '))) return parts.join(' > ');
    } else {
      let segment = tag;
      for (let i = 0; i < PREFERRED_ATTRIBUTES.length; i++) {
        const v = current.getAttribute(PREFERRED_ATTRIBUTES[i]);
        if (v && v.length <= 64) {
          segment = `${tag}[${PREFERRED_ATTRIBUTES[i]}="${v.replace(/"/g, '\\"')}"]`;
          break;
        }
      }
      if (segment === tag) segment += nthOfType(current);
      parts.unshift(segment);
      if (uniqueIn(root, parts.join(' > '))) return parts.join(' > ');
    }
    const parent: Node | null = current.parentNode;
    current = parent && isElement(parent) ? parent : null;
  }
  return parts.join(' > ');
}

function nthOfType(el: Element): string {
  let index = 1;
  let total = 1;
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling)
    if (s.localName === el.localName) {
      index++;
      total++;
    }
  for (let s = el.nextElementSibling; s; s = s.nextElementSibling) if (s.localName === el.localName) total++;
  return total > 1 ? `:nth-of-type(${index})` : '';
}

export function xpathOf(el: Element): string {
  if (el.id && isStableAuthorId(el.id) && !el.id.includes('"')) return `//*[@id="${el.id}"]`;
  const parts: string[] = [];
  let current: Element | null = el;
  while (current && isElement(current)) {
    let index = 1;
    for (let s = current.previousElementSibling; s; s = s.previousElementSibling)
      if (s.localName === current.localName) index++;
    const name =
      current.namespaceURI === 'http://www.w3.org/1999/xhtml'
        ? current.localName
        : `*[local-name()="${current.localName}"]`;
    parts.unshift(`${name}[${index}]`);
    const parent: Node | null = current.parentNode;
    current = parent && isElement(parent) ? parent : null;
  }
  return '/' + parts.join('/');
}
