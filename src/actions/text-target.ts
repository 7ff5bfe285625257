// A9: any text the agent reads can be acted on. Detection of click handlers will always
// miss some (a content script cannot see addEventListener; items of a delegating list
// carry no sign of their own), so a pointer action also takes the text it should land
// on: `click({ text: '2 people' })`. It resolves to the smallest visible element showing
// that text — where a person would click — scoped to the element of `within` (an id)
// when given. More than one distinct match is refused with the candidates (A3: never
// guess which one the agent meant); none is ELEMENT_NOT_FOUND.
import { DomToolError, cut, msg } from './result';
import { isOperable } from '../semantics';
import { isElement } from '../dom/dom-utils';
import type { SnapshotLike } from './snapshot-source';

export interface TextTarget {
  /** The text as the agent read it (whitespace is normalised; exact matches win over containing ones). */
  text: string;
  /** A node id whose element the text is looked for in (to pick one of several matches). */
  within?: string;
}

/** The longest text a target may quote (a line of the snapshot). */
export const MAX_TARGET_TEXT = 200;
/** How many ancestors above a text node may complete a text split over inline pieces. */
const MAX_CLIMB = 4;
const MAX_CANDIDATES_SHOWN = 5;

export function isTextTarget(v: unknown): v is TextTarget {
  return !!v && typeof v === 'object' && typeof (v as TextTarget).text === 'string';
}

/** How the target is named in messages: `text "Green"`. */
export function describeTextTarget(t: TextTarget): string {
  return `text "${cut(t.text, 60)}"`;
}

function norm(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The element a text target names, in the page or inside its `within` element (resolved by
 * `resolveWithin`, whose snapshot then replaces `snapshot`).
 */
export async function findTextTarget(
  target: TextTarget,
  doc: Document,
  snapshot: SnapshotLike | null,
  resolveWithin: (id: string) => Promise<{ element: Element; snapshot: SnapshotLike }>,
  find: (scope: Element, target: TextTarget, snapshot: SnapshotLike | null) => Element | Promise<Element> = findByText,
): Promise<{ element: Element; snapshot: SnapshotLike | null }> {
  let scope: Element | null = doc.body ?? doc.documentElement;
  if (target.within !== undefined) {
    const within = await resolveWithin(target.within);
    scope = within.element;
    snapshot = within.snapshot;
  }
  if (!scope) throw new DomToolError('ELEMENT_NOT_FOUND', msg.noDocument());
  return { element: await find(scope, target, snapshot), snapshot };
}

/** The smallest visible element in `scope` showing `target.text`. */
export function findByText(scope: Element, target: TextTarget, snapshot: SnapshotLike | null): Element {
  const want = norm(target.text);
  if (!want)
    throw new DomToolError('VALIDATION_ERROR', 'The text to act on is empty. Quote the text as the snapshot shows it.');
  const exact: Element[] = [];
  const containing: Element[] = [];
  const doc = scope.ownerDocument;
  const walker = doc.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const own = norm(node.nodeValue ?? '');
    if (!own) continue;
    // The text may be split over inline pieces ("2 <b>people</b>"): climb a few levels.
    let el = node.parentElement;
    for (let i = 0; el && i <= MAX_CLIMB; i++, el = el.parentElement) {
      if (!scope.contains(el)) break;
      const text = norm(el.textContent ?? '');
      if (text.indexOf(want) < 0) {
        // A text node that does not even share a word with the query stops at once.
        if (i === 0 && want.indexOf(own) < 0 && own.indexOf(want) < 0) break;
        continue;
      }
      if (!seen.has(el)) {
        seen.add(el);
        if (isOperable(el)) (text === want ? exact : containing).push(el);
      }
      break;
    }
  }
  const pool = innermost(exact.length ? exact : containing);
  if (!pool.length) {
    throw new DomToolError(
      'ELEMENT_NOT_FOUND',
      `No visible element shows "${cut(target.text, 60)}"${target.within ? ` inside ${target.within}` : ''}. Quote the text as the latest snapshot shows it, or use a node id.`,
    );
  }
  if (pool.length > 1) {
    const shown = pool
      .slice(0, MAX_CANDIDATES_SHOWN)
      .map((el) => candidate(el, snapshot))
      .join('; ');
    throw new DomToolError(
      'VALIDATION_ERROR',
      `"${cut(target.text, 60)}" is shown by ${pool.length} elements (${shown}${pool.length > MAX_CANDIDATES_SHOWN ? '; …' : ''}). Pass { text, within: <id of the part of the page you mean> }, or use a node id.`,
    );
  }
  return pool[0];
}

/** Keeps the elements that contain no other match (a match inside a match is the one a person clicks). */
function innermost(list: Element[]): Element[] {
  return list.filter((el) => !list.some((other) => other !== el && el.contains(other)));
}

/** "inside nv_1x2y" (the nearest element the snapshot gave an id) or its tag. */
function candidate(el: Element, snapshot: SnapshotLike | null): string {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    const id = snapshot?.getNodeId(cur);
    if (id) return cur === el ? id : `inside ${id}`;
    if (!isElement(cur)) break;
  }
  return `<${el.localName}>`;
}
