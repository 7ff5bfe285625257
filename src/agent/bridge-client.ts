// The extension's end of the MCP bridge (./bridge-protocol.ts): in the service worker, it
// connects to the MCP server on this machine, proves the pairing token, makes the server
// prove it too, and then runs what the server asks through the DomTool service, in one
// tab: the one the agent picked with browser_tabs, else the tab that was active when the
// agent first looked. Ids from one tab's text are never sent to another tab on their own.
import type { CommandName } from '../commands/table';
import { serviceHost, type ServiceLike, type TabsLike } from './hosts';
import {
  bridgeProof,
  randomHex,
  sameProof,
  type BridgeCancel,
  type BridgeHandshake,
  type BridgeReply,
  type BridgeRequest,
} from './bridge-protocol';

export type BridgeStatus = 'connecting' | 'connected' | 'disconnected' | 'refused' | 'closed';

export interface McpBridgeOptions {
  /** The server's endpoint, e.g. ws://127.0.0.1:17352/extension. */
  url: string;
  /** The pairing token the server holds (from its pairing code). */
  token: string;
  /** chrome.tabs (tabs to act in, navigation). */
  tabs: TabsLike;
  /** Told on every change of the connection (the panel shows it). */
  onStatus?: (status: BridgeStatus, detail: string) => void;
  /** Wait before connecting again after a lost or refused connection (default 2000 ms). */
  retryMs?: number;
}

export interface McpBridge {
  readonly status: BridgeStatus;
  /** Disconnects and stops reconnecting. */
  close(): void;
}

/** Chrome keeps a service worker alive while its WebSocket carries messages: one every 20 s. */
const KEEPALIVE_MS = 20_000;
const REFUSED_RETRY_MS = 10_000;

class BridgeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type ServiceHost = ReturnType<typeof serviceHost>;

/** The tab requests run in: the one picked before while it is open, else the active tab. */
async function ensureTab(host: ServiceHost, tabs: TabsLike): Promise<void> {
  if (host.tabId >= 0) {
    const open = await tabs.query({});
    if (open.some((t) => t.id === host.tabId)) return;
  }
  const [active] = await tabs.query({ active: true, lastFocusedWindow: true });
  if (active?.id === undefined) throw new BridgeError('NO_TAB', 'the browser has no open tab');
  host.tabId = active.id;
}

async function perform(host: ServiceHost, tabs: TabsLike, req: BridgeRequest, signal: AbortSignal): Promise<unknown> {
  await ensureTab(host, tabs);
  switch (req.op) {
    case 'run':
      return host.run(req.command as CommandName, req.args, signal);
    case 'navigate':
      return host.navigate!(req.url);
    case 'back':
      return host.back ? host.back() : Promise.reject(new BridgeError('UNSUPPORTED', 'this browser cannot go back'));
    case 'tabs':
      return host.tabs!(req.action, req.index, req.url);
    case 'url':
      return (await tabs.query({})).find((t) => t.id === host.tabId)?.url ?? '';
  }
}

/** Requests running now, by id: a cancel from the server aborts its signal. */
type Running = Map<number, AbortController>;

async function answer(ws: WebSocket, host: ServiceHost, tabs: TabsLike, req: BridgeRequest, running: Running) {
  let reply: BridgeReply;
  const controller = new AbortController();
  running.set(req.id, controller);
  try {
    const value = await perform(host, tabs, req, controller.signal);
    reply = { id: req.id, ok: true, value: value === undefined ? null : value };
  } catch (e) {
    const code = (e as { code?: unknown })?.code;
    reply = {
      id: req.id,
      ok: false,
      error: {
        code: typeof code === 'string' ? code : 'ACTION_FAILED',
        message: String((e as Error)?.message ?? e),
      },
    };
  } finally {
    running.delete(req.id);
  }
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(reply));
}

/** Connects the service to the MCP server at `options.url`; reconnects until closed. */
export function connectMcpBridge(service: ServiceLike, options: McpBridgeOptions): McpBridge {
  const tabs = options.tabs;
  // No tab until the agent's first request: then the active one (or the one browser_tabs picks).
  const host = serviceHost(service, -1, tabs);
  let socket: WebSocket | null = null;
  let status: BridgeStatus = 'connecting';
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let keepalive: ReturnType<typeof setInterval> | undefined;

  const setStatus = (s: BridgeStatus, detail: string) => {
    status = s;
    options.onStatus?.(s, detail);
  };

  function connect(): void {
    if (stopped) return;
    // A refusal stays said while we try again (the user re-pairs with the right code).
    if (status !== 'refused') setStatus('connecting', options.url);
    const ws = new WebSocket(options.url);
    socket = ws;
    let serverNonce = '';
    let ownNonce = '';
    let paired = false;
    const running: Running = new Map();
    // Messages are handled in order: the handshake's awaits must not let a request overtake it.
    let queue = Promise.resolve();
    ws.onmessage = (event) =>
      void (queue = queue.then(async () => {
        let msg: BridgeHandshake | BridgeRequest;
        try {
          msg = JSON.parse(String(event.data)) as BridgeHandshake | BridgeRequest;
        } catch {
          return ws.close(4002, 'not JSON');
        }
        if (paired) {
          const req = msg as BridgeRequest | BridgeCancel;
          if (req.op === 'cancel') return void running.get(req.call)?.abort();
          return void answer(ws, host, tabs, req, running);
        }
        const step = msg as BridgeHandshake;
        if (step.op === 'hello' && !serverNonce && typeof step.nonce === 'string') {
          serverNonce = step.nonce;
          ownNonce = randomHex();
          const proof = await bridgeProof(options.token, 'extension', serverNonce, ownNonce);
          return ws.send(JSON.stringify({ op: 'prove', nonce: ownNonce, proof } satisfies BridgeHandshake));
        }
        // Nothing the server sends runs before it proved it holds the token.
        if (
          step.op === 'ready' &&
          ownNonce &&
          sameProof(step.proof, await bridgeProof(options.token, 'server', serverNonce, ownNonce))
        ) {
          paired = true;
          keepalive = setInterval(
            () => ws.readyState === WebSocket.OPEN && ws.send('{"op":"keepalive"}'),
            KEEPALIVE_MS,
          );
          return setStatus('connected', options.url);
        }
        setStatus('refused', 'the server did not prove it holds the pairing token');
        ws.close(4001, 'pairing failed');
      }));
    ws.onclose = (event) => {
      clearInterval(keepalive);
      if (socket === ws) socket = null;
      if (stopped) return setStatus('closed', '');
      // 4001: a failed pairing, either way: said as such, not as a lost server, and tried less often.
      if (status === 'refused' || event.code === 4001) {
        if (status !== 'refused') setStatus('refused', event.reason || 'the pairing token was refused');
        retry = setTimeout(connect, REFUSED_RETRY_MS);
        return;
      }
      setStatus('disconnected', event.reason || `the server at ${options.url} is not reachable; retrying`);
      retry = setTimeout(connect, options.retryMs ?? 2000);
    };
  }

  connect();
  return {
    get status() {
      return status;
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      socket?.close(1000, 'closed by the extension');
    },
  };
}
