// The server's end of the extension bridge (../agent/bridge-protocol.ts): with --extension,
// the MCP server drives the user's own browser through the example extension (or any
// extension that calls connectMcpBridge) instead of a browser it launches. It listens on
// 127.0.0.1 only, takes only chrome-extension:// origins (a web page cannot connect), and
// runs nothing before the pairing proofs passed both ways.
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  BRIDGE_PATH,
  bridgeProof,
  randomHex,
  sameProof,
  type BridgeCancel,
  type BridgeHandshake,
  type BridgeReply,
  type BridgeRequest,
} from '../agent/bridge-protocol';
import { readFilesForUpload } from '../agent/playwright-host';
import type { ToolHost } from '../agent/call';
import type { Session } from './server';

export interface ExtensionBridgeOptions {
  /** 0: the system picks one (tests); the extension must then be told the port. */
  port: number;
  /** The pairing token (at least 16 characters). */
  token: string;
  /** Accept only this extension (its id, as chrome://extensions shows it); default any extension. */
  extensionId?: string;
  /** How long a tool call waits for the extension to connect (default 15 s). */
  connectWaitMs?: number;
}

const HANDSHAKE_MS = 5000;

type BridgeOp = BridgeRequest extends infer R ? (R extends BridgeRequest ? Omit<R, 'id'> : never) : never;

class BridgeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The tools' session when the browser is the user's own, reached through the extension. */
export class ExtensionSession implements Session {
  readonly dialogs: string[] = [];
  readonly host: ToolHost;
  private server: WebSocketServer | null = null;
  private socket: WebSocket | null = null;
  private seq = 0;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private waiting: (() => void)[] = [];

  constructor(private readonly options: ExtensionBridgeOptions) {
    if (options.token.length < 16) throw new Error('the pairing token needs at least 16 characters');
    this.host = {
      run: (command, args, signal) => this.request({ op: 'run', command, args }, signal),
      navigate: async (url) => void (await this.request({ op: 'navigate', url })),
      back: async () => void (await this.request({ op: 'back' })),
      tabs: async (action, index, url) => (await this.request({ op: 'tabs', action, index, url })) as string,
      // Files named by path are read here, where the paths are, and sent as data.
      readFiles: readFilesForUpload,
      dialog: null,
    };
  }

  /** Starts listening; answers the bound port. */
  listen(): Promise<number> {
    const server = new WebSocketServer({
      host: '127.0.0.1',
      port: this.options.port,
      path: BRIDGE_PATH,
      maxPayload: 64 * 1024 * 1024,
      verifyClient: (info: { origin: string; req: IncomingMessage }) => this.allowed(info.origin),
    });
    this.server = server;
    server.on('connection', (ws) => this.pair(ws));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.once('listening', () => resolve((server.address() as { port: number }).port));
    });
  }

  /** Only an extension's origin (a page's Origin header is its own and cannot be forged by it). */
  private allowed(origin: string | undefined): boolean {
    if (!origin) return false;
    return this.options.extensionId
      ? origin === `chrome-extension://${this.options.extensionId}`
      : /^chrome-extension:\/\/[a-p]{32}$/.test(origin);
  }

  private pair(ws: WebSocket): void {
    const serverNonce = randomHex();
    const timer = setTimeout(() => ws.close(4001, 'no pairing proof'), HANDSHAKE_MS);
    ws.send(JSON.stringify({ op: 'hello', nonce: serverNonce } satisfies BridgeHandshake));
    ws.once('message', async (data) => {
      clearTimeout(timer);
      let step: BridgeHandshake;
      try {
        step = JSON.parse(String(data)) as BridgeHandshake;
      } catch {
        return ws.close(4002, 'not JSON');
      }
      if (
        step.op !== 'prove' ||
        typeof step.nonce !== 'string' ||
        !sameProof(step.proof, await bridgeProof(this.options.token, 'extension', serverNonce, step.nonce))
      )
        return ws.close(4001, 'the pairing token was refused');
      ws.send(
        JSON.stringify({
          op: 'ready',
          proof: await bridgeProof(this.options.token, 'server', serverNonce, step.nonce),
        } satisfies BridgeHandshake),
      );
      this.attach(ws);
    });
  }

  /** A paired extension: it takes the requests from now on (a newer pairing replaces an older one). */
  private attach(ws: WebSocket): void {
    const previous = this.socket;
    this.socket = ws;
    if (previous) previous.close(1000, 'another connection of the extension took over');
    ws.on('message', (data) => {
      let reply: BridgeReply | { op: 'keepalive' };
      try {
        reply = JSON.parse(String(data)) as BridgeReply | { op: 'keepalive' };
      } catch {
        return;
      }
      if (!('id' in reply)) return;
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(new BridgeError(reply.error.code, reply.error.message));
    });
    ws.on('close', () => {
      if (this.socket !== ws) return;
      this.socket = null;
      for (const [id, waiter] of this.pending) {
        this.pending.delete(id);
        waiter.reject(new BridgeError('EXTENSION_NOT_CONNECTED', 'the extension disconnected during the call'));
      }
    });
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** The paired extension, waiting for one to connect (at most connectWaitMs). */
  private async connected(): Promise<WebSocket> {
    if (this.socket) return this.socket;
    const ms = this.options.connectWaitMs ?? 15_000;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiting.push(() => (clearTimeout(timer), resolve()));
    });
    if (this.socket) return this.socket;
    throw new BridgeError(
      'EXTENSION_NOT_CONNECTED',
      `no extension connected within ${Math.round(ms / 1000)} s: the user pairs the DomTool extension with this server (its panel, "MCP server")`,
    );
  }

  /** Sends `op` and waits for its answer; an abort of `signal` asks the extension to cancel it (its answer still ends the wait). */
  private async request(op: BridgeOp, signal?: AbortSignal): Promise<unknown> {
    const ws = await this.connected();
    const id = ++this.seq;
    const cancel = () => {
      if (this.pending.has(id) && ws.readyState === ws.OPEN)
        ws.send(JSON.stringify({ op: 'cancel', call: id } satisfies BridgeCancel));
    };
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ ...op, id }));
        if (signal?.aborted) cancel();
      });
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
  }

  /** The tab's URL; about:blank while no extension is connected (listing tools does not wait for one). */
  async pageUrl(): Promise<string> {
    return this.socket ? String(await this.request({ op: 'url' })) : 'about:blank';
  }

  async close(): Promise<void> {
    this.socket?.close(1001, 'the MCP server stopped');
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}
