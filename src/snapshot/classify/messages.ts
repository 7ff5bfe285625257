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
 * focused element, open dialogs. Reads the DOM once (one query) per budget pass.
 */
export function mustKeepPredicate(roots: BuildNode[]): (node: BuildNode) => boolean {
  let doc: Document | null = null;
  for (let i = 0; i < roots.length && !doc; i++) doc = roots[i].ref?.ownerDocument ?? null;
  let regions: Element[] = [];
  const errorIds = new Set<string>();
  try {
    if (doc) {
      const found = doc.querySelectorAll(MESSAGE_REGION);
      for (let i = 0; i < found.length; i++) if (found[i] !== doc.body) regions.push(found[i]);
      const invalid = doc.querySelectorAll('[aria-invalid]:not([aria-invalid="false"])');
      for (let i = 0; i < invalid.length; i++) {
        const refs = (invalid[i].getAttribute('aria-errormessage') || invalid[i].getAttribute('aria-describedby') || '').split(/\s+/);
        for (let k = 0; k < refs.length; k++) if (refs[k]) errorIds.add(refs[k]);
      }
    }
  } catch {
    regions = [];
  }
  return (node) => {
    const vn = node.vn;
    if (vn.focused || vn.invalid || KEPT_ROLES[vn.role ?? ''] === true) return true;
    if (!regions.length && !errorIds.size) return false;
    const el = elementOf(node.ref);
    if (!el) return false;
    if (errorIds.size && el.id && errorIds.has(el.id)) return true;
    for (let i = 0; i < regions.length; i++) if (regions[i].contains(el)) return true;
    return false;
  };
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
