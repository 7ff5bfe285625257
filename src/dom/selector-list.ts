// A selector list (a CSSOM selectorText) split into its selectors. A comma inside `:is()`,
// `:not()`, `:where()`, `:has()`, an attribute selector's brackets or quotes, or after a
// backslash escape separates nothing: `:is(.a, .b)::before` is one selector, and splitting it
// at every comma leaves two halves that match nothing (the rule's elements were then missed).

/** The selectors of `list`, split at its top-level commas only. */
export function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') {
      i++; // an escaped character is part of an identifier or string
    } else if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '(' || c === '[') {
      depth++;
    } else if (c === ')' || c === ']') {
      if (depth > 0) depth--;
    } else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}
