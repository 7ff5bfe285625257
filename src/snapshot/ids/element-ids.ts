// S7 structural-hash node ids. Each element's id hashes its path segment
// (tag, index among same-tag siblings, role, id) plus stable attributes, seeded
// with the parent's hash, so an id costs O(1) per element however deep it is.
// An element with an author id restarts the chain: everything below it stays
// stable whatever happens above. Ids that survive from the previous snapshot
// are reused while role and name hold.
import { hashAdd, hashEnd, hashStart, murmur3 } from '../../dom/murmur3';
import { imul } from '../../dom/builtins';
import { NODE_ID_PREFIX } from './node-id';

const hash32: (key: string, seed?: number) => number = murmur3;

const STABLE_ATTRIBUTES = ['name', 'type', 'role', 'aria-label', 'data-testid', 'href'];

/** Bit i stands for STABLE_ATTRIBUTES[i]: which of them an element has (elementPathHash's `present`). */
export const STABLE_BIT: Record<string, number> = { __proto__: null } as unknown as Record<string, number>;
for (let i = 0; i < STABLE_ATTRIBUTES.length; i++) STABLE_BIT[STABLE_ATTRIBUTES[i]] = 1 << i;
const ALL_STABLE = (1 << STABLE_ATTRIBUTES.length) - 1;

/** Author ids that look generated (React useId, Ember, numbers) are not stable anchors. */
const GENERATED_ID = /^(?:[:«]r|ember\d|\d)|[:«»]|\d{4,}|[0-9a-f]{8,}/i;

export function isStableAuthorId(id: string): boolean {
  return id.length > 0 && id.length < 64 && !GENERATED_ID.test(id);
}

/**
 * Hash of one element given its parent's hash and its index among same-tag siblings.
 * `present` (STABLE_BIT flags): the stable attributes a caller that listed the element's
 * attributes saw (the walk's scan); only those are read, the rest would read null.
 */
export function elementPathHash(
  el: Element,
  parentHash: number,
  tagIndex: number,
  hasStableAttributes = true,
  present = ALL_STABLE,
): number {
  const tag = el.localName;
  // Most elements carry none of the hashed attributes (class and style do not count):
  // mix a cached MurmurHash3 of the tag with the index and the parent hash (murmur's
  // own finalizer) instead of hashing a new string.
  if (!hasStableAttributes || !el.hasAttributes()) return mixPath(parentHash, tagHash(tag), tagIndex);
  // The keys are hashed in pieces (as `tag#id`, or `tag:index|value|value…` with each value
  // cut at 80 characters), not joined into a string first.
  const authorId = el.id;
  if (authorId && isStableAuthorId(authorId)) {
    hashStart(0x9e37);
    hashAdd(tag);
    hashAdd('#');
    hashAdd(authorId);
    return hashEnd();
  }
  hashStart(parentHash);
  hashAdd(tag);
  hashAdd(':');
  hashAdd(String(tagIndex));
  for (let i = 0; i < STABLE_ATTRIBUTES.length; i++) {
    if ((present & (1 << i)) === 0) continue;
    const v = el.getAttribute(STABLE_ATTRIBUTES[i]);
    if (v) {
      hashAdd('|');
      hashAdd(v, 80);
    }
  }
  return hashEnd();
}

// Made on first use, not at load (R1: a page may have replaced the constructor before we loaded; issue 19).
let tagHashes: Map<string, number> | undefined;

function tagHash(tag: string): number {
  tagHashes ??= new Map();
  let h = tagHashes.get(tag);
  if (h === undefined) {
    h = hash32(tag, 0x7a9);
    tagHashes.set(tag, h);
  }
  return h;
}

/** MurmurHash3's fmix32 over (parent, tag, index): cheap, well-distributed, deterministic. */
function mixPath(parent: number, tag: number, index: number): number {
  let h = (parent ^ imul(tag, 0xcc9e2d51) ^ imul(index + 1, 0x1b873593)) >>> 0;
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function childHash(parentHash: number, key: string): number {
  return hash32(key, parentHash);
}

/**
 * 20 bits of the hash, in base 36 (≤ 4 characters). Ids are paid for in tokens on
 * every agent step: a full 32-bit id costs ~6 tokens, this one ~4. A million-value
 * space keeps collisions rare at snapshot sizes, and the allocator resolves the few
 * there are deterministically.
 */
export function formatId(hash: number): string {
  return NODE_ID_PREFIX + ((hash >>> 0) & 0xfffff).toString(36);
}

/** Hands out unique ids within one snapshot, resolving collisions deterministically. */
export class IdAllocator {
  private readonly used = new Set<string>();

  /** Reserve a specific id (a reused one); false if it is already taken. */
  tryReserve(id: string): boolean {
    if (this.used.has(id)) return false;
    this.used.add(id);
    return true;
  }

  /** A free id from `hash`; `accept` can refuse candidates (ids retired in this document, F8). */
  allocate(hash: number, accept?: (id: string) => boolean): string {
    let id = formatId(hash);
    let h = hash;
    while (this.used.has(id) || (accept !== undefined && !accept(id))) {
      h = hash32(id, h);
      id = formatId(h);
    }
    this.used.add(id);
    return id;
  }
}
