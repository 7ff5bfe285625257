// Shared by the integration-*.spec.ts files: the built IIFE, and tree lookups on
// serialized snapshots.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VirtualNode, SerializedPage } from '../../src/types';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** dist/domtool.iife.js (`npm test` builds before running the browser tests). */
export function iifeBundle(): string {
  return readFileSync(ROOT + 'dist/domtool.iife.js', 'utf8');
}

/** Every node of a serialized tree, depth first, including shadow and iframe content. */
export function allNodes(root: VirtualNode): VirtualNode[] {
  const out: VirtualNode[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop() as VirtualNode;
    out.push(n);
    for (const kids of [n.children, n.shadowDom, n.iframe]) if (kids) stack.push(...kids);
  }
  return out;
}

/** The first node whose accessible name (or text) is `name`, optionally with `role`. */
export function findNode(page: SerializedPage, name: string, role?: string): VirtualNode | undefined {
  return allNodes(page.page.body).find((n) => (n.name === name || n.text === name) && (!role || n.role === role));
}

/** The snapshot minus what legitimately differs between two builds (timings, timestamps). */
export function stable(page: SerializedPage): unknown {
  const { timings: _t, takenAt: _a, ...meta } = page.page.meta;
  return { context: page.page.context, body: page.page.body, meta };
}

declare global {
  interface Window {
    // The page-world API and debug handle as the tests drive them (untyped on purpose:
    // the tests also install squatters and stale copies under these names).
    BrowserXDomTool: any;
    __browserxDebugDomTool: any;
    __hostile: any;
    __first: any;
  }
}

/** A text-snapshot line naming `name` together with a node id (independent of the exact line format). */
export function lineWithId(name: string): RegExp {
  return new RegExp(`nv_\\w+[^\\n]*${name}|${name}[^\\n]*nv_\\w+`);
}
