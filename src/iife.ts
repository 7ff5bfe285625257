// Entry of dist/domtool.iife.js: the page-world build for bookmarklets, the console
// and chrome.scripting.executeScript (I1, I2). See integration/global.ts for what
// happens when it is injected twice or the global name is already taken.
// Named imports only: `import * as` makes esbuild build a namespace object with a
// `for…in` loop, which enumerable Object.prototype pollution breaks at load (R2).
import { DomTool, DomSnapshot } from './index';
import { version } from '../package.json';
import { createMessageHandler, handleMessage, MESSAGE_TYPES } from './integration/protocol';
import { createDebugTool, installDebugHandle } from './integration/debug';
import { BRAND, installGlobal } from './integration/global';
import { safeStringify, toPlainData } from './dom/safe-json';
import { frameHitTest, frameSnapshot, locate } from './integration/frames';
import { commandNamed } from './commands/table';

const api = {
  DomTool,
  DomSnapshot,
  __brand: BRAND as typeof BRAND,
  version,
  createMessageHandler,
  handleMessage,
  MESSAGE_TYPES,
  createDebugTool,
  // Page-world JSON that ignores a patched Array.prototype.toJSON (R2).
  safeStringify,
  toPlainData,
  // One frame's own text with a slot line per cross-origin iframe: the Playwright host
  // (agent/playwright-frames.ts) grafts each frame's text there, as the extension does.
  frameSnapshot,
  // Where a pointer action in a frame lands, and whether the parent page covers it there
  // (the extension's A3 check across frames, for the Playwright host).
  locate,
  frameHitTest,
  isPointerCommand: (name: string): boolean => commandNamed(name)?.message?.pointer === true,
};

/** The shape of `window.BrowserXDomTool` (typed for consumers by `browserx-domtool/global`). */
export type BrowserXDomToolApi = typeof api & { displaced?: unknown };

const { api: active } = installGlobal(globalThis, api);
// The debug handle uses the active copy's DomTool, so a second injection that kept
// the first copy hands out instances of the same class.
installDebugHandle(globalThis, active.DomTool);
