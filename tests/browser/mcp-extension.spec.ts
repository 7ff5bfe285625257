// The MCP server driving the user's own browser (issue 34): `browserx-domtool-mcp --extension`
// waits for the example extension, paired through its panel as a person pairs it; an MCP
// client (the SDK's own) then reads and acts on a tab of that browser, with no debugger
// involved. The page's own state says the actions happened. And the pairing keeps out
// what must stay out: a web page, a process without the token, a server without it.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { WebSocket, WebSocketServer } from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { launchWithExtension, type ExtensionBrowser } from './extension-helpers';
import { ORIGIN } from './helpers/domtool';
import { SERVER, call, ref } from './helpers/mcp-client';

const TOKEN = randomBytes(32).toString('hex');

/** What fixtures/webmcp/hints.html records of its tools' calls. */
type Hints = { __hints: Record<'started' | 'aborted' | 'cancelled', string[]> };

let ext: ExtensionBrowser;
let client: Client;
let bridgeUrl: string;

/** Pairs the extension with `code` through its panel, as a person does; answers the status it shows. */
async function pair(code: string, until: RegExp): Promise<string> {
  const id = new URL(ext.worker().url()).host;
  const panel = await ext.context.newPage();
  try {
    await panel.goto(`chrome-extension://${id}/panel.html?tabId=999999`);
    await panel.locator('#pairing').fill(code);
    await panel.locator('#pair').click();
    await expect(panel.locator('#mcp-status')).toHaveText(until, { timeout: 15_000 });
    return (await panel.locator('#mcp-status').textContent()) ?? '';
  } finally {
    await panel.close();
  }
}

/** A tab the test opens (and so the active one), at a fixture page. */
async function openPage(path: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(ORIGIN + path);
  await page.bringToFront();
  return page;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ext = await launchWithExtension();
  client = new Client({ name: 'domtool-test', version: '0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER, '--extension', '--extension-port', '0', '--extension-token', TOKEN],
    stderr: 'pipe',
  });
  const listening = new Promise<string>((resolve, reject) => {
    let seen = '';
    transport.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /waiting for the extension at (\S+)/.exec(seen);
      if (m) resolve(m[1]);
    });
    setTimeout(() => reject(new Error(`the server did not listen: ${seen}`)), 15_000);
  });
  await client.connect(transport);
  bridgeUrl = await listening;
});

test.afterAll(async () => {
  await client?.close();
  await ext?.close();
});

test('paired through the panel, the server reads and acts on the active tab through the extension', async () => {
  expect(await pair(`${bridgeUrl}#${TOKEN}`, /connected/)).toContain('MCP server: connected');
  const page = await openPage('/fixtures/demo.html');

  const snap = await call(client, 'browser_snapshot');
  expect(snap.isError).toBe(false);
  expect(snap.text).toContain('# page "Acme Outdoor — Checkout"');

  const typed = await call(client, 'browser_type', { ref: ref(snap.text, 'textbox "Email"'), text: 'ada@example.com' });
  expect(typed.isError).toBe(false);
  expect(typed.text).toContain('value="ada@example.com"');
  expect(await page.locator('#email').inputValue()).toBe('ada@example.com');

  const express = await call(client, 'browser_click', { text: 'Express' });
  expect(express.isError).toBe(false);
  expect(await page.locator('input[value=exp]').isChecked()).toBe(true);

  const selected = await call(client, 'browser_select_option', {
    ref: ref(snap.text, 'combobox "Country"'),
    values: ['Italy'],
  });
  expect(selected.isError).toBe(false);
  expect(await page.locator('#country option:checked').textContent()).toBe('Italy');

  // A click's own options travel through the service: a double click with Shift held.
  await page.evaluate(() => {
    const w = window as unknown as { __dbl: boolean[] };
    w.__dbl = [];
    document.querySelector('#email')!.addEventListener('dblclick', (e) => w.__dbl.push((e as MouseEvent).shiftKey));
  });
  const dbl = await call(client, 'browser_click', {
    ref: ref(snap.text, 'textbox "Email"'),
    doubleClick: true,
    modifiers: ['Shift'],
  });
  expect(dbl.isError, dbl.text).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __dbl: boolean[] }).__dbl)).toEqual([true]);

  // The tab stays the one the agent looked at, even when the user switches to another one.
  const other = await openPage('/fixtures/webmcp/shop.html');
  const again = await call(client, 'browser_find', { query: 'Email' });
  expect(again.text).toContain('value="ada@example.com"');

  // Navigation goes through chrome.tabs and answers the loaded page.
  const nav = await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/webmcp/hints.html` });
  expect(nav.isError).toBe(false);
  expect(page.url()).toBe(`${ORIGIN}/fixtures/webmcp/hints.html`);
  expect(nav.text).toContain('# page');

  const tabs = await call(client, 'browser_tabs', { action: 'list' });
  expect(tabs.text).toMatch(/^\* \d+: .*\/fixtures\/webmcp\/hints\.html$/m);
  expect(tabs.text).toContain('/fixtures/webmcp/shop.html');
  await other.close();
  await page.close();
});

test("a call the MCP client cancels is cancelled in the page: the tool's signal aborts and the page hears toolcancel", async () => {
  const page = await openPage('/fixtures/webmcp/hints.html');
  const tabs = await call(client, 'browser_tabs', { action: 'list' });
  const index = tabs.text.split('\n').findIndex((l) => l.endsWith('/fixtures/webmcp/hints.html'));
  await call(client, 'browser_tabs', { action: 'select', index });
  const ac = new AbortController();
  const pending = client.callTool({ name: 'page_export_catalog', arguments: {} }, undefined, { signal: ac.signal });
  // The call is running in the page (it never ends on its own) before the client gives up on it.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Hints).__hints.started))
    .toEqual(['export_catalog']);
  ac.abort();
  await expect(pending).rejects.toThrow();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Hints).__hints.aborted))
    .toEqual(['export_catalog']);
  expect(await page.evaluate(() => (window as unknown as Hints).__hints.cancelled)).toEqual(['export_catalog']);
  await expect(page.locator('#status')).toHaveText('Export cancelled');
  await page.close();
});

test('a web page cannot open the bridge, and a process without the token is refused', async () => {
  const page = await openPage('/fixtures/demo.html');
  // The page's Origin is its own: the server answers the upgrade with 403, the socket never opens.
  const fromPage = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(url);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('error');
      }),
    bridgeUrl,
  );
  expect(fromPage).toBe('error');
  await page.close();

  // A local process can claim any origin, but cannot prove the token: closed with 4001, before any request.
  const forged = new WebSocket(bridgeUrl, { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' });
  const closed = await new Promise<{ code: number; requests: string[] }>((resolve) => {
    const requests: string[] = [];
    forged.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.op === 'hello')
        forged.send(JSON.stringify({ op: 'prove', nonce: 'n'.repeat(32), proof: '0'.repeat(64) }));
      else requests.push(String(data));
    });
    forged.on('close', (code) => resolve({ code, requests }));
  });
  expect(closed).toEqual({ code: 4001, requests: [] });

  // The real extension is still the one paired: tools keep working.
  const still = await openPage('/fixtures/demo.html');
  expect((await call(client, 'browser_snapshot')).isError).toBe(false);
  await still.close();
});

test('a server that cannot prove the token (one squatting the port) gets nothing run', async () => {
  const fake = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/extension' });
  await new Promise((resolve) => fake.once('listening', resolve));
  const port = (fake.address() as { port: number }).port;
  const proofs: unknown[] = [];
  fake.on('connection', (ws) => {
    ws.send(JSON.stringify({ op: 'hello', nonce: 'f'.repeat(32) }));
    ws.on('message', (data) => {
      proofs.push(JSON.parse(String(data)));
      // It skips proving itself and asks for a navigation at once.
      ws.send(JSON.stringify({ op: 'ready', proof: '0'.repeat(64) }));
      ws.send(JSON.stringify({ id: 1, op: 'navigate', url: `${ORIGIN}/fixtures/webmcp/shop.html` }));
    });
  });
  const page = await openPage('/fixtures/demo.html');
  try {
    expect(await pair(`ws://127.0.0.1:${port}/extension#${'a'.repeat(64)}`, /refused/)).toContain(
      'did not prove it holds the pairing token',
    );
    // The extension's proof reached the fake server, but not the token: the proof is an HMAC of both nonces.
    expect(JSON.stringify(proofs)).not.toContain('a'.repeat(64));
    expect(page.url()).toBe(`${ORIGIN}/fixtures/demo.html`);
  } finally {
    await page.close();
    fake.close();
    // Back to the real server for the tests after this one.
    await pair(`${bridgeUrl}#${TOKEN}`, /connected/);
  }
});
