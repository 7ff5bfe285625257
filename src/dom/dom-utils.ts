// Cross-realm-safe DOM helpers: type checks by nodeType/localName, never instanceof
// (elements inside an iframe belong to another realm).

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const DOCUMENT_FRAGMENT_NODE = 11;

export function isElement(node: Node | null | undefined): node is Element {
  return !!node && node.nodeType === ELEMENT_NODE;
}

export function isShadowRoot(node: Node | null | undefined): node is ShadowRoot {
  return !!node && node.nodeType === DOCUMENT_FRAGMENT_NODE && 'host' in node;
}

/** Parent element, crossing shadow boundaries to the host. */
export function parentElementOrHost(el: Element): Element | null {
  const parent = el.parentNode;
  if (!parent) return null;
  if (isElement(parent)) return parent;
  if (isShadowRoot(parent)) return parent.host;
  return null;
}

/** The composed-tree parent for slotted content: the slot it renders in, else the DOM parent. */
export function flatTreeParent(el: Element): Element | null {
  const slot = (el as Element & { assignedSlot?: HTMLSlotElement | null }).assignedSlot;
  if (slot) return slot;
  return parentElementOrHost(el);
}

/** Like `root.getElementById` for both documents and shadow roots. */
export function getElementByIdInScope(scope: Node, id: string): Element | null {
  const root = (scope as Element).getRootNode ? (scope as Element).getRootNode() : scope;
  const lookup = (root as Document | ShadowRoot).getElementById;
  if (typeof lookup === 'function') return lookup.call(root, id);
  return null;
}

export function normalizeWhitespace(text: string): string {
  if (singleSpaced(text)) return text;
  const trimmed = cleanInside(text);
  return trimmed ?? text.replace(UNLIKE_ONE_SPACE, ' ').trim();
}

/**
 * The white space runs (JS `\s` and the zero-width space) other than one plain space:
 * replacing these by a space gives what replacing every run does, but a source's text has
 * a single space between most words, and each match costs the replace a call (a run of
 * text with an indented line break every 80 characters: ~10 matches where there were ~150).
 * Global and shared: replace() starts a global pattern at 0 and leaves it there.
 */
const UNLIKE_ONE_SPACE = /[\s\u200b]{2,}|[^\S ]|\u200b/g;

/**
 * Text whose only extra white space is at its ends (an element's text between the source's
 * line breaks and indentation: most text runs and names that are not clean already): the
 * trimmed text when that leaves it clean, else null. trim() makes no copy of a longer
 * string (a slice of it), where the regex replaces copy it twice.
 */
export function cleanInside(text: string): string | null {
  const trimmed = text.trim();
  return trimmed !== text && singleSpaced(trimmed) ? trimmed : null;
}

const SCAN_LIMIT = 160;
/** What the loop below refuses, as a pattern: white space other than one space, two spaces, ZWSP, private use. */
const UNCLEAN = /[^\S ]|  |[\u200b\ue000-\uf8ff\udb80-\udbff]/;

/**
 * Already normalized: no space at either end, no two in a row, no other whitespace and
 * no private-use character (icon-font glyphs, which names drop). Most text is; one scan
 * answers without the regex replaces that copy the string (names and text runs are
 * normalized per node, a visible share of a snapshot's time).
 */
export function singleSpaced(text: string): boolean {
  const n = text.length;
  if (n === 0) return true;
  if (text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32) return false;
  // Long text: a regex scans it faster than a loop in script (and copies nothing).
  if (n > SCAN_LIMIT) return !UNCLEAN.test(text);
  let space = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (space) return false;
      space = true;
      continue;
    }
    space = false;
    if (c < 32) return false;
    // Unicode white space, private use (BMP and the lead surrogates of planes 15-16).
    // U+0085 is no JS \s, but the regex path is the safe answer for it.
    if (c >= 0x80 && (c === 0x85 || isWideSpace(c) || (c >= 0xe000 && c <= 0xf8ff) || (c >= 0xdb80 && c <= 0xdbff)))
      return false;
  }
  return true;
}

/**
 * White space above ASCII: what JS `\s` matches there (NBSP, the Unicode spaces, line and
 * paragraph separators, BOM) and the zero-width space, which text treats as a space. The one
 * test for the character scans here and in semantics/name-text.ts; small, so V8 inlines it
 * into their loops (the scans run per text node and per name).
 */
export function isWideSpace(c: number): boolean {
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export function truncate(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  return { text: text.slice(0, max - 1).trimEnd() + '…', cut: true };
}

/** The window an element belongs to (its own frame's realm). */
export function windowOf(node: Node): (Window & typeof globalThis) | null {
  return node.ownerDocument?.defaultView ?? (node as Document).defaultView ?? null;
}
