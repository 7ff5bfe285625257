// The shape of a node id, in one place: formatId (ids.ts) writes it, every entry point
// that takes an id from an agent checks it here. A string that cannot be an id is a
// VALIDATION_ERROR at once, before any snapshot lookup, so the answer for "4" or
// "button" is the same whether or not a snapshot exists or gets refreshed.

/** Every id the snapshot hands out starts with this. */
export const NODE_ID_PREFIX = 'nv_';

/** nv_ + base36 hash, optionally with `_x` suffixes (summary and omission markers). */
const NODE_ID = /^nv_[0-9a-z]+(?:_[0-9a-z]+)*$/;

export function isNodeId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 64 && NODE_ID.test(id);
}
