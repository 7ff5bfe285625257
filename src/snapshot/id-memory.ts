// S7 id memory across snapshots: a WeakMap from element to the id and fingerprint it
// had, so an element that survives (even moved by a re-render) keeps its id while its
// role and name hold. Long-lived (one per DomTool); written only when something changed.
import type { NodeFingerprint } from '../types';

interface Remembered extends NodeFingerprint {
  id: string;
}

export class IdMemory {
  private readonly map = new WeakMap<Node, Remembered>();

  recall(node: Node): Remembered | undefined {
    return this.map.get(node);
  }

  /** The id to reuse for an element whose role and name still match what was remembered. */
  reusable(node: Node, fp: NodeFingerprint): string | undefined {
    const old = this.map.get(node);
    return old && old.role === fp.role && old.name === fp.name && old.tag === fp.tag ? old.id : undefined;
  }

  remember(node: Node, id: string, fp: NodeFingerprint): void {
    const old = this.map.get(node);
    if (old && old.id === id && old.role === fp.role && old.name === fp.name && old.tag === fp.tag) return;
    this.map.set(node, { id, tag: fp.tag, role: fp.role, name: fp.name });
  }
}
