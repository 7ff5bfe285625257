// The service's public shapes: its options, requests and answers (browserx-domtool/extension).
import type { ActionResult, ErrorCode, ErrorInfo } from '../types';
import type { TextTarget } from '../actions/text-target';
import type { LoadFiles } from './loads';
import type { ChromeApi } from './chrome-types';

/** @deprecated ErrorCode (one union for the page, the protocol and the service); kept for one release. */
export type ExtensionErrorCode = ErrorCode;

/** An error as data (the same shape as in the page). */
export type ExtensionError = ErrorInfo;

/** Snapshot-like answers: `ok` with the result, or an error as data. */
export type ServiceResult<T> = { ok: true; result: T; frames: FrameSummary[] } | { ok: false; error: ExtensionError };

/** The ActionResult contract, as the service answers it (ids carry their frame prefix). */
export type ExtensionActionResult = ActionResult;

/** One child frame of an assembled snapshot. */
export interface FrameSummary {
  /** Prefix of its ids ("f2"). */
  frame: string;
  url: string;
  /** 'ok': its content is in the snapshot; otherwise why it is a placeholder. */
  status: 'ok' | 'timeout' | 'no-content-script' | 'depth-limit' | 'not-loaded';
}

/** coreScripts / actionScripts: the files a frame's content script has injected on its first request / action. */
export interface DomToolServiceOptions extends LoadFiles {
  /** Content script files to inject into tabs without one. Default: the manifest's isolated-world content scripts. */
  contentScripts?: string[];
  /** How long a frame may take to answer before it stays a placeholder. Default 1500 ms. */
  frameTimeoutMs?: number;
  /** How long an action may take. Default 15000 ms. */
  actionTimeoutMs?: number;
  /** Ripple / cursor / field outline where the agent acts. Default false. */
  visualFeedback?: boolean;
  /** Max depth of nested cross-origin frames entered. Default 3. */
  maxFrameDepth?: number;
  /** The chrome namespace (tests pass a fake). Default globalThis.chrome. */
  chrome?: ChromeApi;
}

export interface TabRequest {
  tabId: number;
}
export interface SnapshotRequest extends TabRequest {
  options?: Record<string, unknown>;
  force?: boolean;
}
export interface NodeRequest extends TabRequest {
  nodeId: string;
}
/** An element of the tab: `nodeId`, or `target` — a node id or `{ text, within? }` (A9; a text is looked for in the frame of `within`, else the main frame). */
export type TargetRequest = TabRequest &
  ({ nodeId: string; target?: undefined } | { target: string | TextTarget; nodeId?: undefined });
/** find's request: the query as a string (matched like DomTool.find), in the main frame. */
export interface FindRequest extends TabRequest {
  query: string;
  options?: { limit?: number } & Record<string, unknown>;
}
