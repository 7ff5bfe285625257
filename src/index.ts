// Public API: re-exports only.
export { DomTool } from './DomTool';
export { DomSnapshot } from './snapshot/DomSnapshot';
export type { TextOptions, SerializeOptions } from './snapshot/DomSnapshot';
export type { DomToolOptions, SnapshotOptions, MetricsEvent } from './options';
export type {
  VirtualNode,
  SerializedPage,
  PageContext,
  SnapshotMeta,
  SnapshotStats,
  ActionResult,
  ActionEffect,
  ErrorCode,
  NodeFingerprint,
} from './types';
