// Files a frame's content script asks the service worker to inject into its own document
// (issue 19): the core on the frame's first request (content-stub.ts) and the action layer
// on its first action (load-actions.ts). Every frame loads only the small loader up front.
import type { ChromeApi, MessageSender } from './chrome-types';
import { LOAD_ACTIONS } from '../integration/load-actions';
import { LOAD_CORE } from '../integration/content-stub';

export interface LoadFiles {
  /** Default ['content-core.js'] (dist/content-core.js of the package). */
  coreScripts?: string[];
  /** Default ['content-actions.js'] (dist/content-actions.js of the package). */
  actionScripts?: string[];
}

/** Answers LOAD_CORE / LOAD_ACTIONS with `{ ok, message? }` once the files ran in the asking document. */
export function serveLoads(api: ChromeApi, files: LoadFiles): void {
  api.runtime.onMessage?.addListener((message, sender, sendResponse) => {
    const type = message ? (message as { type?: unknown }).type : undefined;
    const wanted =
      type === LOAD_CORE
        ? (files.coreScripts ?? ['content-core.js'])
        : type === LOAD_ACTIONS
          ? (files.actionScripts ?? ['content-actions.js'])
          : null;
    if (!wanted || sender.tab?.id === undefined) return undefined;
    void injectInto(api, sender.tab.id, sender, wanted).then(sendResponse);
    return true;
  });
}

/** Runs `files` in the frame that asked (its document only, when Chrome says which). */
async function injectInto(
  api: ChromeApi,
  tabId: number,
  sender: MessageSender,
  files: string[],
): Promise<{ ok: boolean; message?: string }> {
  if (!api.scripting) return { ok: false, message: 'no "scripting" permission' };
  const target = sender.documentId
    ? { tabId, documentIds: [sender.documentId] }
    : { tabId, frameIds: [sender.frameId ?? 0] };
  try {
    await api.scripting.executeScript({ target, files });
    return { ok: true };
  } catch (e) {
    return { ok: false, message: String((e as Error)?.message ?? e) };
  }
}
