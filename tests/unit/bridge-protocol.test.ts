// The pairing of the MCP server with the extension (src/agent/bridge-protocol.ts): pure logic.
import { describe, expect, it } from 'vitest';
import { bridgeProof, pairingCode, parsePairingCode, randomHex, sameProof } from '../../src/agent/bridge-protocol';

describe('bridge pairing', () => {
  const token = randomHex(32);

  it('binds a proof to the token, the role and both nonces', async () => {
    const p = await bridgeProof(token, 'extension', 'a1', 'b2');
    expect(p).toMatch(/^[0-9a-f]{64}$/);
    expect(await bridgeProof(token, 'extension', 'a1', 'b2')).toBe(p);
    expect(p).not.toContain(token);
    for (const other of [
      await bridgeProof(token, 'server', 'a1', 'b2'),
      await bridgeProof(token, 'extension', 'a2', 'b2'),
      await bridgeProof(token, 'extension', 'a1', 'b3'),
      await bridgeProof(randomHex(32), 'extension', 'a1', 'b2'),
    ])
      expect(sameProof(other, p)).toBe(false);
    expect(sameProof(p, p)).toBe(true);
    expect(sameProof(undefined, p)).toBe(false);
    expect(sameProof(p.slice(1), p)).toBe(false);
  });

  it('reads a pairing code back into its endpoint and token, and refuses what is not one', () => {
    const url = 'ws://127.0.0.1:17352/extension';
    expect(parsePairingCode(` ${pairingCode(url, token)}\n`)).toEqual({ url, token });
    expect(parsePairingCode(url)).toBeNull();
    expect(parsePairingCode(`${url}#short`)).toBeNull();
    expect(parsePairingCode(`https://example.com/#${token}`)).toBeNull();
  });
});
