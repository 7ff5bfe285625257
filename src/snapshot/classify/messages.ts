// Messages for the user — alerts, status and live regions, toasts, field errors — and
// the other things a budget must never drop (the focused control, open dialogs).
// Shared by the budget (keep them) and action effects (report them).
import { preorder, type BuildNode } from '../tree';

const TOAST_CLASS = /toast|snackbar/i;

/**
 * Live regions, alerts and toasts: text inside them is a message for the user. What the
 * selector `[role=alert],[role=status],[role=log],[role=alertdialog],[aria-live=polite],
 * [aria-live=assertive],output,[class*=toast i],[class*=snackbar i]` matches, tested in
 * script: the budget asks it of every element between two kept nodes, and Chromium's
 * `matches` of that list (a case-insensitive substring test of the class among them)
 * cost ~4 % of a budgeted snapshot; most elements answer at the attribute checks here.
 */
export function isMessageRegion(el: Element): boolean {
  if (el.localName === 'output') return true;
  if (!el.hasAttributes()) return false;
  const role = el.getAttribute('role');
  if (role === 'alert' || role === 'status' || role === 'log' || role === 'alertdialog') return true;
  const live = el.getAttribute('aria-live');
  if (live === 'polite' || live === 'assertive') return true;
  const cls = el.getAttribute('class');
  return !!cls && TOAST_CLASS.test(cls);
}

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
 * Computed from the kept tree, not the document: one pass top-down, testing the elements
 * above each kept node once each (RegionLookup). A whole-document
 * query of MESSAGE_REGION cost ~20 ms on a 100k-element page, most of a budgeted snapshot that
 * had stopped walking long before (profile of bench gen-100000); the tree holds only what was walked.
 */
export function mustKeepPredicate(roots: BuildNode[]): (node: BuildNode) => boolean {
  const inRegion = new Set<BuildNode>();
  const errorIds = new Set<string>();
  const regions = new RegionLookup();
  preorder(roots, (node, _parent, carried) => {
    const el = elementOf(node.ref);
    // 1: an ancestor already is (or sits in) a message region.
    const within = carried === 1 || (!!el && regions.inside(el));
    if (within) inRegion.add(node);
    if (node.vn.invalid && el) noteErrorIds(el, errorIds);
    return within ? 1 : 0;
  });
  return (node) => {
    const vn = node.vn;
    if (vn.focused || vn.invalid || KEPT_ROLES[vn.role ?? ''] === true || inRegion.has(node)) return true;
    if (!errorIds.size) return false;
    const el = elementOf(node.ref);
    return !!el && !!el.id && errorIds.has(el.id);
  };
}

/**
 * Whether an element is or sits in a message region (below <body>, which never is one),
 * memoized per element: text runs and controls of one paragraph share their ancestors, so
 * each element of the page is tested once, not once per node below it.
 */
class RegionLookup {
  private readonly known = new Map<Element, boolean>();
  private readonly path: Element[] = [];

  inside(el: Element): boolean {
    const path = this.path;
    path.length = 0;
    let found = false;
    for (let e: Element | null = el; e && e !== e.ownerDocument.body; e = e.parentElement) {
      const hit = this.known.get(e);
      if (hit !== undefined) {
        found = hit;
        break;
      }
      path.push(e);
      if (isMessageRegion(e)) {
        found = true;
        break;
      }
    }
    for (let i = 0; i < path.length; i++) this.known.set(path[i], found);
    return found;
  }
}

/** The ids an invalid field points at for its error text (aria-errormessage, else aria-describedby). */
function noteErrorIds(field: Element, into: Set<string>): void {
  const refs = (field.getAttribute('aria-errormessage') || field.getAttribute('aria-describedby') || '').split(/\s+/);
  for (let k = 0; k < refs.length; k++) if (refs[k]) into.add(refs[k]);
}

/** The message region (alert, live region, toast) holding `node`, if any. */
export function messageRegion(node: Node | undefined): Element | null {
  const body = node?.ownerDocument?.body;
  for (let e = elementOf(node); e && e !== body; e = e.parentElement) if (isMessageRegion(e)) return e;
  return null;
}
