// Frame handshake nonces (integration/frames.ts): random per request, handed to the frames below.
import type { FrameDetails } from './chrome-types';

/** The part of a nonce table that belongs to frames below `frameId` (what that frame can receive). */
export function noncesBelow(
  frameId: number,
  table: Record<string, number>,
  frames: Map<number, FrameDetails>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const nonce of Object.keys(table)) {
    let cur = frames.get(table[nonce])?.parentFrameId ?? -1;
    for (let i = 0; i < 32 && cur >= 0; i++) {
      if (cur === frameId) {
        out[nonce] = table[nonce];
        break;
      }
      cur = frames.get(cur)?.parentFrameId ?? -1;
    }
  }
  return out;
}

export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return out;
}
