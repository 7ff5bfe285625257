// Service worker of the example extension: sends domtool:* messages to a tab's
// content script and returns the (plain JSON) answers.
//
// From the service worker's DevTools console (chrome://extensions → "service worker"):
//   await domtool.send({ type: 'domtool:getText' })                    // active tab
//   await domtool.send({ type: 'domtool:click', nodeId: 'nv_1k9x2' })
//   await domtool.send({ type: 'domtool:getSnapshot' }, tabId)
import type { DomToolRequest, DomToolResponse } from '../../../src/integration/protocol';

async function activeTabId(): Promise<number> {
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (tab?.id === undefined) throw new Error('No active tab.');
  return tab.id;
}

/** Sends one request to the content script of `tabId` (default: the active tab). */
async function send(message: DomToolRequest, tabId?: number): Promise<DomToolResponse> {
  const id = tabId ?? (await activeTabId());
  try {
    return (await chrome.tabs.sendMessage(id, message)) as DomToolResponse;
  } catch (e) {
    // No content script in that tab (chrome:// pages, the Web Store, a tab opened
    // before the extension was loaded): an error as data, like the protocol's own.
    return {
      ok: false,
      type: message.type,
      error: { code: 'INTERNAL_ERROR', message: `Content script not reachable: ${(e as Error).message}. Reload the tab.`, recoverable: true },
    };
  }
}

/** Tab whose URL starts with `prefix` (used by the tests and handy in the console). */
async function tabByUrl(prefix: string): Promise<number | undefined> {
  const tabs = await chrome.tabs.query({});
  return tabs.find((t) => (t.url ?? '').indexOf(prefix) === 0)?.id;
}

// Toolbar button: highlight every actionable node and log the text snapshot.
chrome.action.onClicked.addListener(async (tab) => {
  if (tab.id === undefined) return;
  const text = await send({ type: 'domtool:getText' }, tab.id);
  console.log('[DomTool]', text.ok ? text.result : text.error);
  await send({ type: 'domtool:highlight', nodeIds: 'all' }, tab.id);
});

(globalThis as unknown as { domtool: unknown }).domtool = { send, activeTabId, tabByUrl };
