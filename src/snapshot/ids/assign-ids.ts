// How the walk's kept elements get their ids (S5): the previous snapshot's id where the
// element survives with its role and name, else a structural id from its path hash.
import type { NodeFingerprint } from '../../types';
import type { BuildNode } from '../tree';

/** Where ids come from during one snapshot (build.ts makes one from the id memory and allocator). */
export interface IdSource {
  /** Id the element had in the previous snapshot, if its role and name still match. */
  reuse(el: Element, fingerprint: NodeFingerprint): string | undefined;
  /** Claims a specific id; false when it is already taken. */
  reserve(id: string): boolean;
  allocate(hash: number): string;
}

/**
 * Surviving elements claim their previous ids first, so a newcomer that hashes to a
 * moved element's old id never takes it; everything else gets its structural id in
 * document order (deterministic).
 */
export function assignIds(nodes: BuildNode[], ids: IdSource): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.reuseId && !ids.reserve(node.reuseId)) node.reuseId = undefined;
  }
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    node.vn.node_id = node.reuseId ?? ids.allocate(node.idHash!);
    node.reused = node.reuseId !== undefined;
    node.reuseId = undefined;
  }
}
