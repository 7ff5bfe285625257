// The bridge between the MCP server and an extension in the user's own browser (issue 34):
// the extension opens a WebSocket to the server on 127.0.0.1, and the server's tools run
// through the extension's service. Both sides read this file: the messages, and the
// pairing proof.
//
// Who could abuse the bridge, and what stops them:
// - a web page on this machine opening ws://127.0.0.1:<port>: its Origin header is its own
//   (a browser does not let a page forge it); the server takes only chrome-extension:// origins;
// - a local process posing as the extension (it can forge any header): it must prove it
//   holds the pairing token, and it never sees the token on the wire;
// - a local process posing as the server (squatting the port before the server starts), the
//   worst case since the server drives the browser: it must prove the token as well, before
//   the extension runs anything it sends.
// Each side proves with an HMAC of both sides' fresh nonces, so a proof seen once is no use again.

/** The port the server listens on for the extension unless told otherwise (both sides' default). */
export const BRIDGE_DEFAULT_PORT = 17352;
/** The path of the WebSocket endpoint. */
export const BRIDGE_PATH = '/extension';

/** What the server asks of the extension; each request is answered once, by its id. */
export type BridgeRequest =
  | { id: number; op: 'run'; command: string; args: unknown[] }
  | { id: number; op: 'navigate'; url: string }
  | { id: number; op: 'back' }
  | { id: number; op: 'tabs'; action: 'list' | 'new' | 'close' | 'select'; index?: number; url?: string }
  | { id: number; op: 'url' };

/** The server gave up on request `call` (its MCP client cancelled it): the extension aborts it; no answer. */
export type BridgeCancel = { op: 'cancel'; call: number };

export type BridgeReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { code: string; message: string } };

/** The pairing handshake: server hello → extension proof → server proof; then requests and replies. */
export type BridgeHandshake =
  | { op: 'hello'; nonce: string }
  | { op: 'prove'; nonce: string; proof: string }
  | { op: 'ready'; proof: string };

/** A pairing code as a person pastes it: the endpoint and the token, `ws://127.0.0.1:17352/extension#<token>`. */
export function pairingCode(url: string, token: string): string {
  return `${url}#${token}`;
}

export function parsePairingCode(code: string): { url: string; token: string } | null {
  const at = code.trim().lastIndexOf('#');
  if (at < 0) return null;
  const url = code.trim().slice(0, at);
  const token = code.trim().slice(at + 1);
  if (!/^wss?:\/\/[^/]+/.test(url) || token.length < 16) return null;
  return { url, token };
}

const hex = (bytes: Uint8Array) =>
  Array.prototype.map.call(bytes, (b: number) => (b + 256).toString(16).slice(1)).join('');

/** A fresh random nonce (also a fresh token: 32 bytes). */
export function randomHex(bytes = 16): string {
  return hex(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** What `role` sends to prove it holds `token`, bound to both nonces of this connection. */
export async function bridgeProof(
  token: string,
  role: 'server' | 'extension',
  serverNonce: string,
  extensionNonce: string,
): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(token), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, enc.encode(`${role}|${serverNonce}|${extensionNonce}`));
  return hex(new Uint8Array(mac));
}

/** Compares two proofs in time that does not depend on where they differ. */
export function sameProof(a: unknown, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
