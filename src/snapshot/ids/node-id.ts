// The shape of a node id, in one place: formatId (ids.ts) writes it, every entry point
// that takes an id from an agent checks it here. A string that cannot be an id is a
// VALIDATION_ERROR at once, before any snapshot lookup, so the answer for "4" or
// "button" is the same whether or not a snapshot exists or gets refreshed.

/** Every id the snapshot hands out starts with this. */
export const NODE_ID_PREFIX = 'nv_';

/** The id token: nv_ + base36 hash. */
const TOKEN = NODE_ID_PREFIX + '[0-9a-z]+';

/** A whole id: the token, optionally with `_x` suffixes (summary and omission markers). */
const NODE_ID = new RegExp('^' + TOKEN + '(?:_[0-9a-z]+)*$');

/** Every id token in a text, frame-prefixed or not (a fresh global RegExp: callers may exec it). */
export function idTokens(): RegExp {
  return new RegExp(TOKEN, 'g');
}

/**
 * Plain (main-frame) id tokens in a text: not preceded by a word character or by the
 * colon of a frame prefix (`f2:nv_…`). Group 1 is what precedes, group 2 the id.
 */
export function plainIdTokens(): RegExp {
  return new RegExp('(^|[^\\w:])(' + TOKEN + ')', 'g');
}

export function isNodeId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 64 && NODE_ID.test(id);
}
