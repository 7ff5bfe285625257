// Base readers every semantics getter shares: attributes that never throw, ARIA
// tokens, the HTML namespace test, the input type. Cross-realm safe (no instanceof).

export const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * Space-separated words as a null-prototype set (immune to prototype pollution). The
 * `__proto__: null` literal, not Object.create: a page may have replaced that before we
 * loaded, and these tables are built at load (R1, issue 19).
 */
export function wordSet(words: string): Record<string, true> {
  const set = { __proto__: null } as unknown as Record<string, true>;
  const parts = words.split(' ');
  for (let i = 0; i < parts.length; i++) if (parts[i]) set[parts[i]] = true;
  return set;
}

/** The same words behind a `has` test (for tables that were Sets: no Set at load, R1). */
export function wordList(words: string): { has(word: string): boolean } {
  const set = wordSet(words);
  return { has: (word) => set[word] === true };
}

export function attr(el: Element, name: string): string | null {
  try {
    return el.getAttribute(name);
  } catch {
    return null;
  }
}

/** An ARIA attribute as a lower-case token; null when absent, empty or "undefined". */
export function ariaToken(el: Element, name: string): string | null {
  const v = attr(el, name);
  if (v === null) return null;
  const t = v.trim().toLowerCase();
  return t === '' || t === 'undefined' ? null : t;
}

export function isHtml(el: Element): boolean {
  const ns = el.namespaceURI;
  return ns === HTML_NS || ns === null;
}

/** The type of an <input> ('' for other elements), lower-case; unknown types are 'text' as in HTML. */
export function inputType(el: Element): string {
  if (el.localName !== 'input' || !isHtml(el)) return '';
  const t = (el as HTMLInputElement).type;
  return typeof t === 'string' ? t : (attr(el, 'type') || 'text').trim().toLowerCase();
}
