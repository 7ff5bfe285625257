// The Streamable HTTP server (--port) answers only requests that name it: a web page the user
// opens must not drive the browser behind it, neither through DNS rebinding (its requests
// carry the attacker's name in Host) nor by posting from its own origin to 127.0.0.1.
// The server runs in --extension mode, the case where the browser is the user's own; no
// extension connects, and none is needed to list the tools.
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpServer } from './helpers/mcp-server';

const TOKEN = 'http-guard-test-token-0123456789';

/** Starts the server over HTTP in --extension mode on a port the system picks. */
const start = (args: string[]) =>
  startHttpServer(['--extension', '--extension-port', '0', '--extension-token', TOKEN, ...args]);

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** An initialize request as a page's fetch would send it, with the Host and Origin given. */
function post(url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/mcp',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

async function listsTools(url: URL): Promise<number> {
  const client = new Client({ name: 'domtool-test', version: '0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(url));
    return (await client.listTools()).tools.length;
  } finally {
    await client.close();
  }
}

test.describe.configure({ mode: 'serial' });

test('HTTP: bound to 127.0.0.1; a forged Host or a foreign Origin is refused, loopback names serve', async () => {
  const { child, url } = await start([]);
  try {
    expect(url.hostname).toBe('127.0.0.1');
    const port = url.port;
    // The SDK's client, by each loopback name the server is reached at.
    expect(await listsTools(url)).toBeGreaterThan(15);
    expect(await listsTools(new URL(`http://localhost:${port}/mcp`))).toBeGreaterThan(15);

    // DNS rebinding: the page's name resolves to 127.0.0.1, so its Host is the page's.
    const rebound = await post(url, {
      host: `rebind.attacker.example:${port}`,
      origin: `http://rebind.attacker.example:${port}`,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('jsonrpc');
    expect((await post(url, { host: `rebind.attacker.example:${port}` })).status).toBe(403);
    // A loopback name on another port is another server.
    expect((await post(url, { host: `localhost:${Number(port) + 1}` })).status).toBe(403);
    // A page posting straight to 127.0.0.1 from its own origin.
    expect((await post(url, { host: `127.0.0.1:${port}`, origin: 'https://attacker.example' })).status).toBe(403);
    expect((await post(url, { host: `127.0.0.1:${port}`, origin: 'null' })).status).toBe(403);
    expect(
      (await post(url, { host: `127.0.0.1:${port}`, origin: `http://localhost:${Number(port) + 1}` })).status,
    ).toBe(403);

    // What does name this server is answered.
    expect((await post(url, { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await post(url, { host: `[::1]:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
});

test('HTTP: --allowed-hosts names more hosts the server answers (as Playwright MCP), and * turns the check off', async () => {
  const named = await start(['--allowed-hosts', 'mcp.internal,gateway.internal:8443']);
  try {
    const port = named.url.port;
    expect((await post(named.url, { host: `mcp.internal:${port}` })).status).toBe(200);
    expect(
      (await post(named.url, { host: 'gateway.internal:8443', origin: 'https://gateway.internal:8443' })).status,
    ).toBe(200);
    expect((await post(named.url, { host: `gateway.internal:${port}` })).status).toBe(403);
    expect((await post(named.url, { host: `other.internal:${port}` })).status).toBe(403);
  } finally {
    named.child.kill('SIGTERM');
  }
  const open = await start(['--allowed-hosts', '*']);
  try {
    expect((await post(open.url, { host: 'anything.example', origin: 'https://anything.example' })).status).toBe(200);
  } finally {
    open.child.kill('SIGTERM');
  }
});
