// Service worker of the example extension: the agent-facing API is the DomTool
// service (browserx-domtool/extension); the side panel and the console reach it with
// messages such as { type: 'domtool:click', tabId, nodeId: 'f2:nv_8sch' }.
//
// From the service worker's DevTools console (chrome://extensions → "service worker"):
//   const tabId = await domtool.activeTabId();
//   (await domtool.service.getText({ tabId })).result;
//   await domtool.service.click({ tabId, nodeId: 'nv_1k9x2' });
//   await domtool.send({ type: 'domtool:getText' });         // raw protocol, main frame only
// (semicolons: pasted as one block, a line starting with "(" would call the line above)
import { createDomToolService } from 'browserx-domtool/extension';
import { connectMcpBridge, parsePairingCode, type McpBridge } from 'browserx-domtool/agent';
import type { DomToolRequest, DomToolResponse } from 'browserx-domtool/content-script';

// At the top level, so the webNavigation listeners that retire ids are registered
// every time the worker starts.
const service = createDomToolService({ visualFeedback: true });

async function activeTabId(): Promise<number> {
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (tab?.id === undefined) throw new Error('No active tab.');
  return tab.id;
}

/** Raw protocol: one request to the main frame's content script of `tabId` (default: the active tab). */
async function send(message: DomToolRequest, tabId?: number): Promise<DomToolResponse> {
  const id = tabId ?? (await activeTabId());
  try {
    return await chrome.tabs.sendMessage<DomToolRequest, DomToolResponse>(id, message, { frameId: 0 });
  } catch (e) {
    return {
      ok: false,
      type: message.type,
      error: {
        code: 'INTERNAL_ERROR',
        message: `Content script not reachable: ${(e as Error).message}. Use domtool.service, which injects it.`,
        recoverable: true,
      },
    };
  }
}

/** Tab whose URL starts with `prefix` (used by the tests and handy in the console). */
async function tabByUrl(prefix: string): Promise<number | undefined> {
  const tabs = await chrome.tabs.query({});
  return tabs.find((t) => (t.url ?? '').indexOf(prefix) === 0)?.id;
}

// The MCP bridge (issue 34): paired with a local `browserx-domtool-mcp --extension` by the
// code its `--pairing-code` prints (pasted into the panel), the server's tools run here,
// through the service. The pairing is kept in chrome.storage.local; the worker connects
// again whenever it starts, and an alarm wakes it to reconnect after Chrome stopped it.
let bridge: McpBridge | null = null;
let bridgeState = { status: 'not paired', detail: '' };

async function startBridge(): Promise<void> {
  const { mcpPairing } = await chrome.storage.local.get<{ mcpPairing?: { url: string; token: string } }>('mcpPairing');
  bridge?.close();
  bridge = null;
  if (!mcpPairing) {
    bridgeState = { status: 'not paired', detail: '' };
    return;
  }
  bridge = connectMcpBridge(service, {
    ...mcpPairing,
    tabs: chrome.tabs,
    onStatus: (status, detail) => void (bridgeState = { status, detail }),
  });
}

/** The panel's MCP requests: pair with a code, unpair, or read the connection's state. */
async function mcpRequest(message: { type: string; code?: string }): Promise<unknown> {
  if (message.type === 'mcp:pair') {
    const pairing = parsePairingCode(String(message.code ?? ''));
    if (!pairing) return { ok: false, error: 'not a pairing code (ws://127.0.0.1:<port>/extension#<token>)' };
    await chrome.storage.local.set({ mcpPairing: pairing });
    await startBridge();
  } else if (message.type === 'mcp:unpair') {
    await chrome.storage.local.remove('mcpPairing');
    await startBridge();
  }
  return { ok: true, ...bridgeState };
}

void startBridge();
void chrome.alarms?.create('mcp-bridge', { periodInMinutes: 0.5 });
chrome.alarms?.onAlarm.addListener((alarm) => {
  if (alarm.name === 'mcp-bridge' && (!bridge || bridge.status === 'closed')) void startBridge();
});

// Requests from the side panel or another page of this extension (content scripts never ask;
// a page's URL tells them apart: a panel opened as a tab has a sender.tab too).
const extensionOrigin = chrome.runtime.getURL('');
chrome.runtime.onMessage.addListener((received: unknown, sender, sendResponse) => {
  const message = received as { type?: unknown; code?: string } | null;
  if ((sender.url ?? '').indexOf(extensionOrigin) !== 0 || !message || typeof message.type !== 'string')
    return undefined;
  if (message.type.indexOf('mcp:') === 0) {
    void mcpRequest({ type: message.type, code: message.code }).then(sendResponse);
    return true;
  }
  if (message.type.indexOf('domtool:') !== 0) return undefined;
  void service.handleMessage(message).then(sendResponse);
  return true;
});

// The toolbar button opens the side panel.
chrome.sidePanel?.setPanelBehavior?.({ openPanelOnActionClick: true }).catch(() => undefined);

(globalThis as unknown as { domtool: unknown }).domtool = { service, send, activeTabId, tabByUrl };
