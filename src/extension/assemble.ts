// Grafting child-frame snapshots into their parent's placeholders (pure functions, so
// they are unit-tested without a browser). The content script of each frame answers
// with its own snapshot and the list of its cross-origin iframe placeholders; the
// service worker fills each placeholder with the answer of the frame behind it.
import type { VirtualNode } from '../types';
import { FRAME_SLOT } from '../integration/frame-slot';
import { plainIdTokens } from '../snapshot/ids/node-id';

/** What the traversal writes into a cross-origin iframe it cannot enter. */
export const CROSS_ORIGIN_NOTE = 'Cross-origin iframe: content not accessible';

/** A placeholder's outcome: the child's content, or why it stays a placeholder. */
export type FrameFill = { body: VirtualNode } | { note: string };
export type TextFill = { text: string } | { note: string };

function findById(root: VirtualNode, id: string): VirtualNode | null {
  const stack: VirtualNode[] = [root];
  while (stack.length) {
    const vn = stack.pop() as VirtualNode;
    if (vn.node_id === id) return vn;
    for (const list of [vn.children, vn.shadowDom, vn.iframe])
      if (list) for (let i = 0; i < list.length; i++) stack.push(list[i]);
  }
  return null;
}

/** Puts each child frame's tree under its <iframe> node (keyed by the placeholder's node id). */
export function graftTree(root: VirtualNode, fills: Map<string, FrameFill>): void {
  fills.forEach((fill, nodeId) => {
    const placeholder = findById(root, nodeId);
    if (!placeholder) return;
    if ('body' in fill) {
      placeholder.iframe = [fill.body];
      if (placeholder.text === CROSS_ORIGIN_NOTE) delete placeholder.text;
    } else {
      placeholder.text = fill.note;
    }
  });
}

/** Every main-frame node id in a tree (before grafting, all of them). */
export function treeIds(root: VirtualNode): string[] {
  const out: string[] = [];
  const stack: VirtualNode[] = [root];
  while (stack.length) {
    const vn = stack.pop() as VirtualNode;
    if (vn.node_id) out.push(vn.node_id);
    for (const list of [vn.children, vn.shadowDom, vn.iframe])
      if (list) for (let i = 0; i < list.length; i++) stack.push(list[i]);
  }
  return out;
}

/**
 * Replaces each frame-slot line of a text snapshot with the child frame's lines (at
 * the slot's indentation) or with the reason it has none; the iframe line above it
 * loses the "not accessible" note once the content is there. Keyed by chrome frameId.
 */
export function graftText(text: string, fills: Map<number, TextFill>): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const at = line.indexOf(FRAME_SLOT);
    if (at < 0 || line.slice(0, at).trim() !== '') {
      out.push(line);
      continue;
    }
    const indent = line.slice(0, at);
    const fill = fills.get(Number(line.slice(at + FRAME_SLOT.length)));
    const prev = out.length - 1;
    if (!fill) continue;
    if ('text' in fill) {
      if (prev >= 0) out[prev] = out[prev].replace(': ' + CROSS_ORIGIN_NOTE, '');
      const child = fill.text.split('\n');
      for (let c = 0; c < child.length; c++) if (child[c] !== '') out.push(indent + child[c]);
    } else if (prev >= 0) {
      out[prev] =
        out[prev].indexOf(CROSS_ORIGIN_NOTE) >= 0
          ? out[prev].replace(CROSS_ORIGIN_NOTE, fill.note)
          : out[prev] + ': ' + fill.note;
    }
  }
  return out.join('\n');
}

/** Prefixes plain ids (`nv_…`) inside any string of an answer (messages, effect.focused, lists of ids). */
export function prefixIdsDeep<T>(value: T, prefix: string): T {
  if (!prefix) return value;
  const fix = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(plainIdTokens(), (_m, pre: string, id: string) => pre + prefix + id);
    if (Array.isArray(v)) return v.map(fix);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) out[k] = fix((v as Record<string, unknown>)[k]);
      return out;
    }
    return v;
  };
  return fix(value) as T;
}
