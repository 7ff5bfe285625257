// The subject of a selector — the compound an element must match itself, the last one
// (`.menu > li.item:hover` → `li.item`) — as a selector of its own. An element the whole
// selector matches also matches its subject, so one query for the subjects of many rules
// finds a superset of the elements those rules style, without matching every combinator and
// pseudo-class of every rule against every element (a list of complex selectors costs the
// engine about one match per element per selector). Callers check what the query found
// against the computed style, so the superset costs a little more reading, never a miss.
//
// Pseudo-classes are dropped (a state the element may not be in now still narrows nothing a
// check would not); a selector whose subject is a pseudo-element (`.a::before`) styles a
// generated box, not the element, and gives no subject. A subject that would match any
// element (`*`, `:hover`, `&`, `:is(…)` alone) or that the query could not parse back (a
// namespace `|`) makes the whole list unusable: the answer is then null.

/** Characters that end an identifier (beyond whitespace and the end). */
const DELIMITER = /[\s.#[\]:,>+~()*&|"'\\]/;
const HEX = /[0-9a-fA-F]/;
/** CSS 2 pseudo-elements that still parse with one colon. */
const LEGACY_PSEUDO_ELEMENT = /^(?:before|after|first-line|first-letter)$/i;

/**
 * Appends the subject of every selector in `list` (a CSSOM selectorText) to `out`; false
 * when one of them can be any element or cannot be read (then nothing useful was added).
 */
export function selectorSubjects(list: string, out: string[]): boolean {
  let key = '';
  let pseudoElement = false;
  // A combinator (or whitespace) was seen: the next simple selector starts a new compound.
  let pending = false;
  let i = 0;
  const n = list.length;
  while (i < n) {
    const c = list[i];
    if (c === ',') {
      if (!pseudoElement) {
        if (!key) return false;
        out.push(key);
      }
      key = '';
      pseudoElement = false;
      pending = false;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '>' || c === '+' || c === '~') {
      // Whitespace before a comma is no combinator; a comma resets `pending` anyway.
      pending = true;
      i++;
      continue;
    }
    if (c === '|' || c === '&' || c === '(' || c === ')' || c === ']' || c === '"' || c === "'") return false;
    if (pending) {
      key = '';
      pseudoElement = false;
      pending = false;
    }
    if (c === '*') {
      i++;
    } else if (c === '.' || c === '#') {
      const end = identEnd(list, i + 1);
      if (end === i + 1) return false;
      key += list.slice(i, end);
      i = end;
    } else if (c === '[') {
      const end = skipBlock(list, i, '[', ']');
      if (end < 0) return false;
      key += list.slice(i, end);
      i = end;
    } else if (c === ':') {
      const element = list[i + 1] === ':';
      const start = element ? i + 2 : i + 1;
      const end = identEnd(list, start);
      if (end === start) return false;
      if (element || LEGACY_PSEUDO_ELEMENT.test(list.slice(start, end))) pseudoElement = true;
      i = end;
      if (list[i] === '(') {
        i = skipBlock(list, i, '(', ')');
        if (i < 0) return false;
      }
    } else {
      const end = identEnd(list, i);
      if (end === i) return false;
      // A type selector comes first in its compound.
      key = list.slice(i, end) + key;
      i = end;
    }
  }
  if (pseudoElement) return true;
  if (!key) return false;
  out.push(key);
  return true;
}

/** Where the identifier starting at `i` ends (escapes included: `\:`, `\31 0`). */
function identEnd(s: string, i: number): number {
  const n = s.length;
  while (i < n) {
    const c = s[i];
    if (c === '\\') {
      i++;
      if (i < n && HEX.test(s[i])) {
        let digits = 0;
        while (i < n && digits < 6 && HEX.test(s[i])) {
          i++;
          digits++;
        }
        // One whitespace after a hex escape belongs to it.
        if (i < n && /\s/.test(s[i])) i++;
      } else i++;
      continue;
    }
    if (DELIMITER.test(c)) break;
    i++;
  }
  return i;
}

/** The index after the `close` that balances the `open` at `i` (strings and escapes skipped); -1 if none. */
function skipBlock(s: string, i: number, open: string, close: string): number {
  let depth = 0;
  const n = s.length;
  while (i < n) {
    const c = s[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < n && s[i] !== c) i += s[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
    i++;
  }
  return -1;
}
