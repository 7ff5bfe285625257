// Entry for extension content scripts (`browserx-domtool/content-script`, I3).
//
//   import { installDomToolContentScript } from 'browserx-domtool/content-script';
//   installDomToolContentScript();          // answers domtool:* messages
//
// A content script runs in an isolated world: the page's patched built-ins never
// reach it (R2 holds by construction), and page CSP / Trusted Types do not apply
// to it. Inside an extension it can also open CLOSED shadow roots through
// chrome.dom.openOrClosedShadowRoot, which it hands to the snapshot engine.
import { DomTool } from '../DomTool';
import type { DomToolOptions } from '../options';
import { createMessageHandler, isDomToolMessage, type DomToolResponse } from './protocol';

export { DomTool };
export { handleMessage, createMessageHandler, isDomToolMessage, MESSAGE_TYPES } from './protocol';
export type { DomToolRequest, DomToolRequestType, DomToolResponse, ProtocolError, ProtocolTool } from './protocol';
export { safeStringify, toPlainData } from '../dom/safe-json';

interface ChromeLike {
  runtime?: {
    onMessage?: {
      addListener(cb: MessageListener): void;
      removeListener(cb: MessageListener): void;
    };
  };
  dom?: { openOrClosedShadowRoot?: (element: HTMLElement) => ShadowRoot | null | undefined };
}
type MessageListener = (message: unknown, sender: unknown, sendResponse: (response: DomToolResponse) => void) => boolean | undefined;

export interface ContentScriptHandle {
  tool: DomTool;
  /** Answers a message directly (same as sending it through chrome.runtime). */
  handle(message: unknown): Promise<DomToolResponse>;
  /** Stops answering messages and removes the overlay. */
  dispose(): void;
}

// One installation per isolated world: a content script injected twice (manifest +
// chrome.scripting.executeScript) must not answer every message twice.
const INSTALLED = Symbol.for('browserx.domtool.contentScript');

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

export function installDomToolContentScript(options: DomToolOptions = {}): ContentScriptHandle {
  const g = globalThis as { [INSTALLED]?: ContentScriptHandle };
  const existing = g[INSTALLED];
  if (existing) return existing;

  const onMessage = chromeApi()?.runtime?.onMessage;
  // Outside an extension no message could ever arrive: a handle that silently never
  // answers is worse than an error that says what to use instead.
  if (!onMessage) throw new Error(NOT_IN_EXTENSION);
  // An isolated world cannot wrap the page's fetch: settle on resource timing + mutations.
  const tool = new DomTool({ shadowRootOf: extensionShadowRootOf(), requestTracking: 'timing', ...options });
  const handle = createMessageHandler(tool);
  const listener: MessageListener = (message, _sender, sendResponse) => {
    // Not ours: return undefined so other listeners in the extension can answer.
    if (!isDomToolMessage(message)) return undefined;
    void handle(message).then(sendResponse);
    return true; // keeps the channel open for the asynchronous answer
  };
  onMessage.addListener(listener);

  const installed: ContentScriptHandle = {
    tool,
    handle,
    dispose() {
      onMessage.removeListener(listener);
      tool.clearHighlight?.();
      if (g[INSTALLED] === installed) delete g[INSTALLED];
    },
  };
  g[INSTALLED] = installed;
  return installed;
}
