// Distill pass: turn raw text runs into normalized, capped text (S6) and drop text
// that only repeats the accessible name of its container (a link "Home" whose
// content is "Home" needs one line, not two).
import { wordList } from '../../semantics/element';
import type { BuildNode } from '../tree';
import { TEXT_TAG } from '../tree';
import { normalizeWhitespace } from '../../dom/dom-utils';

export const MAX_TEXT_LENGTH = 500;

/**
 * Turns a raw text run (node.raw) into its normalized, capped text (S6); false when only
 * white space was left (the run is dropped). Other nodes stay as they are.
 */
export function finalizeRun(node: BuildNode): boolean {
  if (node.vn.tag !== TEXT_TAG || node.raw === undefined) return true;
  const text = normalizedHead(node.raw ?? '');
  node.raw = undefined;
  if (!text) return false;
  if (text.length > MAX_TEXT_LENGTH) {
    node.vn.text = text.slice(0, MAX_TEXT_LENGTH - 1).trimEnd() + '…';
    node.vn.text_overflow = true;
  } else {
    node.vn.text = text;
  }
  return true;
}

/** Raw text longer than this is normalized from its head first (a preformatted block, a long article paragraph). */
const HEAD_LENGTH = 4 * MAX_TEXT_LENGTH;

/**
 * normalizeWhitespace(raw), or only its start when that is longer than the cap: the
 * normalized head of a string is a prefix of the normalized string (white space runs
 * collapse alike up to the cut, trimming keeps its last word), so once the head alone
 * is over MAX_TEXT_LENGTH the shown text and its overflow mark are the same as from the
 * whole — without collapsing tens of kilobytes of which 500 characters are kept.
 */
function normalizedHead(raw: string): string {
  if (raw.length > HEAD_LENGTH) {
    const head = normalizeWhitespace(raw.slice(0, HEAD_LENGTH));
    if (head.length > MAX_TEXT_LENGTH) return head;
  }
  return normalizeWhitespace(raw);
}

/** Removes text children already said by the node's name (name-from-content). */
export function dropTextRepeatingName(node: BuildNode): void {
  const name = node.vn.name;
  if (!name || !node.children.length) return;
  const kept: BuildNode[] = [];
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i];
    if (child.vn.tag === TEXT_TAG && child.vn.text && name.includes(child.vn.text.replace(/…$/, ''))) continue;
    // An image inside a control, named like the control, is said once.
    if (
      child.vn.role === 'img' &&
      !child.vn.actionable &&
      !child.children.length &&
      (!child.vn.name || name.includes(child.vn.name))
    )
      continue;
    kept.push(child);
  }
  node.children = kept;
}

/** A node whose only child is a text run carries that text itself: one line instead of two. */
export function absorbSingleText(node: BuildNode): void {
  if (node.children.length !== 1 || node.vn.text) return;
  const only = node.children[0];
  // Hidden text (includeHiddenText) keeps its own marked line.
  if (only.vn.tag !== TEXT_TAG || !only.vn.text || only.vn.hidden) return;
  node.vn.text = only.vn.text;
  if (only.vn.text_overflow) node.vn.text_overflow = true;
  node.children = [];
}

/** Item-like nodes (list items, cells) show their leading text on their own line. */
const LEADING_TEXT_ROLES = wordList('listitem cell gridcell columnheader rowheader');

export function absorbLeadingText(node: BuildNode): void {
  if (node.vn.text || node.vn.actionable || !node.children.length || !LEADING_TEXT_ROLES.has(node.vn.role ?? ''))
    return;
  const first = node.children[0];
  if (first.vn.tag !== TEXT_TAG || !first.vn.text || first.vn.hidden) return;
  node.vn.text = first.vn.text;
  if (first.vn.text_overflow) node.vn.text_overflow = true;
  node.children = node.children.slice(1);
}
