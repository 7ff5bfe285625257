// The fingerprint (A3): tag, role and accessible name. The snapshot records it with
// these functions and the resolver checks the live element with the same ones, so an
// unchanged element always matches what was recorded.
import type { NodeFingerprint } from '../types';
import { getAccessibleName } from './name';
import { getRole } from './roles';

/**
 * The accessible name, whitespace-normalized ('' when it cannot be computed; never throws).
 * `known`: what the caller has read of the element already (see getAccessibleName).
 */
export function nameOf(el: Element, role: string | null = safeRole(el), known = 0): string {
  try {
    // getAccessibleName's answer is already clean (cleanName: single spaces, trimmed).
    return getAccessibleName(el, role, known);
  } catch {
    return '';
  }
}

function safeRole(el: Element): string | null {
  try {
    return getRole(el);
  } catch {
    return null;
  }
}

/** Role ('' for none) and accessible name of the element as it is now. */
export function roleAndName(el: Element): { role: string; name: string } {
  const role = safeRole(el);
  return { role: role ?? '', name: nameOf(el, role) };
}

/** Tag, role and accessible name of the element as it is now. */
export function liveFingerprint(el: Element): NodeFingerprint {
  const { role, name } = roleAndName(el);
  return { tag: el.localName, role, name };
}
