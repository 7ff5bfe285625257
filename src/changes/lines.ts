// Small shared pieces of the change views (deltas, effects, find, root views).
import type { VirtualNode } from '../types';
import type { BuildNode } from '../snapshot/tree';
import { forEachNode, SUMMARY_TAG } from '../snapshot/tree';
import { lineOf } from '../snapshot/render/outline';
import { estimateTokens } from '../snapshot/render/tokens';
import { isDialogRole } from '../semantics/dialog';

/** id → line of every node a rendering of this tree shows (what the agent has seen). */
export function emittedLines(body: BuildNode): Map<string, string> {
  const out = new Map<string, string>();
  forEachNode([body], (node) => {
    if (node === body || node.vn.tag === SUMMARY_TAG || !node.vn.node_id) return;
    const line = lineOf(node);
    if (line) out.set(node.vn.node_id, line);
  });
  return out;
}

/** A node's own fields without its subtree (the JSON form of one delta entry). */
export function shallowNode(vn: VirtualNode): VirtualNode {
  const out = {} as Record<string, unknown>;
  const keys = Object.keys(vn);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const value = (vn as unknown as Record<string, unknown>)[key];
    if (value === undefined || key === 'children' || key === 'shadowDom' || key === 'iframe') continue;
    out[key] = value && typeof value === 'object' ? (Array.isArray(value) ? value.slice() : { ...value }) : value;
  }
  return out as unknown as VirtualNode;
}

export function textTokens(text: string): number {
  let n = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) n += estimateTokens(lines[i]);
  return n;
}

/** Roles of popups that open beside their trigger: effects name them as opened. */
export const POPUP_ROLES: Record<string, true> = {
  menu: true,
  listbox: true,
  tree: true,
  grid: true,
  tooltip: true,
  menubar: true,
};

/**
 * A layer a person sees open and close over or beside the page — a dialog, a popup, or a
 * message (alert, status): when one leaves, the delta names it by what it was ("gone:
 * dialog "Settings"") instead of counting its lines. A dialog that opens is shown whole
 * (isDialogRole, the dialog rule of semantics/).
 */
export function isTransientLayer(role: string): boolean {
  return isDialogRole(role) || POPUP_ROLES[role] === true || role === 'alert' || role === 'status';
}

export function urlWithoutHash(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}
