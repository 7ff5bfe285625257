// aria-owns in the walk: an owned element is visited under its owner (in aria-owns
// order), not where it sits in the DOM; cycles and double ownership are ignored.
/** aria-owns: owned element → owner; null when the page uses none (the common case). */
export interface Ownership {
  /** owned element → its owner */
  ownerOf: Map<Element, Element>;
  /** owner → the elements it owns, in aria-owns order */
  ownedBy: Map<Element, Element[]>;
}

export function collectOwned(doc: Document): Ownership | null {
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
  return { ownerOf: map, ownedBy };
}

function ownsBack(map: Map<Element, Element>, owner: Element, target: Element): boolean {
  let x: Element | undefined = owner;
  for (let steps = 0; x && steps < 64; steps++) {
    if (x === target || target.contains(x)) return true;
    x = map.get(x);
  }
  return false;
}

export function appendOwned(owner: Element, owned: Ownership, visited: Set<Element>, out: Node[]): void {
  const targets = owned.ownedBy.get(owner);
  if (!targets) return;
  for (let i = 0; i < targets.length; i++) {
    if (!visited.has(targets[i])) {
      visited.add(targets[i]);
      out.push(targets[i]);
    }
  }
}
