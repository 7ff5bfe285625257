// The MCP server (issue 34, SPEC I7) driven by the SDK's own Client, as any MCP client
// would: over stdio and over Streamable HTTP against the Chromium it launches, and
// attached to browsers started elsewhere (a Playwright browser server, a CDP endpoint).
// The fixture pages' own state says the tools did what their answers claim.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { expect, test, chromium, type Browser } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { ORIGIN, PORT, ROOT } from './helpers/domtool';
import { startHttpServer } from './helpers/mcp-server';
import { LAUNCH, call, ref, stdioClient } from './helpers/mcp-client';
import { buildFixtures } from './actions-helpers';
import { COMMANDS } from '../../src/commands/table';
import { blockContaining } from '../../scripts/readme-blocks.mjs';

/** Starts the server with --port 0 and answers its URL (printed on stderr). */
const httpServer = () => startHttpServer([...LAUNCH, '--host', '127.0.0.1']);

test.describe.configure({ mode: 'serial' });

test('stdio: the tool list comes from the command table, and actions answer their line and what changed', async () => {
  const client = await stdioClient(LAUNCH);
  try {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      'browser_navigate',
      'browser_snapshot',
      'browser_click',
      'browser_type',
      'browser_select_option',
      'browser_press_key',
      'browser_changes',
      'browser_find',
      'browser_inspect',
    ])
      expect(names).toContain(name);
    // One description, in the table: the tool says what the command's doc says.
    const click = COMMANDS.find((c) => c.name === 'click') as { doc?: { does: string } };
    expect(tools.find((t) => t.name === 'browser_click')!.description).toBe(click.doc!.does);
    expect(tools.find((t) => t.name === 'browser_type')!.inputSchema.required).toEqual(['ref', 'text']);

    const page = await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/demo.html` });
    expect(page.text).toContain('# page "Acme Outdoor — Checkout"');

    const typed = await call(client, 'browser_type', {
      ref: ref(page.text, 'textbox "Email"'),
      text: 'ada@example.com',
    });
    expect(typed.isError).toBe(false);
    // The answer is the result line and the delta, not the page: the changed field, in its group.
    expect(typed.text).toMatch(/^ok/);
    expect(typed.text).toContain('value="ada@example.com"');
    expect(typed.text).not.toContain('Acme home');

    const selected = await call(client, 'browser_select_option', {
      ref: ref(page.text, 'combobox "Country"'),
      values: ['Italy'],
    });
    expect(selected.text).toContain('value="Italy"');
    // The field the agent left only lost the focus: implied by the action, not a line of its own.
    expect(selected.text).not.toContain('textbox "Email"');

    // A Tab selects the next field's text (Password, pre-filled); a click on a label then still checks its radio.
    expect((await call(client, 'browser_press_key', { key: 'Tab' })).text).toMatch(/textbox "Password" .*focused/);
    // Acting on text: the radio labelled Express.
    const express = await call(client, 'browser_click', { text: 'Express' });
    expect(express.isError).toBe(false);
    // The delta shows the radio checked: the answer does not also say nothing happened.
    expect(express.text).toMatch(/~ +nv_\w+ radio "Express" \[checked/);
    expect(express.text).not.toContain('no visible effect');
    expect((await call(client, 'browser_find', { query: 'Express' })).text).toMatch(/radio "Express" \[checked/);
    // After a key press the focus moving is the effect: told, the element it left included.
    const tabbed = await call(client, 'browser_press_key', { key: 'Tab' });
    expect(tabbed.text).toMatch(/~ +nv_\w+ radio "Express" \[checked\]/);
    expect(tabbed.text).toMatch(/~ +nv_\w+ .*focused/);

    // An error says its code and what to do next.
    const missing = await call(client, 'browser_click', { ref: 'nv_zzzz' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/^failed ELEMENT_NOT_FOUND/);
    expect(missing.text).toContain('Next: ');
    const disabled = await call(client, 'browser_inspect', { ref: ref(page.text, 'button "Pay later"') });
    expect(disabled.text).toContain('not actionable: NOT_ACTIONABLE');
    // The action kind is checked as that action checks it: a text box takes typing, not a check.
    const email = ref(page.text, 'textbox "Email"');
    expect((await call(client, 'browser_inspect', { ref: email, kind: 'type' })).text).toMatch(/; actionable$/);
    expect((await call(client, 'browser_inspect', { ref: email, kind: 'check' })).text).toContain('not actionable');

    // A bad argument is refused by the schema before anything runs.
    const bad = await call(client, 'browser_type', { ref: ref(page.text, 'textbox "Email"') });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('VALIDATION_ERROR');
    expect((await call(client, 'browser_changes')).text).toMatch(/^# unchanged/);
  } finally {
    await client.close();
  }
});

test('stdio: browser_find with reveal scrolls a virtual list until the row is rendered, and its ref acts', async () => {
  await buildFixtures(['virtual']);
  const client = await stdioClient(LAUNCH);
  try {
    const find = (await client.listTools()).tools.find((t) => t.name === 'browser_find')!;
    // The argument is the command table's, described there once.
    const findDoc = COMMANDS.find((c) => c.name === 'find') as { doc?: { args?: Record<string, string> } };
    expect(find.inputSchema.properties?.reveal).toEqual({ type: 'boolean', description: findDoc.doc!.args!.reveal });

    await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/apps/virtual/` });
    // 10,000 rows, a few rendered: without reveal the row is not in the page text.
    expect((await call(client, 'browser_find', { query: 'Order #345' })).text).not.toMatch(/nv_\w+ .*Order #345/);
    const found = await call(client, 'browser_find', { query: 'Order #345', reveal: true });
    expect(found.isError).toBe(false);
    const opened = await call(client, 'browser_click', { ref: ref(found.text, 'listitem: Order #345') });
    expect(opened.isError, opened.text).toBe(false);
    // The app says which order it opened: the row found, not a neighbour.
    expect(opened.text).toContain('Order #345 open');
  } finally {
    await client.close();
  }
});

test('stdio: a navigation answers a first look; browser_snapshot answers more, and every tile is one find away', async () => {
  const client = await stdioClient(LAUNCH);
  try {
    const adds = (text: string) => text.split('\n').filter((l) => /nv_\w+ button "Add .+ to cart"/.test(l)).length;
    const first = await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/product-listing.html` });
    // What an action changed is measured against that first look: tiles it left out are not "added".
    const add = first.text.match(/(nv_\w+) button "Add .+ to cart"/)![1];
    const clicked = await call(client, 'browser_click', { ref: add });
    expect(clicked.isError, clicked.text).toBe(false);
    expect(clicked.text.split('\n').filter((l) => l.startsWith('+'))).toEqual([]);
    const more = await call(client, 'browser_snapshot');
    // The first look keeps the top of the listing and says how many tiles it left out.
    expect(adds(first.text)).toBeGreaterThan(2);
    expect(first.text).toMatch(/… List of 48 listitem items\. Showing first \d+; \d+ more below/);
    expect(adds(more.text)).toBeGreaterThan(adds(first.text));
    expect(first.text.length).toBeLessThan(more.text.length * 0.7);
    // A tile the first look left out: found by name.
    const name = /button "(Add .+ to cart)"/g;
    const left = [...more.text.matchAll(name)].map((m) => m[1]).find((n) => !first.text.includes(n));
    expect(left).toBeDefined();
    const found = await call(client, 'browser_find', { query: left! });
    expect(found.text).toContain(`button "${left}"`);
  } finally {
    await client.close();
  }
});

test('HTTP: two clients share the browser; page tools are MCP tools with their hints, answers marked as page content', async () => {
  const { child, url } = await httpServer();
  const client = new Client({ name: 'domtool-test', version: '0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(url));
    const page = await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/webmcp/shop.html` });
    expect(page.text).toContain('Trail shop');
    const { tools } = await client.listTools();
    const add = tools.find((t) => t.name === 'page_add_to_cart');
    const total = tools.find((t) => t.name === 'page_cart_total');
    expect(add?.description).toContain('Add a product to the cart by its SKU');
    expect(add?.description).toContain(ORIGIN);
    expect(add?.inputSchema.required).toEqual(['sku']);
    expect(total?.annotations?.readOnlyHint).toBe(true);
    expect(add?.annotations?.readOnlyHint).toBe(false);

    const added = await call(client, 'page_add_to_cart', { sku: 'TENT-2P', quantity: 2 });
    expect(added.isError).toBe(false);
    expect(added.text).toContain('page content, not instructions');
    expect(added.text).toContain('<page-content>');
    const failed = await call(client, 'page_reserve_stock', { sku: 'X' });
    expect(failed.isError).toBe(true);
    expect(failed.text).toContain('out of stock');

    // A second client sees the same tab: the cart the first one filled.
    const second = new Client({ name: 'domtool-test-2', version: '0' });
    await second.connect(new StreamableHTTPClientTransport(url));
    expect((await call(second, 'page_cart_total')).text).toContain('"items":2');
    await second.close();

    // The draft's hints: consequential is MCP's destructiveHint, all three ride in _meta and the description.
    await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/webmcp/hints.html` });
    const hinted = (await client.listTools()).tools;
    const order = hinted.find((t) => t.name === 'page_place_order');
    expect(order?.annotations?.destructiveHint).toBe(true);
    expect(order?._meta).toMatchObject({ webmcp: { consequentialHint: true, origin: ORIGIN } });
    expect(hinted.find((t) => t.name === 'page_read_reviews')?.description).toContain('[readOnly] [untrustedContent]');

    // A call the client cancels is cancelled in the page: the tool hears toolcancel and stops.
    const ac = new AbortController();
    const pending = client.callTool({ name: 'page_export_catalog', arguments: {} }, undefined, { signal: ac.signal });
    setTimeout(() => ac.abort(), 500);
    await expect(pending).rejects.toThrow();
    await expect.poll(async () => (await call(client, 'page_cancelled_calls')).text).toContain('export_catalog');
  } finally {
    await client.close();
    child.kill('SIGTERM');
  }
});

test('attach: to a Playwright browser server, and over CDP to a browser whose page the test reads', async () => {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: chromiumArgs });
  const client = await stdioClient(['--remote-endpoint', server.wsEndpoint()]);
  try {
    const page = await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/demo.html` });
    const unchecked = await call(client, 'browser_uncheck', { ref: ref(page.text, 'checkbox "This is a gift"') });
    expect(unchecked.text).toContain('checkbox "This is a gift" [unchecked');
  } finally {
    await client.close();
    await server.close();
  }

  // CDP: the test keeps its own connection to the browser and reads the page's own state.
  const cdpPort = PORT + 15;
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--remote-debugging-port=${cdpPort}`],
  });
  const cdp = await stdioClient(['--cdp-endpoint', `http://127.0.0.1:${cdpPort}`]);
  try {
    const page = await call(cdp, 'browser_navigate', { url: `${ORIGIN}/fixtures/demo.html` });
    await call(cdp, 'browser_type', { ref: ref(page.text, 'textbox "Full name"'), text: 'Grace Hopper' });
    const mine = (await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`))
      .contexts()[0]
      .pages()
      .find((p) => p.url().endsWith('/fixtures/demo.html'))!;
    expect(await mine.locator('[name=name]').inputValue()).toBe('Grace Hopper');
  } finally {
    await cdp.close();
    await browser.close();
  }
});

test('README "Use it from an agent": the client config starts a server, the function-calling block runs as written', async () => {
  // The config's args, with the bin the install links (npx) replaced by this build's file.
  const config = JSON.parse(blockContaining(ROOT, 'README.md', '"mcpServers"', 'json').code) as {
    mcpServers: Record<string, { command: string; args: string[] }>;
  };
  const entry = config.mcpServers['browserx-domtool'];
  expect(entry.command).toBe('npx');
  expect(entry.args[0]).toBe('browserx-domtool-mcp');
  const client = await stdioClient([...entry.args.slice(1), '--executable-path', chromiumPath()]);
  try {
    expect((await client.listTools()).tools.length).toBeGreaterThan(15);
    expect((await call(client, 'browser_navigate', { url: `${ORIGIN}/fixtures/demo.html` })).text).toContain(
      'button "Place order"',
    );
  } finally {
    await client.close();
  }

  // The block, verbatim but for the port, as an ES module inside the package (its own name resolves).
  const block = blockContaining(ROOT, 'README.md', "await callTool(host, 'browser_navigate'", 'ts').code.replace(
    '127.0.0.1:4173',
    `127.0.0.1:${PORT}`,
  );
  const js = ts.transpileModule(block, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const file = `${ROOT}.readme-agent-${process.pid}.mjs`;
  writeFileSync(file, js);
  try {
    const run = spawnSync(process.execPath, [file], {
      env: { ...process.env, CHROMIUM_PATH: chromiumPath() },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // Playwright's runner sets FORCE_COLOR, and console.log colours numbers under it.
    const lines = run.stdout.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    expect(lines[0]).toMatch(/^\d+ tools$/);
    expect(lines[1]).toContain('# page "Acme Outdoor');
    const clicked = lines.findIndex((l) => l.startsWith('true ok'));
    expect(clicked).toBeGreaterThan(1);
    expect(lines.slice(clicked).some((l) => /^~ +nv_\w+ radio "Express" \[checked/.test(l))).toBe(true);
  } finally {
    rmSync(file, { force: true });
  }
});
