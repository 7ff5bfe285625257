// S7 + F8 id memory across snapshots of one document.
// - element → the id and fingerprint it had (WeakMap), so an element that survives
//   (even moved by a re-render) keeps its id while its role and name hold;
// - id → the element it was first handed to (as an opaque owner number, so removed
//   elements can still be garbage-collected): an id never names another element later,
//   even after its element is removed and a look-alike takes its place (F8).
// Long-lived (one per DomTool and document); written only when something changed.
import type { NodeFingerprint } from '../../types';

interface Remembered extends NodeFingerprint {
  id: string;
}

type Tables = { map: WeakMap<Node, Remembered>; owners: WeakMap<Node, number>; issued: Map<string, number> };

export class IdMemory {
  /**
   * element → what it was (`map`), owner number per node that ever received an id
   * (`owners`), every id handed out in this document → its owner's number (`issued`).
   * Made on first use, inside a snapshot: a page that replaced WeakMap or Map before we
   * loaded then gets an error snapshot, not an exception from `new DomTool()` (R1).
   */
  private made: Tables | undefined;
  private nextOwner = 1;

  private get t(): Tables {
    return (this.made ??= {
      map: new WeakMap<Node, Remembered>(),
      owners: new WeakMap<Node, number>(),
      issued: new Map<string, number>(),
    });
  }

  recall(node: Node): Remembered | undefined {
    return this.t.map.get(node);
  }

  /** The id to reuse for an element whose role and name still match what was remembered. */
  reusable(node: Node, fp: NodeFingerprint): string | undefined {
    const old = this.t.map.get(node);
    return old && old.role === fp.role && old.name === fp.name && old.tag === fp.tag ? old.id : undefined;
  }

  remember(node: Node, id: string, fp: NodeFingerprint): void {
    const old = this.t.map.get(node);
    if (old && old.id === id && old.role === fp.role && old.name === fp.name && old.tag === fp.tag) return;
    this.t.map.set(node, { id, tag: fp.tag, role: fp.role, name: fp.name });
  }

  /** F8: whether `id` may name `node` (never handed out, or handed out to this very node). */
  mayName(id: string, node: Node): boolean {
    const owner = this.t.issued.get(id);
    return owner === undefined || owner === this.t.owners.get(node);
  }

  /** Records that `id` names `node` from now on (call only after mayName said yes). */
  claim(id: string, node: Node): void {
    let owner = this.t.owners.get(node);
    if (owner === undefined) {
      owner = this.nextOwner++;
      this.t.owners.set(node, owner);
    }
    if (!this.t.issued.has(id)) this.t.issued.set(id, owner);
  }

  /** Whether this id was ever handed out in this document (a later miss means: removed). */
  wasIssued(id: string): boolean {
    return this.t.issued.has(id);
  }
}
