// How an element is named in an action's result and errors: role "name" (id), or the
// tag when it says nothing; a cover is named by what it belongs to (a dialog's backdrop).
import { flatTreeParent, normalizeWhitespace } from '../dom/dom-utils';
import { DIALOG_SELECTOR, isDialogRole, roleAndName, roleOf } from '../semantics';
import type { SnapshotLike } from './snapshot-source';

/** Short human description of an element: role "name" (id) or <tag class>. */
export function describeElement(el: Element, snapshot?: SnapshotLike | null): string {
  const found = roleAndName(el);
  const role = found.role;
  let name = found.name;
  if (name.length > 60) name = name.slice(0, 59) + '\u2026';
  const id = snapshot ? snapshot.getNodeId(el) : undefined;
  let text = role && role !== 'generic' && role !== 'none' ? role : `<${el.localName}${classHint(el)}>`;
  if (name) text += ` "${name}"`;
  if (id) text += ` (${id})`;
  return text;
}

function classHint(el: Element): string {
  const cls = typeof el.getAttribute === 'function' ? el.getAttribute('class') : null;
  if (!cls) return '';
  const first = normalizeWhitespace(cls).split(' ')[0];
  return first ? ` class="${first}"` : '';
}

/** Like describeElement, but climbs to the nearest ancestor worth naming when the element itself says nothing. */
export function describeCovering(el: Element, snapshot: SnapshotLike | null): string {
  const own = describeElement(el, snapshot);
  // Starts with a role (not "<tag"): it already says what it is.
  if (own.charAt(0) !== '<') return own;
  // A nameless backdrop usually wraps the dialog it belongs to: name that.
  const dialog = el.querySelector(DIALOG_SELECTOR);
  if (dialog) return `${own} (the backdrop of ${describeElement(dialog, snapshot)})`;
  let cur: Element | null = flatTreeParent(el);
  for (let depth = 0; cur && depth < 25; depth++) {
    const id = snapshot ? snapshot.getNodeId(cur) : undefined;
    const role = roleOf(cur) ?? '';
    if (id || isDialogRole(role) || role === 'banner' || role === 'region') {
      return `${own} inside ${describeElement(cur, snapshot)}`;
    }
    cur = flatTreeParent(cur);
  }
  return own;
}
