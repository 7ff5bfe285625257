// DomTool's MCP server beside Playwright MCP (issue 34 §5): the same MCP client (the SDK's
// Client over stdio), the same pages, the same scripted policies. A policy reads only tool
// results: it finds the ref of the element it wants (by role and name) in the text the
// server has answered so far, asks for the page again only when it is not there, and acts.
// Both servers attach over CDP to a browser this script launched, so success is judged from
// each page's own state. Counted with o200k_base: tokens of every tool result, of the tool list.
// Usage: npm run build && BENCH_PORT=4280 node bench/mcp.mjs   (prints the table, writes bench/mcp-results.md)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { getEncoding } from 'js-tiktoken';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/serve.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4280);
const CDP_PORT = PORT + 5;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const enc = getEncoding('o200k_base');
const tokens = (s) => enc.encode(s).length;

const SERVERS = {
  DomTool: {
    args: [ROOT + 'dist/mcp.js', '--cdp-endpoint', `http://127.0.0.1:${CDP_PORT}`],
    refArg: 'ref',
    line: (role, name) => new RegExp(`(nv_\\w+) ${role} "${esc(name)}"`),
  },
  'Playwright MCP': {
    args: [ROOT + 'node_modules/@playwright/mcp/cli.js', '--cdp-endpoint', `http://127.0.0.1:${CDP_PORT}`],
    // Playwright MCP 0.0.83 names the ref argument `target` (DomTool takes both).
    refArg: 'target',
    line: (role, name) => new RegExp(`- ${role} "${esc(name)}"[^\\n]*?\\[ref=(\\w+)\\]`),
  },
};
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A step: [action, role, name, value?]. check/uncheck are a click for a server without them.
const TASKS = [
  {
    name: 'checkout form (5 fields)',
    url: '/fixtures/demo.html',
    steps: [
      ['type', 'textbox', 'Full name', 'Grace Hopper'],
      ['type', 'textbox', 'Email', 'grace@example.com'],
      ['select', 'combobox', 'Country', 'Italy'],
      ['uncheck', 'checkbox', 'This is a gift'],
      ['check', 'radio', 'Express'],
    ],
    done: (page) =>
      page.evaluate(() => {
        const v = (s) => document.querySelector(s);
        return (
          v('[name=name]').value === 'Grace Hopper' &&
          v('[name=email]').value === 'grace@example.com' &&
          v('#country').value === 'Italy' &&
          !v('[name=gift]').checked &&
          v('[value=exp]').checked
        );
      }),
  },
  {
    name: 'cookie banner, then buy',
    url: '/fixtures/apps/modal/index.html',
    steps: [
      ['click', 'button', 'Accept all'],
      ['click', 'button', 'Buy now'],
    ],
    done: (page) => page.evaluate(() => window.__modal.bought === 1 && window.__modal.accepted),
  },
  {
    name: 'combobox: open, pick an option that appears',
    url: '/fixtures/apps/combobox/index.html',
    steps: [
      ['click', 'combobox', 'Fruit'],
      ['click', 'option', 'Banana'],
    ],
    done: (page) => page.evaluate(() => window.__combo.fruit === 'banana'),
  },
  {
    name: 'product list: add one product',
    url: '/fixtures/product-listing.html',
    steps: [['find-click', 'button', /Add (.+?) to cart/]],
    // The page keeps no cart: the bench listens for the click on the button the policy chose.
    arm: (page) =>
      page.evaluate(() =>
        document.addEventListener(
          'click',
          (e) => (window.__added = e.target.closest('button')?.getAttribute('aria-label')),
          true,
        ),
      ),
    done: (page) => page.evaluate(() => /^Add .+ to cart$/.test(window.__added ?? '')),
  },
];

async function call(client, stats, name, args) {
  const t0 = performance.now();
  const r = await client.callTool({ name, arguments: args });
  stats.ms.push(performance.now() - t0);
  stats.calls++;
  const text = r.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
  stats.tokens += tokens(text);
  if (process.env.BENCH_VERBOSE)
    console.error(`--- ${name} ${JSON.stringify(args)}: ${tokens(text)} tokens\n${text.slice(0, 600)}`);
  return { text, isError: r.isError === true };
}

async function runTask(serverName, server, task) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--remote-debugging-port=${CDP_PORT}`],
  });
  const client = new Client({ name: 'bench', version: '0' });
  // Playwright MCP writes snapshots under its working directory: a scratch one.
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: server.args,
      stderr: 'ignore',
      cwd: mkdtempSync(join(tmpdir(), 'bench-mcp-')),
    }),
  );
  // The bench's own view of the browser's default context (where both servers act).
  const view = await chromium.connectOverCDP(`http://127.0.0.1:${CDP_PORT}`);
  const stats = { calls: 0, tokens: 0, ms: [], ok: false, listTokens: 0 };
  try {
    stats.listTokens = tokens(JSON.stringify((await client.listTools()).tools));
    const seen = [(await call(client, stats, 'browser_navigate', { url: BASE + task.url })).text];
    const pageOf = () =>
      view
        .contexts()[0]
        .pages()
        .find((p) => p.url().startsWith(BASE + task.url));
    if (task.arm) await task.arm(pageOf());
    const refOf = (role, name) => {
      for (let i = seen.length - 1; i >= 0; i--) {
        const m = server.line(role, name).exec(seen[i]);
        if (m) return m[1];
      }
      return null;
    };
    for (const [action, role, name, value] of task.steps) {
      let target = name;
      if (action === 'find-click') {
        // The product to add: the first the page lists (DomTool can search, Playwright MCP reads the page).
        const pick = () => new RegExp(`${role} "(${name.source})"`).exec(seen.join('\n'));
        if (!pick()) seen.push((await call(client, stats, 'browser_snapshot', {})).text);
        const m = pick();
        if (!m) throw new Error('no product in the page text');
        target = m[1];
      }
      let ref = refOf(role, target);
      if (!ref) {
        const look =
          serverName === 'DomTool'
            ? await call(client, stats, 'browser_find', { query: target })
            : await call(client, stats, 'browser_snapshot', {});
        seen.push(look.text);
        ref = refOf(role, target);
      }
      if (!ref) throw new Error(`${serverName}: no ref for ${role} "${target}"`);
      const element = `${role} "${target}"`;
      const on = { element, [server.refArg]: ref };
      let r;
      if (action === 'type') r = await call(client, stats, 'browser_type', { ...on, text: value });
      else if (action === 'select') r = await call(client, stats, 'browser_select_option', { ...on, values: [value] });
      else if ((action === 'check' || action === 'uncheck') && serverName === 'DomTool')
        r = await call(client, stats, 'browser_' + action, on);
      else r = await call(client, stats, 'browser_click', on);
      seen.push(r.text);
      if (r.isError) throw new Error(`${serverName}: ${action} ${element} failed: ${r.text.slice(0, 200)}`);
    }
    const page = pageOf();
    stats.ok = !!page && (await task.done(page)) === true;
  } catch (e) {
    stats.error = String(e.message ?? e).slice(0, 160);
  } finally {
    await client.close().catch(() => undefined);
    await view.close().catch(() => undefined);
    await browser.close();
  }
  return stats;
}

const server = await startServer(PORT);
const rows = [];
const totals = {};
for (const task of TASKS) {
  for (const [name, s] of Object.entries(SERVERS)) {
    const r = await runTask(name, s, task);
    rows.push({ task: task.name, server: name, ...r });
    const t = (totals[name] ??= { ok: 0, calls: 0, tokens: 0, ms: [], listTokens: r.listTokens });
    t.ok += r.ok ? 1 : 0;
    t.calls += r.calls;
    t.tokens += r.tokens;
    t.ms.push(...r.ms);
    if (r.error) console.error(`${task.name} / ${name}: ${r.error}`);
  }
}
server.close();

const median = (a) => (a.length ? [...a].sort((x, y) => x - y)[a.length >> 1] : 0);
const out = [
  '| task | server | success | tool calls | result tokens | ms per call (median) |',
  '|---|---|---|---|---|---|',
];
for (const r of rows)
  out.push(
    `| ${r.task} | ${r.server} | ${r.ok ? 'yes' : 'no'} | ${r.calls} | ${r.tokens} | ${median(r.ms).toFixed(0)} |`,
  );
out.push(
  '',
  '| server | tasks done | tool calls | result tokens | tool list tokens | ms per call (median) |',
  '|---|---|---|---|---|---|',
);
for (const [name, t] of Object.entries(totals))
  out.push(
    `| ${name} | ${t.ok}/${TASKS.length} | ${t.calls} | ${t.tokens} | ${t.listTokens} | ${median(t.ms).toFixed(0)} |`,
  );
const d = totals.DomTool;
const p = totals['Playwright MCP'];
out.push(
  '',
  `DomTool / Playwright MCP: result tokens ${(d.tokens / p.tokens).toFixed(2)}x, tool list ${(d.listTokens / p.listTokens).toFixed(2)}x (o200k_base; @playwright/mcp ${(await import('../node_modules/@playwright/mcp/package.json', { with: { type: 'json' } })).default.version}).`,
);
const table = out.join('\n');
console.log(table);
writeFileSync(
  new URL('./mcp-results.md', import.meta.url),
  `# DomTool MCP beside Playwright MCP\n\n\`BENCH_PORT=${PORT} node bench/mcp.mjs\` (${new Date().toISOString().slice(0, 10)})\n\n${table}\n`,
);
