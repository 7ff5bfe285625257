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
  return regionByAttributes(el, el.getAttribute('role'), el.getAttribute('class'), true);
}

/**
 * The same test for an element whose role and class the walk has read already (its
 * attribute scan): aria-live is read only when the element has some aria-* attribute.
 * Never true for <body> (a page-wide live region would protect everything).
 */
export function isMessageRegionScanned(
  el: Element,
  tag: string,
  role: string | null,
  cls: string,
  hasAria: boolean,
): boolean {
  if (tag === 'output') return true;
  return tag !== 'body' && regionByAttributes(el, role, cls, hasAria);
}

/**
 * The message region roles, compared rather than looked up in a table: this runs for every
 * element with a role attribute inside the walk, and a table indexed by the page's role
 * strings makes V8 specialize the optimized walk to the first role it saw and throw the
 * whole walk's code away at the next one (issue 35: twice in wikipedia's first snapshot).
 */
function isRegionRole(role: string): boolean {
  return role === 'alert' || role === 'status' || role === 'log' || role === 'alertdialog';
}

function regionByAttributes(el: Element, role: string | null, cls: string | null, hasAria: boolean): boolean {
  if (role !== null && isRegionRole(role)) return true;
  if (cls && TOAST_CLASS.test(cls)) return true;
  if (!hasAria) return false;
  const live = el.getAttribute('aria-live');
  return live === 'polite' || live === 'assertive';
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
 * Whether a node sits in a message region is known from the walk (BuildNode.inMessage:
 * the rendered tree's ancestors, shadow trees included, tested with the attributes the
 * walk reads anyway); this pass only carries it down the kept tree and collects the ids
 * of error texts. (It used to climb the DOM from every kept node, memoized per element:
 * ~2 % of a budgeted snapshot.)
 */
export function mustKeepPredicate(roots: BuildNode[]): (node: BuildNode) => boolean {
  const inRegion = new Set<BuildNode>();
  const errorIds = new Set<string>();
  preorder(roots, (node, _parent, carried) => {
    // 1: an ancestor already is (or sits in) a message region.
    const within = carried === 1 || node.inMessage === true;
    if (within) inRegion.add(node);
    if (node.vn.invalid) {
      const el = elementOf(node.ref);
      if (el) noteErrorIds(el, errorIds);
    }
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
