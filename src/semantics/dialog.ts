// Named rules for dialogs: what is a dialog, and what is a modal layer (a dialog, or
// anything declared aria-modal) — for the modal confinement (modal.ts), the covers'
// descriptions (covers.ts, actions/describe.ts) and the budget's structure (budget.ts).

/** Roles of a dialog (WAI-ARIA 1.2: alertdialog is a dialog). */
export function isDialogRole(role: string | null | undefined): boolean {
  return role === 'dialog' || role === 'alertdialog';
}

/** An open <dialog>, or an element whose (first) explicit role is dialog or alertdialog. */
export function isDialog(el: Element): boolean {
  if (el.localName === 'dialog') return el.hasAttribute('open');
  const role = el.getAttribute('role');
  return !!role && isDialogRole(role.trim().split(/\s+/)[0]);
}

/** A dialog, or a box that says it is modal (aria-modal="true"). */
export function isModalLayer(el: Element): boolean {
  return isDialog(el) || el.getAttribute('aria-modal') === 'true';
}

/** The same as isDialog, as a selector (for querySelector over a subtree). */
export const DIALOG_SELECTOR = '[role="dialog"],[role="alertdialog"],dialog[open]';

/** The same as isModalLayer, as a selector. */
export const MODAL_LAYER_SELECTOR = DIALOG_SELECTOR + ',[aria-modal="true"]';
