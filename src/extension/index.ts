// `browserx-domtool/extension`: the service-worker module (issue 11).
//
//   import { createDomToolService } from 'browserx-domtool/extension';
//   const domtool = createDomToolService();            // at the top level of the service worker
//   const text = await domtool.getText({ tabId });     // every frame, ids like nv_k3x9 / f2:nv_8sch
//   await domtool.click({ tabId, nodeId: 'f2:nv_8sch' });
export { DomToolService, createDomToolService, restrictedReason } from './service';
export type {
  DomToolServiceOptions,
  ExtensionActionResult,
  ExtensionError,
  ExtensionErrorCode,
  FindRequest,
  FrameSummary,
  NodeRequest,
  TargetRequest,
  ServiceResult,
  SnapshotRequest,
  TabRequest,
} from './service';
export { parseScopedId, framePrefix, FrameRegistry } from './scoped-ids';
export type { ScopedId, FrameRecord } from './scoped-ids';
export type { ChromeApi, FrameDetails } from './chrome-types';
export type { SerializedPage, VirtualNode, ActionResult, ErrorCode, ErrorInfo, InspectResult } from '../types';
export type { Changes } from '../changes/ChangeTracker';
export type { FindResult } from '../changes/views';
