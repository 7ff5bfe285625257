// Public API: re-exports, and the action layer provided at load (this entry carries the
// actions; the extension's per-frame content script loads them on first use, issue 19).
import './commands/full-action-layer';
export { DomTool } from './DomTool';
export { DomSnapshot } from './snapshot/DomSnapshot';
export {
  DomToolError,
  type TypeOptions,
  type KeypressOptions,
  type ScrollOptions,
  type DragDestination,
  type DragOptions,
  type UploadFile,
  type UploadOptions,
} from './actions';
export type { TextOptions, SerializeOptions } from './snapshot/DomSnapshot';
export type { DomToolOptions, SnapshotOptions, MetricsEvent } from './options';
export type { Changes, ChangedNode, ChangeOptions } from './changes/ChangeTracker';
export type { FindResult, FindMatch } from './changes/views';
export type {
  VirtualNode,
  SerializedPage,
  PageContext,
  SnapshotMeta,
  SnapshotStats,
  ActionResult,
  InspectResult,
  ActionEffect,
  Appeared,
  ErrorCode,
  ErrorInfo,
  NodeFingerprint,
} from './types';
export type { TextTarget } from './actions/text-target';
export type { Target } from './commands/table';
