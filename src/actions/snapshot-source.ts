// What the action layer needs from snapshots (kept structural so tests can fake it).
import type { NodeFingerprint } from '../types';

/** The parts of DomSnapshot the action layer needs (kept structural so tests can fake it). */
export interface SnapshotLike {
  readonly takenAt: number;
  getElement(nodeId: string): Element | null;
  getNodeId(node: Node): string | undefined;
  getFingerprint(nodeId: string): NodeFingerprint | null;
  has(nodeId: string): boolean;
  /** F8: whether the id was ever handed out in this document (ids are never reused). */
  wasIssued?(nodeId: string): boolean;
  /** Text-run ids: the text and the target holding it (null for other ids). */
  textRun?(nodeId: string): { text: string; holderId: string | null; holder: string | null } | null;
  /** Open shadow roots and same-origin frame documents the snapshot entered (their controls can change too). */
  readonly innerRoots?: readonly Node[];
  /**
   * Describes in full what the snapshot left undescribed (a budget's dropped lines), before
   * an action changes the page: the action's effects compare the page with every line of it.
   */
  seal?(): void;
  /** The targets shown inside a node, with their text lines (a custom dropdown's options). */
  targetsWithin?(nodeId: string): { id: string; line: string }[];
}

export interface SnapshotSource {
  /** The snapshot the agent saw last (even if expired or invalidated); null when none was taken. */
  latest(): SnapshotLike | null;
  /** A forced rebuild. */
  refresh(): Promise<SnapshotLike>;
}
