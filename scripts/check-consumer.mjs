// The first-time user's path, checked on every `npm test` (issue 14):
//   1. `npm pack` the library (prepack reuses a fresh build) and check the file list;
//   2. install the tarball into a throwaway consumer project, offline (from npm's cache);
//   3. type-check the README's Playwright snippet, verbatim, plus a smoke file, as an ESM and a
//      CommonJS project under moduleResolution node10, node16, nodenext and bundler;
//   3b. type-check every ts/js block of README.md and examples/extension/README.md (strict,
//      TypeScript 5.x and 7.x) against the installed package;
//   4. run the snippet with Playwright's test runner in both projects against fixtures/demo.html
//      (served with a strict CSP), and run plain-Node smoke scripts (import/require every entry
//      point; the errors a user gets outside a page and outside an extension);
//   5. start the MCP server as an agent's config does, `npx browserx-domtool-mcp` in the
//      consumer (--no-install: the installed bin, nothing fetched), over stdio with the SDK's
//      own client: list the tools, navigate to the demo page, read it (issue 34).
// The consumer gets typescript, @playwright/test and @types/node by symlink from this
// repository's node_modules: nothing is downloaded.
//   node scripts/check-consumer.mjs [--keep]     (--keep leaves the temp project for inspection)
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { README_FILES, readmeBlocks } from './readme-blocks.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const keep = process.argv.includes('--keep');
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'domtool-consumer-'));
const failures = [];
const phases = [];
let phaseStart = Date.now();
/** Wall-clock time per step, printed at the end (the check must stay fast). */
function phase(name) {
  phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
  phaseStart = Date.now();
}

// Types a user relies on beyond the README snippet: every entry point, both globals.
const SMOKE_TYPES = `import { DomTool, DomToolError, type ActionResult, type ErrorCode } from 'browserx-domtool';
import { installDomToolContentScript, type ContentScriptHandle } from 'browserx-domtool/content-script';
import { injectDomTool, domToolScriptPath, type PlaywrightPageLike } from 'browserx-domtool/playwright';
import type { BrowserXDomToolApi } from 'browserx-domtool/global';
import type { Page } from '@playwright/test';

export async function smoke(page: Page): Promise<[string, ActionResult, ErrorCode | undefined, string]> {
  const asPageLike: PlaywrightPageLike = page;
  await injectDomTool(asPageLike, { debug: true });
  const version: BrowserXDomToolApi['version'] = await page.evaluate(() => window.BrowserXDomTool.version);
  const text = await page.evaluate(() => __browserxDebugDomTool.getText({ tokenBudget: 0 }));
  const result = await page.evaluate(() => new BrowserXDomTool.DomTool().click('nv_1'));
  const install: () => ContentScriptHandle = installDomToolContentScript;
  void install;
  return [text, result, DomToolError.fromResult(result)?.code, domToolScriptPath() + version + new DomTool().options.snapshotTTL];
}
`;

/**
 * Every typed entry point of package.json "exports" (new ones are covered without editing
 * this file), checked for the shape every resolution needs: separate ESM and CJS
 * declarations (one shared .d.ts "masquerades" under node16) and a typesVersions entry
 * (moduleResolution node10 ignores "exports").
 */
export function typedEntries(pkg) {
  const entries = [];
  const problems = [];
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value === 'string') continue; // ./iife, ./package.json: files, not modules with types
    const name = key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`;
    entries.push(name);
    if (!value.import?.types || !value.require?.types || value.import.types === value.require.types)
      problems.push(`${key}: needs import.types (.d.ts) and require.types (.d.cts)`);
    if (key !== '.' && !pkg.typesVersions?.['*']?.[key.slice(2)])
      problems.push(`${key}: no typesVersions["*"]["${key.slice(2)}"] (moduleResolution node10 cannot find its types)`);
  }
  return { entries, problems };
}

/** One file that pulls in every entry's declarations (type-only: some are types-only modules). */
const allEntriesFile = (entries) => entries.map((e, i) => `export type * as entry${i} from '${e}';\n`).join('');

const SMOKE_BODY = (load) => `
const assert = (ok, what) => { if (!ok) { console.error('smoke: ' + what); process.exitCode = 1; } };
${load}
assert(typeof root.DomTool === 'function' && typeof root.DomToolError === 'function', 'main entry exports DomTool and DomToolError');
assert(typeof pw.injectDomTool === 'function', 'playwright entry exports injectDomTool');
assert(fs.existsSync(pw.domToolScriptPath()) && pw.domToolScript().length > 10000, 'domToolScriptPath() points at the IIFE');
assert(fs.existsSync(iifePath), 'browserx-domtool/iife resolves to a file');
assert(global !== undefined, 'browserx-domtool/global loads (empty at run time)');
(async () => {
  const err = await new root.DomTool().getText().then(() => null, (e) => e);
  assert(err && err.name === 'DomToolError' && err.code === 'NO_DOCUMENT' && /no document/i.test(err.message), 'getText() outside a page rejects with DomToolError NO_DOCUMENT, got ' + (err && err.message));
  const r = await new root.DomTool().click('nv_1');
  assert(r.ok === false && r.success === false && r.error && r.error.code === 'NO_DOCUMENT', 'click() outside a page returns NO_DOCUMENT, got ' + JSON.stringify(r));
  let csErr = null;
  try { cs.installDomToolContentScript(); } catch (e) { csErr = e; }
  assert(csErr && /extension/i.test(csErr.message), 'installDomToolContentScript() outside an extension says so, got ' + (csErr && csErr.message));
})();
`;

const SMOKE_ESM = SMOKE_BODY(`import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as root from 'browserx-domtool';
import * as cs from 'browserx-domtool/content-script';
import * as pw from 'browserx-domtool/playwright';
import * as global from 'browserx-domtool/global';
const iifePath = fileURLToPath(import.meta.resolve('browserx-domtool/iife'));`);

const SMOKE_CJS = SMOKE_BODY(`const fs = require('node:fs');
const root = require('browserx-domtool');
const cs = require('browserx-domtool/content-script');
const pw = require('browserx-domtool/playwright');
const global = require('browserx-domtool/global');
const iifePath = require.resolve('browserx-domtool/iife');`);

/**
 * TypeScript 5.x (the JS compiler) and 7.x (the native one, devDependency `typescript7`).
 * 7.x removed moduleResolution node10, so the README blocks use bundler resolution.
 */
const COMPILERS = {
  '5.x': [process.execPath, join(ROOT, 'node_modules/typescript/lib/tsc.js')],
  '7.x': [join(ROOT, 'node_modules/typescript7/bin/tsc')],
};

/**
 * The names README fragments use without defining them, each introduced by the prose around
 * the block: `tool` (a DomTool), `tabId`, and `domtool` — the service in README.md, the example
 * extension's console helper in its own README.
 */
const README_AMBIENT = {
  'README.md': `import type { DomTool } from 'browserx-domtool';
import type { DomToolService } from 'browserx-domtool/extension';
declare global {
  const tool: DomTool;
  const tabId: number;
  const domtool: DomToolService;
}
export {};
`,
  'examples/extension/README.md': `import type { DomToolService } from 'browserx-domtool/extension';
import type { DomToolRequest, DomToolResponse } from 'browserx-domtool/content-script';
declare global {
  const domtool: { service: DomToolService; send(message: DomToolRequest, tabId?: number): Promise<DomToolResponse>; activeTabId(): Promise<number> };
}
export {};
`,
};

/**
 * One strict program per README: each ts/js block is a module of its own (top-level await,
 * no names leaking between blocks) plus the README's ambient names. Returns the programs.
 */
function writeReadmePrograms(dir) {
  return README_FILES.map((file, index) => {
    const blocks = readmeBlocks(ROOT, file).filter((b) => b.lang === 'ts' || b.lang === 'js');
    const sub = `readme${index}`;
    mkdirSync(join(dir, sub), { recursive: true });
    const files = [`${sub}/ambient.d.ts`];
    writeFileSync(join(dir, files[0]), README_AMBIENT[file]);
    for (const b of blocks) {
      const name = `${sub}/line-${b.line}.ts`;
      writeFileSync(join(dir, name), `// ${file}, block at line ${b.line}\n${b.code}export {};\n`);
      files.push(name);
    }
    const tsconfig = `tsconfig.${sub}.json`;
    const compilerOptions = {
      target: 'es2022',
      lib: ['es2022', 'dom', 'dom.iterable'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node', 'chrome'],
      module: 'esnext',
      moduleResolution: 'bundler',
    };
    writeFileSync(join(dir, tsconfig), JSON.stringify({ compilerOptions, files }, null, 2));
    return { file, tsconfig, blocks: blocks.length };
  });
}

/** The fenced block right after each `<!-- consumer-check: NAME -->` marker in README.md. */
export function readmeSnippets(markdown) {
  const out = {};
  const re = /<!--\s*consumer-check:\s*([\w-]+)[^>]*-->\s*\n```[a-z]*\n([\s\S]*?)\n```/g;
  for (let m; (m = re.exec(markdown)); ) out[m[1]] = m[2] + '\n';
  return out;
}

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return {
    ok: r.status === 0,
    stdout: r.stdout ?? '',
    out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? r.error.message : ''}`,
  };
}

function fail(what, detail) {
  failures.push(what);
  console.error(
    `✗ ${what}\n${detail
      .trim()
      .split('\n')
      .map((l) => '    ' + l)
      .join('\n')}`,
  );
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quietNpm = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_loglevel: 'error',
};

try {
  // 1. Pack.
  const pack = sh(npm, ['pack', '--json', '--pack-destination', work], {
    cwd: ROOT,
    env: quietNpm,
    shell: process.platform === 'win32',
  });
  if (!pack.ok) throw new Error('npm pack failed:\n' + pack.out);
  const packed = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')))[0];
  const tarball = join(work, packed.filename);
  const shipped = packed.files.map((f) => f.path).sort();
  const unexpected = shipped.filter(
    (f) => !/^(package\.json|README\.md|LICENSE|dist\/[\w.-]+\.(js|cjs|map|d\.ts|d\.cts))$/.test(f),
  );
  const required = [
    'LICENSE',
    'README.md',
    'package.json',
    'dist/domtool.iife.js',
    'dist/global.d.ts',
    'dist/global.d.cts',
  ];
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  for (const entry of Object.values(pkg.exports)) {
    const targets =
      typeof entry === 'string'
        ? [entry]
        : Object.values(entry).flatMap((c) => (typeof c === 'string' ? [c] : Object.values(c)));
    for (const t of targets) required.push(t.replace(/^\.\//, ''));
  }
  const missing = [...new Set(required)].filter((f) => !shipped.includes(f));
  const { entries, problems } = typedEntries(pkg);
  if (problems.length) fail('package.json exports / typesVersions', problems.join('\n'));
  if (unexpected.length || missing.length)
    fail('npm pack file list', `unexpected: ${unexpected.join(', ') || '-'}\nmissing: ${missing.join(', ') || '-'}`);
  else console.log(`✓ npm pack: ${packed.filename}, ${shipped.length} files, ${(packed.size / 1024).toFixed(0)} KB`);
  phase('pack');

  // 2. A consumer with two projects sharing one node_modules: esm/ ("type": "module") and cjs/.
  const consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'domtool-consumer', private: true }));
  let install = sh(npm, ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], {
    cwd: consumer,
    env: quietNpm,
    shell: process.platform === 'win32',
  });
  // A machine whose npm cache lacks the one runtime dependency may fetch it.
  if (!install.ok)
    install = sh(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], {
      cwd: consumer,
      env: quietNpm,
      shell: process.platform === 'win32',
    });
  if (!install.ok) throw new Error('installing the tarball failed:\n' + install.out);
  for (const dep of ['@playwright/test', '@types/node', '@types/chrome', 'typescript']) {
    mkdirSync(dirname(join(consumer, 'node_modules', dep)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), join(consumer, 'node_modules', dep), 'junction');
  }

  phase('install');
  const snippets = readmeSnippets(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  if (!snippets.playwright) throw new Error('README.md has no `<!-- consumer-check: playwright -->` block');
  const chromium = pathToFileURL(join(ROOT, 'scripts/chromium.mjs')).href;
  const RESOLUTIONS = {
    // node16 for CommonJS: stricter than nodenext there (no require of ES modules).
    esm: {
      node10: { module: 'esnext', moduleResolution: 'node10' },
      'node16/nodenext': { module: 'nodenext' },
      bundler: { module: 'esnext', moduleResolution: 'bundler' },
    },
    cjs: {
      node10: { module: 'commonjs', moduleResolution: 'node10' },
      'node16/nodenext': { module: 'node16' },
      bundler: { module: 'preserve', moduleResolution: 'bundler' },
    },
  };
  const tsconfigName = (res) => `tsconfig.${res.replace('/', '-')}.json`;
  for (const kind of ['esm', 'cjs']) {
    const dir = join(consumer, kind);
    mkdirSync(join(dir, 'tests'), { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ private: true, type: kind === 'esm' ? 'module' : 'commonjs' }),
    );
    writeFileSync(join(dir, 'tests', 'readme.spec.ts'), snippets.playwright);
    writeFileSync(join(dir, 'smoke-types.ts'), SMOKE_TYPES);
    writeFileSync(join(dir, kind === 'esm' ? 'smoke.mjs' : 'smoke.cjs'), kind === 'esm' ? SMOKE_ESM : SMOKE_CJS);
    writeFileSync(
      join(dir, 'playwright.config.mjs'),
      `import { chromiumPath, chromiumArgs } from ${JSON.stringify(chromium)};\n` +
        `export default { testDir: 'tests', workers: 1, reporter: 'line', timeout: 30000,\n` +
        `  use: { baseURL: process.env.CONSUMER_BASE_URL, launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } } };\n`,
    );
    // The user's files under each resolution. skipLibCheck keeps these fast (Playwright's and
    // Node's types are not ours to check); our own .d.ts files get a full check of their own.
    for (const [name, options] of Object.entries(RESOLUTIONS[kind])) {
      const compilerOptions = {
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        ...options,
      };
      writeFileSync(
        join(dir, tsconfigName(name)),
        JSON.stringify(
          { compilerOptions, files: ['tests/readme.spec.ts', 'smoke-types.ts', 'all-entries.ts'] },
          null,
          2,
        ),
      );
    }
    writeFileSync(join(dir, 'all-entries.ts'), allEntriesFile(entries));
    const dtsOptions = {
      target: 'es2022',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      skipDefaultLibCheck: true,
      types: [],
      ...RESOLUTIONS[kind]['node16/nodenext'],
    };
    writeFileSync(
      join(dir, 'tsconfig.dts.json'),
      JSON.stringify({ compilerOptions: dtsOptions, files: ['all-entries.ts'] }, null, 2),
    );
  }

  // 3. Type-check: 2 projects × (3 resolutions + our .d.ts files in full) with TypeScript 5.x,
  //    and the resolutions TypeScript 7.x still has, two at a time.
  const jobs = ['esm', 'cjs'].flatMap((kind) => [
    ...[...Object.keys(RESOLUTIONS[kind]), 'dts'].map((res) => ({ kind, res, ts: '5.x' })),
    ...Object.keys(RESOLUTIONS[kind])
      .filter((res) => res !== 'node10')
      .map((res) => ({ kind, res, ts: '7.x' })),
  ]);
  const results = await pool(jobs, 2, ({ kind, res, ts }) =>
    run(
      COMPILERS[ts][0],
      [...COMPILERS[ts].slice(1), '-p', res === 'dts' ? 'tsconfig.dts.json' : tsconfigName(res)],
      join(consumer, kind),
    ),
  );
  const matrix = { esm: {}, cjs: {} };
  jobs.forEach((job, i) => {
    const column = job.ts === '5.x' ? job.res : `${job.res} ts7`;
    matrix[job.kind][column] = results[i].ok ? 'ok' : 'FAIL';
    if (!results[i].ok)
      fail(
        job.res === 'dts'
          ? `tsc ${job.kind}: the package's .d.ts files`
          : `tsc ${job.ts} ${job.kind} moduleResolution=${job.res}`,
        results[i].out,
      );
  });

  phase('tsc');
  // 3b. The READMEs' code blocks: what a user copies must compile as written (issue 18 item 7).
  for (const [version, compiler] of Object.entries(COMPILERS)) {
    for (const program of writeReadmePrograms(join(consumer, 'esm'))) {
      const r = await run(compiler[0], [...compiler.slice(1), '-p', program.tsconfig], join(consumer, 'esm'));
      if (!r.ok) fail(`tsc ${version}: code blocks of ${program.file}`, r.out);
      else console.log(`✓ tsc ${version}: ${program.blocks} code blocks of ${program.file}`);
    }
  }
  phase('readme tsc');
  // 4. Run: plain Node smoke scripts, then the snippet under Playwright's runner.
  const server = await serveDemo();
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    for (const kind of ['esm', 'cjs']) {
      const dir = join(consumer, kind);
      const smoke = await run(process.execPath, [kind === 'esm' ? 'smoke.mjs' : 'smoke.cjs'], dir);
      matrix[kind]['node run'] = smoke.ok ? 'ok' : 'FAIL';
      if (!smoke.ok) fail(`node ${kind} smoke`, smoke.out);
      const cli = join(consumer, 'node_modules/@playwright/test/cli.js');
      const pw = await run(process.execPath, [cli, 'test', '-c', 'playwright.config.mjs'], dir, {
        CONSUMER_BASE_URL: base,
      });
      matrix[kind]['playwright run'] = pw.ok && /1 passed/.test(pw.out) ? 'ok' : 'FAIL';
      if (matrix[kind]['playwright run'] !== 'ok') fail(`playwright ${kind} README snippet`, pw.out);
    }
    phase('run');
    await checkMcpServer(consumer, base);
  } finally {
    server.close();
  }

  phase('mcp');
  const cols = Object.keys(matrix.esm);
  console.log(`  ${''.padEnd(4)} ${cols.map((c) => c.padEnd(Math.max(6, c.length + 2))).join('')}`);
  for (const kind of ['esm', 'cjs'])
    console.log(
      `  ${kind.padEnd(4)} ${cols.map((c) => String(matrix[kind][c]).padEnd(Math.max(6, c.length + 2))).join('')}`,
    );
} catch (e) {
  fail('consumer check', e instanceof Error ? e.message : String(e));
} finally {
  if (keep) console.log(`consumer project kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log(
  `consumer check: ${failures.length ? failures.length + ' failed' : 'all passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')})`,
);
process.exit(failures.length ? 1 : 0);

/** Step 5: the installed MCP server over stdio, as an MCP client's config starts it. */
async function checkMcpServer(consumer, base) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const { chromiumArgs, chromiumPath } = await import(pathToFileURL(join(ROOT, 'scripts/chromium.mjs')).href);
  const args = ['--no-install', 'browserx-domtool-mcp', '--headless', '--executable-path', chromiumPath()];
  for (const a of chromiumArgs) args.push('--browser-arg', a);
  const client = new Client({ name: 'domtool-consumer-check', version: '0' });
  const transport = new StdioClientTransport({
    command: process.platform === 'win32' ? 'npx.cmd' : 'npx',
    args,
    cwd: consumer,
    env: { ...process.env, ...quietNpm },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += d));
  const text = (r) => r.content.map((c) => c.text).join('\n');
  try {
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((t) => t.name);
    const missing = ['browser_navigate', 'browser_snapshot', 'browser_click', 'browser_type'].filter(
      (n) => !names.includes(n),
    );
    if (missing.length) return fail('npx browserx-domtool-mcp: tool list', `missing ${missing.join(', ')} in ${names}`);
    const went = await client.callTool({ name: 'browser_navigate', arguments: { url: base } });
    if (went.isError) return fail('npx browserx-domtool-mcp: browser_navigate', text(went));
    const seen = await client.callTool({ name: 'browser_snapshot', arguments: {} });
    const page = text(seen);
    // The demo page's own heading and button, with the ids the other tools take.
    if (seen.isError || !/h1 "Checkout"/.test(page) || !/nv_\w+ button "Place order"/.test(page))
      return fail('npx browserx-domtool-mcp: browser_snapshot of the demo page', page);
    console.log(`✓ npx browserx-domtool-mcp (stdio): ${names.length} tools, the demo page read`);
  } catch (e) {
    fail('npx browserx-domtool-mcp', `${e instanceof Error ? e.message : e}\n${stderr}`);
  } finally {
    await client.close().catch(() => {});
  }
}

function run(cmd, args, cwd, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env, CI: '1' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => resolve({ ok: false, out: out + e.message }));
    child.on('close', (code) => resolve({ ok: code === 0, out }));
  });
}

async function pool(items, size, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
  return results;
}

/** fixtures/demo.html at `/`, under a strict CSP with Trusted Types (injectDomTool must cope). */
function serveDemo() {
  const html = readFileSync(join(ROOT, 'fixtures/demo.html'));
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', "script-src 'self'; require-trusted-types-for 'script'");
    res.end(html);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
