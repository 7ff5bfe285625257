// Messages for the user — alerts, status and live regions, toasts, field errors — and
// the other things a budget must never drop (the focused control, open dialogs).
// Shared by the budget (keep them) and action effects (report them).
import type { BuildNode } from '../tree';

/** Live regions, alerts and toasts: text inside them is a message for the user. */
export const MESSAGE_REGION =
  '[role="alert"],[role="status"],[role="log"],[role="alertdialog"],[aria-live="polite"],[aria-live="assertive"],output,[class*="toast" i],[class*="snackbar" i]';

const KEPT_ROLES: Record<string, true> = { alert: true, status: true, log: true, alertdialog: true, dialog: true };

function elementOf(node: Node | undefined): Element | null {
  if (!node) return null;
  return node.nodeType === 1 ? (node as Element) : node.parentElement;
}

/**
 * A predicate for nodes the budget must keep: alerts, status and live regions (also when
 * their container was hoisted away), toasts, invalid fields and their error text, the
 * focused element, open dialogs.
 *
 * Computed from the kept tree, not the document: one pass top-down, testing each element on
 * the path from a kept node up to its kept parent's element once (`matches`). A whole-document
 * query of MESSAGE_REGION cost ~20 ms on a 100k-element page, most of a budgeted snapshot that
 * had stopped walking long before (profile of bench gen-100000); the tree holds only what was walked.
 */
export function mustKeepPredicate(roots: BuildNode[]): (node: BuildNode) => boolean {
  const inRegion = new Set<BuildNode>();
  const errorIds = new Set<string>();
  const nodes: BuildNode[] = [];
  const parents: (Element | null)[] = [];
  const inside: boolean[] = [];
  const push = (list: BuildNode[] | undefined, parent: Element | null, within: boolean) => {
    if (!list) return;
    for (let i = list.length - 1; i >= 0; i--) {
      nodes.push(list[i]);
      parents.push(parent);
      inside.push(within);
    }
  };
  push(roots, null, false);
  while (nodes.length) {
    const node = nodes.pop()!;
    const parent = parents.pop()!;
    let within = inside.pop()!;
    const el = elementOf(node.ref);
    if (el && !within) within = regionBetween(el, parent);
    if (within) inRegion.add(node);
    if (node.vn.invalid && el) noteErrorIds(el, errorIds);
    const next = el ?? parent;
    push(node.frame, next, within);
    push(node.children, next, within);
    push(node.shadow, next, within);
  }
  return (node) => {
    const vn = node.vn;
    if (vn.focused || vn.invalid || KEPT_ROLES[vn.role ?? ''] === true || inRegion.has(node)) return true;
    if (!errorIds.size) return false;
    const el = elementOf(node.ref);
    return !!el && !!el.id && errorIds.has(el.id);
  };
}

/** Whether `el` or an ancestor below `stop` (the kept parent's element) is a message region; <body> never is. */
function regionBetween(el: Element, stop: Element | null): boolean {
  try {
    for (let e: Element | null = el; e && e !== stop; e = e.parentElement) {
      if (e === e.ownerDocument.body) return false;
      if (e.matches(MESSAGE_REGION)) return true;
    }
  } catch {
    /* an element that cannot be matched holds no message */
  }
  return false;
}

/** The ids an invalid field points at for its error text (aria-errormessage, else aria-describedby). */
function noteErrorIds(field: Element, into: Set<string>): void {
  const refs = (field.getAttribute('aria-errormessage') || field.getAttribute('aria-describedby') || '').split(/\s+/);
  for (let k = 0; k < refs.length; k++) if (refs[k]) into.add(refs[k]);
}

/** The message region (alert, live region, toast) holding `node`, if any. */
export function messageRegion(node: Node | undefined): Element | null {
  const el = elementOf(node);
  if (!el) return null;
  try {
    const region = el.closest(MESSAGE_REGION);
    return region && region !== el.ownerDocument.body ? region : null;
  } catch {
    return null;
  }
}
