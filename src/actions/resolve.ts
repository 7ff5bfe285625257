// Node id → live element (A3, F4). The id is looked up in the snapshot the agent
// last saw; a missing or detached id gets one forced refresh and one retry; a
// found element must still match the fingerprint (tag, role, name) recorded at
// snapshot time, so a drifted id is refused instead of acting on another element.
import type { NodeFingerprint } from '../types';
import { normalizeWhitespace } from '../dom/dom-utils';
import { isRendered, liveFingerprint } from '../semantics';
import { isNodeId } from '../snapshot/ids/node-id';
import { DomToolError, msg } from './result';
import type { SnapshotLike, SnapshotSource } from './snapshot-source';

export type { SnapshotLike, SnapshotSource };

export interface ResolvedTarget {
  element: Element;
  snapshot: SnapshotLike;
  fingerprint: NodeFingerprint | null;
  /** True when the id was only found after a refresh (F4). */
  refreshed: boolean;
}

export async function resolveTarget(id: unknown, source: SnapshotSource): Promise<ResolvedTarget> {
  if (!isNodeId(id)) throw new DomToolError('VALIDATION_ERROR', msg.invalidId(id));
  let snapshot = source.latest();
  let refreshed = false;
  if (!snapshot) {
    snapshot = await source.refresh();
    refreshed = true;
  }
  // Text runs carry ids in the JSON but are not elements: name the target to use instead.
  const run = !snapshot.has(id) && snapshot.textRun ? snapshot.textRun(id) : null;
  if (run) throw new DomToolError('VALIDATION_ERROR', msg.textRun(id, run.text, run.holder));
  let element = lookup(snapshot, id);
  const recorded = snapshot.has(id) ? snapshot.getFingerprint(id) : null;
  if (!element && !refreshed) {
    // F4: the page may have re-rendered the node; one refresh, one retry.
    snapshot = await source.refresh();
    refreshed = true;
    element = lookup(snapshot, id);
  }
  if (!element) {
    // F8: an id is never re-pointed, so a known id that no longer resolves names a removed element.
    if (recorded || snapshot.wasIssued?.(id)) throw new DomToolError('STALE_NODE', msg.removed(id));
    throw new DomToolError('ELEMENT_NOT_FOUND', msg.notFound(id));
  }
  // Compare with what the agent saw (the first snapshot's record) when there was one.
  const fingerprint = recorded ?? snapshot.getFingerprint(id);
  if (fingerprint) {
    const live = liveFingerprint(element);
    // Names are not comparable for hidden elements (accname skips hidden content; verify
    // reports them as not visible) nor for frame placeholders (the snapshot names them by src).
    if (!isRendered(element) || live.tag === 'iframe' || live.tag === 'frame') live.name = fingerprint.name;
    const drift = compareFingerprint(fingerprint, live, liveValue(element));
    if (drift) throw new DomToolError('STALE_NODE', msg.stale(id, drift));
  }
  return { element, snapshot, fingerprint, refreshed };
}

function lookup(snapshot: SnapshotLike, id: string): Element | null {
  if (!snapshot.has(id)) return null;
  const el = snapshot.getElement(id);
  return el && el.isConnected ? el : null;
}

/** Roles whose accessible name may legitimately follow the typed value. */
const VALUE_ROLES: Record<string, true> = {
  textbox: true,
  searchbox: true,
  combobox: true,
  spinbutton: true,
  slider: true,
};
/** Roles that all mean "no particular role". */
const NO_ROLE: Record<string, true> = { '': true, generic: true, none: true, presentation: true };

/**
 * Null when `live` still is what `recorded` described, else a short description of
 * the difference (for the STALE_NODE message).
 */
export function compareFingerprint(recorded: NodeFingerprint, live: NodeFingerprint, value?: string): string | null {
  if (recorded.tag && recorded.tag.toLowerCase() !== live.tag.toLowerCase()) {
    return `it was a <${recorded.tag}>, now it is a <${live.tag}>`;
  }
  const rRole = recorded.role ?? '';
  const lRole = live.role ?? '';
  if (rRole !== lRole && !(NO_ROLE[rRole] === true && NO_ROLE[lRole] === true)) {
    return `its role was ${rRole || 'none'}, now ${lRole || 'none'}`;
  }
  // A name the snapshot did not compute is not compared.
  if (recorded.name === undefined || namesMatch(recorded.name, live.name ?? '')) return null;
  if (VALUE_ROLES[lRole] === true && valueExplainsNameChange(recorded.name ?? '', live.name ?? '', value)) return null;
  return `it was named "${recorded.name}", now "${live.name}"`;
}

const ELLIPSIS = '\u2026';

function namesMatch(recordedRaw: string, liveRaw: string): boolean {
  const recorded = normalizeWhitespace(recordedRaw);
  const live = normalizeWhitespace(liveRaw);
  if (recorded === live) return true;
  // The snapshot truncates long names with a marker: compare on the recorded prefix.
  if (recorded.length > 1 && recorded.charAt(recorded.length - 1) === ELLIPSIS) {
    const prefix = recorded.slice(0, -1).trimEnd();
    return live.slice(0, prefix.length) === prefix;
  }
  return false;
}

/** A textbox whose name moved only because its value changed (typing) is still the same field. */
function valueExplainsNameChange(recorded: string, live: string, value: string | undefined): boolean {
  if (!recorded || !live) return true;
  const v = value ? normalizeWhitespace(value) : '';
  return v !== '' && (live.indexOf(v) >= 0 || recorded.indexOf(v) >= 0);
}

function liveValue(el: Element): string | undefined {
  const v = (el as HTMLInputElement).value;
  if (typeof v === 'string') return v;
  return (el as HTMLElement).isContentEditable ? (el.textContent ?? '') : undefined;
}
