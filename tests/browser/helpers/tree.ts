// Lookups on serialized snapshots (the JSON payload) and on the text rendering.
import type { SerializedPage, VirtualNode } from '../../../src/types';

/** Every node of a serialized tree in document order, including shadow and iframe content. */
export function allNodes(root: VirtualNode | SerializedPage): VirtualNode[] {
  const start = 'page' in root ? root.page.body : root;
  const out: VirtualNode[] = [];
  const stack: VirtualNode[] = [start];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (const kids of [n.children, n.shadowDom, n.iframe]) {
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
  return out;
}

/** Nodes whose accessible name or text equals `name` (optionally with `role`). */
export function findAll(root: VirtualNode | SerializedPage, name: string, role?: string): VirtualNode[] {
  return allNodes(root).filter((n) => (n.name === name || n.text === name) && (!role || n.role === role));
}

/** The single node named `name`; throws a readable error when there is none or several. */
export function node(root: VirtualNode | SerializedPage, name: string, role?: string): VirtualNode {
  const hits = findAll(root, name, role);
  if (hits.length !== 1)
    throw new Error(
      `expected one node named ${JSON.stringify(name)}${role ? ' with role ' + role : ''}, found ${hits.length}`,
    );
  return hits[0];
}

/** Names and texts of every node, for "is it in the snapshot at all" checks. */
export function names(root: VirtualNode | SerializedPage): string[] {
  const out: string[] = [];
  for (const n of allNodes(root)) {
    if (n.name) out.push(n.name);
    if (n.text) out.push(n.text);
  }
  return out;
}

/** Every node_id in the JSON tree, in document order. */
export function jsonIds(root: VirtualNode | SerializedPage): string[] {
  return allNodes(root).map((n) => n.node_id);
}

/** The id shown on the text line of an actionable node named `name`. */
export function lineOf(text: string, name: string): string | undefined {
  return text.split('\n').find((line) => line.includes('"' + name + '"'));
}

/** Ids that occur more than once. */
export function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const id of ids) (seen.has(id) ? dup : seen).add(id);
  return [...dup];
}

/** What each covered node says covers it, keyed by its name (or text, or id). */
export function coveredByName(root: VirtualNode | SerializedPage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of allNodes(root)) if (n.covered) out[n.name ?? n.text ?? n.node_id] = n.covered;
  return out;
}
