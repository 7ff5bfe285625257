// What a person can use while a modal is open: only the modal. A native modal
// <dialog> makes the rest of the page inert; an ARIA modal (role=dialog/alertdialog
// with aria-modal=true) asks assistive technology to treat it the same way, and a
// full-viewport fixed overlay (a dimmed backdrop under a dialog, a cookie wall) covers
// the page for a sighted person. Content outside them is left out like inert content.
import { isElement } from '../../dom/dom-utils';
import { deepElementFromPoint } from '../../semantics/hit-test';
import { isDialogRole, MODAL_LAYER_SELECTOR, shown } from '../../semantics';
import { getStyle } from '../../dom/caches';
import { eachContentList, rewriteContent, type BuildNode } from '../tree';
import type { Box } from '../../dom/geometry';

/** The open modal before traversal: a native modal dialog, else the last rendered ARIA modal. */
export function findModal(doc: Document): Element | null {
  try {
    const native = modalDialog(doc);
    if (native) return native;
    const aria = doc.querySelectorAll('[aria-modal="true"]');
    for (let i = aria.length - 1; i >= 0; i--) {
      const el = aria[i];
      const role = (el.getAttribute('role') ?? '').trim().split(/\s+/)[0];
      if (isDialogRole(role) && shown(el, getStyle(el))) return el;
    }
  } catch {
    /* no selector support: no modal */
  }
  return null;
}

/**
 * The first `dialog:modal` in document order. The document's <dialog> collection is
 * cached by the browser until the DOM changes: most pages have none and pay ~0, where
 * the query matched every element (~0.1 ms on a 10,000-element page, every snapshot).
 */
function modalDialog(doc: Document): Element | null {
  const dialogs = doc.getElementsByTagName('dialog');
  for (let i = 0; i < dialogs.length; i++) if (dialogs[i].matches(':modal')) return dialogs[i];
  return null;
}

/**
 * After traversal: a fixed box covering the whole viewport that is on top at its four
 * corners and looks like a backdrop (translucent, blurred, or holding a dialog). Returns
 * it and the positioned boxes drawn above it (a dialog next to its backdrop), or null. Only called when traversal met such a fixed box, so most pages pay nothing.
 */
export function findOverlay(
  doc: Document,
  candidates: Element[],
  positioned: readonly (Box & { el: Element })[],
  viewport: Box,
): Element[] | null {
  for (let i = candidates.length - 1; i >= 0; i--) {
    const overlay = candidates[i];
    if (!backdropLike(overlay)) continue;
    const inset = 4;
    const corners = [
      [viewport.left + inset, viewport.top + inset],
      [viewport.right - inset, viewport.top + inset],
      [viewport.left + inset, viewport.bottom - inset],
      [viewport.right - inset, viewport.bottom - inset],
    ];
    let onTop = true;
    for (let c = 0; c < corners.length && onTop; c++) {
      const hit = deepElementFromPoint(doc, corners[c][0], corners[c][1]);
      onTop = !!hit && overlay.contains(hit);
    }
    if (!onTop) continue;
    const roots = [overlay];
    // What is drawn above the backdrop (a dialog next to it, not inside): positioned boxes
    // outside it whose own centre is on top.
    for (let j = 0, tested = 0; j < positioned.length && tested < 24; j++) {
      const box = positioned[j];
      const el = box.el;
      if (overlay.contains(el) || el.contains(overlay) || roots.some((r) => r.contains(el))) continue;
      tested++;
      const x = (Math.max(box.left, viewport.left) + Math.min(box.right, viewport.right)) / 2;
      const y = (Math.max(box.top, viewport.top) + Math.min(box.bottom, viewport.bottom)) / 2;
      const hit = deepElementFromPoint(doc, x, y);
      if (hit && el.contains(hit)) roots.push(el);
    }
    // A bare dimmed layer with nothing in it and nothing above it leaves the person looking
    // at the (dimmed) page: confining the snapshot to it would show the agent an empty page.
    // Its page stays, and covers.ts marks the controls under it as covered by it.
    if (roots.length === 1 && isEmptyLayer(overlay)) continue;
    return roots;
  }
  return null;
}

function isEmptyLayer(el: Element): boolean {
  return el.firstElementChild === null && !(el.textContent ?? '').trim();
}

function backdropLike(el: Element): boolean {
  const style = getStyle(el);
  if (!style) return false;
  if (style.backdropFilter && style.backdropFilter !== 'none') return true;
  const m = /rgba\([^)]*,\s*([\d.]+)\)/.exec(style.backgroundColor);
  if (m && +m[1] >= 0.1 && +m[1] < 0.95) return true;
  try {
    return !!el.querySelector(MODAL_LAYER_SELECTOR);
  } catch {
    return false;
  }
}

/** Drops from the tree (and the kept list) everything outside the overlay roots; ancestors of a root stay. */
export function confineTo(
  roots: Element[],
  tree: BuildNode[],
  kept: BuildNode[],
): { tree: BuildNode[]; kept: BuildNode[] } {
  const inside = (node: BuildNode) => !!node.ref && roots.some((r) => r.contains(node.ref!));
  const holds = (node: BuildNode) =>
    !!node.ref && isElement(node.ref) && roots.some((r) => (node.ref as Element).contains(r));
  const filter = (list: BuildNode[]): BuildNode[] => {
    const out: BuildNode[] = [];
    for (let i = 0; i < list.length; i++) {
      const node = list[i];
      if (inside(node)) out.push(node);
      else if (holds(node)) {
        rewriteContent(node, filter);
        out.push(node);
      } else if (!node.ref) {
        // A node without an element (none today) cannot be placed: keep its inside part.
        eachContentList(node, (content) => out.push(...filter(content)));
      }
    }
    return out;
  };
  return { tree: filter(tree), kept: kept.filter((n) => inside(n) || holds(n)) };
}
