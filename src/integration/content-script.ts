// Entry for extension content scripts (`browserx-domtool/content-script`, I3).
//
//   import { installDomToolContentScript } from 'browserx-domtool/content-script';
//   installDomToolContentScript();          // answers domtool:* messages
//
// A content script runs in an isolated world: the page's patched built-ins never
// reach it (R2 holds by construction), and page CSP / Trusted Types do not apply
// to it. Inside an extension it can also open CLOSED shadow roots through
// chrome.dom.openOrClosedShadowRoot, which it hands to the snapshot engine.
import { cancellableCalls } from './cancel-calls';
import { DomTool } from '../DomTool';
import type { DomToolOptions } from '../options';
import { MESSAGE_PREFIX, handleMessage, type DomToolResponse } from './protocol';
import { answerDomToolMessages, type MessageEvent } from './message-type';
import { commandForMessage } from '../commands/table';
import { setActionLayerLoader } from '../commands/action-layer';
import { actionLoaderVia } from './load-actions';
import { frameHitTest, frameSnapshot, locate, type FrameSnapshotRequest } from './frames';
import { FrameHandshake, documentWindow } from './handshake';
import { showFeedback } from './feedback';
import { toPlainData } from '../dom/safe-json';
import { clickListenerSource } from './click-listeners';
import { symbolKey } from './global';

export { DomTool };
export { handleMessage, createMessageHandler, isDomToolMessage, MESSAGE_TYPES } from './protocol';
export type { DomToolRequest, DomToolRequestType, DomToolResponse, ProtocolError, ProtocolTool } from './protocol';
export { safeStringify, toPlainData } from '../dom/safe-json';
export { FRAME_SLOT, type FrameSnapshotAnswer, type FrameLink } from './frames';
export { collectClickListeners, LISTENER_QUERY_EVENT, LISTENER_MARK_EVENT } from './click-listeners';

interface ChromeLike {
  runtime?: {
    id?: string;
    sendMessage?(message: unknown): Promise<unknown> | void;
    onMessage?: MessageEvent;
  };
  dom?: { openOrClosedShadowRoot?: (element: HTMLElement) => ShadowRoot | null | undefined };
}

export interface ContentScriptHandle {
  tool: DomTool;
  /** The chrome.runtime this copy listens on (an extension reload orphans it). */
  readonly runtime?: unknown;
  /** Answers a message directly (same as sending it through chrome.runtime). */
  handle(message: unknown): Promise<DomToolResponse>;
  /** Stops answering messages and removes the overlay. */
  dispose(): void;
}

// One installation per isolated world: a content script injected twice (manifest +
// chrome.scripting.executeScript) must not answer every message twice.
const INSTALLED = symbolKey('browserx.domtool.contentScript');

function chromeApi(): ChromeLike | undefined {
  const c = (globalThis as { chrome?: ChromeLike }).chrome;
  return c && typeof c === 'object' ? c : undefined;
}

/**
 * chrome.dom.openOrClosedShadowRoot as a `shadowRootOf` option, when the API
 * exists (extension content scripts, Chrome 88+). It only accepts HTML elements
 * and throws on others, hence the guard.
 */
export function extensionShadowRootOf(): ((element: Element) => ShadowRoot | null) | undefined {
  const open = chromeApi()?.dom?.openOrClosedShadowRoot;
  if (typeof open !== 'function') return undefined;
  return (element) => {
    try {
      return open(element as HTMLElement) ?? null;
    } catch {
      return null;
    }
  };
}

const NOT_IN_EXTENSION =
  'installDomToolContentScript() must run in a browser extension content script: chrome.runtime.onMessage is not available here. ' +
  'In a web page (bookmarklet, console, Playwright) load dist/domtool.iife.js or use new DomTool() from browserx-domtool; ' +
  'to answer domtool:* messages yourself, use createMessageHandler(new DomTool()).';

/** A copy installed by an extension that has since been reloaded or removed answers nobody. */
function isOrphaned(handle: ContentScriptHandle): boolean {
  const runtime = chromeApi()?.runtime;
  if (!runtime || handle.runtime === undefined) return false;
  let id: unknown;
  try {
    id = (handle.runtime as { id?: unknown }).id;
  } catch {
    id = undefined;
  }
  return handle.runtime !== runtime || !id;
}

export function installDomToolContentScript(options: DomToolOptions = {}): ContentScriptHandle {
  const g = globalThis as unknown as Record<PropertyKey, ContentScriptHandle | undefined>;
  const existing = g[INSTALLED];
  if (existing && !isOrphaned(existing)) return existing;
  if (existing) {
    try {
      existing.dispose();
    } catch {
      /* the old runtime is gone */
    }
  }

  const runtime = chromeApi()?.runtime;
  const onMessage = runtime?.onMessage;
  // Outside an extension no message could ever arrive: a handle that silently never
  // answers is worse than an error that says what to use instead.
  if (!onMessage) throw new Error(NOT_IN_EXTENSION);
  const win = documentWindow(options.document);
  const core = createContentHandler(runtime, win ? new FrameHandshake(win) : null, options);
  const stop = answerDomToolMessages(onMessage, core.handle);

  const installed: ContentScriptHandle = {
    get tool() {
      return core.tool;
    },
    runtime,
    handle: core.handle,
    dispose() {
      stop();
      core.dispose();
      if (g[INSTALLED] === installed) delete g[INSTALLED];
    },
  };
  g[INSTALLED] = installed;
  return installed;
}

/** What answers a frame's domtool:* messages, without the listener that receives them. */
export interface ContentHandler {
  readonly tool: DomTool;
  handle(message: unknown): Promise<DomToolResponse>;
  dispose(): void;
}

/**
 * The message handler of one frame, for the content script that listens itself
 * (installDomToolContentScript) and for the small loader that every frame runs and that
 * makes this only on the frame's first request (content-stub.ts, issue 19).
 * `handshake` was listening since the frame loaded (children announce early).
 */
export function createContentHandler(
  runtime: NonNullable<ChromeLike['runtime']>,
  handshake: FrameHandshake | null,
  options: DomToolOptions = {},
): ContentHandler {
  const shadowRootOf = extensionShadowRootOf();
  // The page-world recorder (opt-in script) answers for listener-only clickables; without it the set is empty.
  // The DomTool is made on the frame's first message, not at load: most frames (ads,
  // trackers) are never asked anything (issue 19). Request settling uses resource timing,
  // which needs no early start (an isolated world cannot wrap the page's fetch anyway).
  // Dialogs are answered by the guard the page-world script installed (settle/dialogs.ts).
  let made: DomTool | null = null;
  const tool = (): DomTool =>
    (made ??= new DomTool({
      shadowRootOf,
      hasClickListener: clickListenerSource(),
      requestTracking: 'timing',
      dialogHandling: 'bridge',
      ...options,
    }));
  // Actions load on a frame's first action: the service worker injects the action layer (issue 19).
  setActionLayerLoader(actionLoaderVia(runtime));
  const win = documentWindow(options.document);
  const nonces = (msg: Record<string, unknown>): Record<string, number> =>
    msg.frameNonces && typeof msg.frameNonces === 'object' ? (msg.frameNonces as Record<string, number>) : {};

  // Requests only an extension's service worker sends (one frame among many); the rest
  // is the transport-free protocol.
  const handle = cancellableCalls(async (message: unknown): Promise<DomToolResponse> => {
    const msg = (message && typeof message === 'object' ? message : {}) as Record<string, unknown>;
    const type = String(msg.type);
    try {
      switch (type) {
        case 'domtool:frameHello':
          if (win && typeof msg.nonce === 'string') FrameHandshake.announce(win, msg.nonce);
          return { ok: true, type, result: true };
        case 'domtool:frameSnapshot': {
          const table = nonces(msg);
          // The children's hellos travel as separate tasks: give them a moment to arrive.
          if (handshake) await handshake.waitFor(Object.keys(table), 300);
          return {
            ok: true,
            type,
            result: toPlainData(
              await frameSnapshot(tool(), msg as unknown as FrameSnapshotRequest, handshake?.frameIdOf(table)),
            ),
          };
        }
        case 'domtool:locate':
          return { ok: true, type, result: locate(tool(), msg.target ?? msg.nodeId) };
        case 'domtool:hasFocus': {
          // This document has the focus and it is not passed on to a child frame.
          const doc = tool().document;
          const active = doc.activeElement;
          return {
            ok: true,
            type,
            result: doc.hasFocus() && !(active && (active.localName === 'iframe' || active.localName === 'frame')),
          };
        }
        case 'domtool:frameHitTest': {
          const table = nonces(msg);
          if (!handshake) return { ok: true, type, result: { ok: false, reason: 'missing' } };
          await handshake.waitFor(Object.keys(table), 300);
          return {
            ok: true,
            type,
            result: frameHitTest(
              tool().document,
              Number(msg.frameId),
              { x: Number(msg.x), y: Number(msg.y) },
              handshake.frameIdOf(table),
              shadowRootOf,
            ),
          };
        }
      }
    } catch (e) {
      return {
        ok: false,
        type,
        error: {
          code: 'INTERNAL_ERROR',
          message: `DomTool failed: ${(e as Error)?.message ?? String(e)}. Take a fresh snapshot and retry.`,
          recoverable: true,
        },
      };
    }
    const kind =
      msg.feedback === true ? commandForMessage(type.slice(MESSAGE_PREFIX.length))?.message?.feedback : undefined;
    const target = kind && typeof msg.nodeId === 'string' ? tool().getElement(msg.nodeId) : null;
    const response = await handleMessage(tool(), message);
    // Drawn after the action: the overlay must not count as the action's effect.
    if (target && response.ok && (response.result as { ok?: boolean } | null)?.ok)
      showFeedback(tool().document, target, kind!);
    return response;
  });
  return {
    get tool() {
      return tool();
    },
    handle,
    dispose() {
      made?.clearHighlight?.();
    },
  };
}
