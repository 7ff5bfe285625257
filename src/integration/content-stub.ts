// The content script every frame runs, kept to a few kilobytes (issue 19): an extension
// injects its content script into every frame of every page (all_frames), and most of
// those frames — ads, trackers, widgets — are never asked anything. This loader only
//  - listens for domtool:* messages,
//  - answers the liveness ping and the frame handshake (a child announces its nonce to
//    its ancestors, which must hear it from the start: handshake.ts),
//  - and on the frame's first real request asks the service worker to inject the core
//    (content-core.js: snapshot, protocol, ids; the action layer still comes later, on
//    the first action), then hands every request to it.
//
//   import { installDomToolContentStub } from 'browserx-domtool/content-stub';
//   installDomToolContentStub();   // in the content script; ship dist/content-core.js too
//
// installDomToolContentScript() ('browserx-domtool/content-script') stays the one-file way:
// everything loaded up front, no service worker needed to load it.
import type { DomToolOptions } from '../options';
import type { ContentHandler } from './content-script';
import type { DomToolResponse } from './protocol';
import { FrameHandshake, documentWindow } from './handshake';
import { answerDomToolMessages, type MessageEvent } from './message-type';
import { symbolKey } from './global';

/** The message the loader sends the service worker: "inject the core into this document". */
export const LOAD_CORE = 'domtool:loadCore';

/** Where content-core.js leaves the handler factory in this isolated world. */
export const CORE_SLOT = symbolKey('browserx.domtool.contentCore');

export type CoreFactory = (
  runtime: RuntimeLike,
  handshake: FrameHandshake | null,
  options?: DomToolOptions,
) => ContentHandler;

interface RuntimeLike {
  id?: string;
  sendMessage?(message: unknown): Promise<unknown> | void;
  onMessage?: MessageEvent;
}

export interface ContentStubHandle {
  /** The chrome.runtime this copy listens on (an extension reload orphans it). */
  readonly runtime: unknown;
  /** Whether the core has been loaded into this frame. */
  readonly loaded: boolean;
  /** Answers a message directly (same as sending it through chrome.runtime). */
  handle(message: unknown): Promise<DomToolResponse>;
  /** Stops answering messages. */
  dispose(): void;
}

const INSTALLED = symbolKey('browserx.domtool.contentStub');

const NOT_IN_EXTENSION =
  'installDomToolContentStub() must run in a browser extension content script: chrome.runtime.onMessage is not available here. ' +
  'In a web page load dist/domtool.iife.js or use new DomTool() from browserx-domtool.';

export function installDomToolContentStub(options: DomToolOptions = {}): ContentStubHandle {
  const g = globalThis as unknown as Record<PropertyKey, unknown>;
  const runtime = (g.chrome as { runtime?: RuntimeLike } | undefined)?.runtime;
  const existing = g[INSTALLED] as ContentStubHandle | undefined;
  // Injected twice (manifest + executeScript) answers once; a copy left by a reloaded
  // extension answers nobody and makes way.
  if (existing && existing.runtime === runtime && liveId(runtime)) return existing;
  existing?.dispose();
  const onMessage = runtime?.onMessage;
  if (!runtime || !onMessage) throw new Error(NOT_IN_EXTENSION);

  const win = documentWindow(options.document);
  const handshake = win ? new FrameHandshake(win) : null;
  let core: ContentHandler | null = null;
  let loading: Promise<ContentHandler> | null = null;

  const load = (): Promise<ContentHandler> =>
    (loading ??= (async () => {
      let factory = g[CORE_SLOT];
      if (typeof factory !== 'function') {
        if (typeof runtime.sendMessage !== 'function') throw new Error('no chrome.runtime.sendMessage here');
        const answer = (await runtime.sendMessage({ type: LOAD_CORE })) as
          | { ok?: boolean; message?: string }
          | undefined;
        if (!answer)
          throw new Error(
            "the extension did not answer (run createDomToolService() from 'browserx-domtool/extension' in its service worker)",
          );
        if (!answer.ok)
          throw new Error('the extension could not inject content-core.js (' + String(answer.message) + ')');
        factory = g[CORE_SLOT];
        if (typeof factory !== 'function') throw new Error('content-core.js ran but left no DomTool in this world');
      }
      return (core = (factory as CoreFactory)(runtime, handshake, options));
    })());

  const handle = async (message: unknown): Promise<DomToolResponse> => {
    const msg = (message && typeof message === 'object' ? message : {}) as Record<string, unknown>;
    const type = String(msg.type);
    // Answered here, so a frame nobody asks anything never loads the core.
    if (type === 'domtool:ping') return { ok: true, type, result: { pong: true } };
    if (type === 'domtool:frameHello') {
      if (win && typeof msg.nonce === 'string') FrameHandshake.announce(win, msg.nonce);
      return { ok: true, type, result: true };
    }
    let handler: ContentHandler;
    try {
      handler = core ?? (await load());
    } catch (e) {
      loading = null; // a later request tries again
      const why = (e as Error)?.message ?? String(e);
      return {
        ok: false,
        type,
        error: {
          code: 'INTERNAL_ERROR',
          message: `DomTool could not be loaded into this frame: ${why}. Retry; if it persists, reload the tab.`,
          recoverable: true,
        },
      };
    }
    return handler.handle(message);
  };

  const stop = answerDomToolMessages(onMessage, handle);

  const installed: ContentStubHandle = {
    runtime,
    get loaded() {
      return core !== null;
    },
    handle,
    dispose() {
      stop();
      core?.dispose();
      if (g[INSTALLED] === installed) delete g[INSTALLED];
    },
  };
  g[INSTALLED] = installed;
  return installed;
}

/** An extension that was reloaded or removed leaves a runtime without an id. */
function liveId(runtime: RuntimeLike | undefined): boolean {
  try {
    return !!runtime?.id;
  } catch {
    return false;
  }
}
