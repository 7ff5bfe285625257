// aria-owns in the walk: an owned element is visited under its owner (in aria-owns
// order), not where it sits in the DOM; cycles and double ownership are ignored. An owner
// whose children the walk never enters (an <input role=combobox> owning its listbox) holds
// nothing: what it owns stays where it is. One the walk turns out never to enter (hidden,
// behind a modal) leaves what it owns behind, and the walk visits that at the end, so an
// owned element is listed once and never lost.
/** aria-owns: owned element → owner; null when the page uses none (the common case). */
export interface Ownership {
  /** owned element → its owner */
  ownerOf: Map<Element, Element>;
  /** owner → the elements it owns, in aria-owns order */
  ownedBy: Map<Element, Element[]>;
  /** Owned elements the walk has queued (under their owner, or left behind where they are). */
  visited: Set<Element>;
  /** Owned elements their DOM parent left out of the queue, with that parent's walk context. */
  leftBehind: LeftBehind[];
}

/** One owned element its parent left out of the queue (its owner is expected to take it). */
export interface LeftBehind {
  el: Element;
  ctx: unknown;
  index: number;
}

/** `holdsChildren`: whether the walk would enter an element's children (walk/opaque.ts). */
export function collectOwned(doc: Document, holdsChildren: (el: Element) => boolean): Ownership | null {
  let owners: NodeListOf<Element>;
  try {
    owners = doc.querySelectorAll('[aria-owns]');
  } catch {
    return null;
  }
  if (!owners.length) return null;
  const map = new Map<Element, Element>();
  for (let i = 0; i < owners.length; i++) {
    const owner = owners[i];
    if (!holdsChildren(owner)) continue;
    const idList = (owner.getAttribute('aria-owns') ?? '').trim().split(/\s+/);
    for (let j = 0; j < idList.length; j++) {
      const target = idList[j] ? doc.getElementById(idList[j]) : null;
      // An element cannot own its own ancestor nor be owned twice, and ownership chains
      // must not loop back (a owns b, b owns a): the cycle guard.
      if (target && !map.has(target) && !ownsBack(map, owner, target)) map.set(target, owner);
    }
  }
  if (!map.size) return null;
  const ownedBy = new Map<Element, Element[]>();
  map.forEach((owner, target) => {
    const list = ownedBy.get(owner);
    if (list) list.push(target);
    else ownedBy.set(owner, [target]);
  });
  return { ownerOf: map, ownedBy, visited: new Set(), leftBehind: [] };
}

function ownsBack(map: Map<Element, Element>, owner: Element, target: Element): boolean {
  let x: Element | undefined = owner;
  for (let steps = 0; x && steps < 64; steps++) {
    if (x === target || target.contains(x)) return true;
    x = map.get(x);
  }
  return false;
}

export function appendOwned(owner: Element, owned: Ownership, out: Node[]): void {
  const visited = owned.visited;
  const targets = owned.ownedBy.get(owner);
  if (!targets) return;
  for (let i = 0; i < targets.length; i++) {
    if (!visited.has(targets[i])) {
      visited.add(targets[i]);
      out.push(targets[i]);
    }
  }
}

/**
 * Queues (with `push`) the owned elements whose owner never took them, where they are; true
 * when it queued any. The walk calls it when its stack runs empty.
 */
export function requeueLeftBehind<C>(
  owned: Ownership | null,
  push: (node: Node, ctx: C, index: number) => void,
): boolean {
  if (!owned) return false;
  const { leftBehind: left, visited } = owned;
  let queued = false;
  // Backwards, so the first left behind is visited first.
  for (let i = left.length - 1; i >= 0; i--) {
    const { el, ctx, index } = left[i];
    if (visited.has(el)) continue;
    visited.add(el);
    push(el, ctx as C, index);
    queued = true;
  }
  left.length = 0;
  return queued;
}

/** `el`'s index among its same-tag siblings, as if nothing owned it (sibling-index.ts counts from 1). */
export function ownIndex(el: Element): number {
  let index = 1;
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === el.localName) index++;
  return index;
}
