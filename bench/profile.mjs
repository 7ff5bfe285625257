// CPU profile of snapshots on chosen pages: where one snapshot's time goes, by function
// (self time) and by what a function and everything it calls take (total time), on an
// unminified build of src/ so names mean something. A diagnostic for speed work (issue 35):
// profile first, attack the largest stage, A/B the change with bench/ab.mjs --cpu.
//
//   node bench/profile.mjs [--pages=yahoo-2,wikipedia-2,gen-1000] [--mode=full|budget|viewport]
//                          [--runs=10] [--top=25] [--port=4250] [--interval=100] [--alloc]
// --alloc: bytes allocated per function instead of time (the GC's share grows with them).
//
// Pages are named as in bench/ab.mjs (gen-N, fixtures/x, or a corpus page). Prints, per page,
// the top functions by self time and by total time (a recursive function counted once per
// sample), each in ms per snapshot and as a share of the profiled snapshot time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath, chromiumArgs } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/serve.mjs';
import { TMP_DIR, ensureGeneratedPage } from './lib/generate.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FULL = { tokenBudget: 0, maxNodes: 1e9, timeBudgetMs: 1e9 };
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
const pages = (args.pages ?? 'yahoo-2,wikipedia-2,gen-1000').split(',');
const options = args.mode === 'budget' ? {} : args.mode === 'viewport' ? { ...FULL, viewportOnly: true } : FULL;
const runs = Number(args.runs ?? 10);
const topN = Number(args.top ?? 25);
const port = Number(args.port ?? 4250);
const pathOf = (name) =>
  name.startsWith('gen-')
    ? ensureGeneratedPage(Number(name.slice(4)))
    : name.includes('/')
      ? `/${name}.html`
      : `/corpus/${name}.html`;

const outfile = join(TMP_DIR, 'domtool.profile.js');
await build({
  entryPoints: [join(ROOT, 'src/iife.ts')],
  bundle: true,
  format: 'iife',
  outfile,
  keepNames: true,
  target: 'es2020',
  inject: [join(ROOT, 'src/dom/intrinsics.ts')],
  logLevel: 'silent',
});
const lib = readFileSync(outfile, 'utf8') + '\n//# sourceURL=domtool.profile.js';
const marks = [];
lib.split('\n').forEach((line, i) => {
  const m = line.match(/^\s*\/\/ ((?:src|node_modules)\/\S+\.[jt]s)$/);
  if (m) marks.push([i, m[1].replace(/^src\//, '')]);
});
const fileOf = (line) => {
  let f = '';
  for (const [i, name] of marks) {
    if (i > line) break;
    f = name;
  }
  return f;
};

function analyse(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ours = new Set(
    profile.nodes.filter((n) => n.callFrame.url.endsWith('domtool.profile.js')).map((n) => n.callFrame.scriptId),
  );
  const label = (cf) =>
    ours.has(cf.scriptId)
      ? `${cf.functionName || '(anonymous)'} ${fileOf(cf.lineNumber)}`
      : `${cf.functionName || '(anonymous)'} (native)`;
  const self = new Map();
  const total = new Map();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    const fn = node.callFrame.functionName;
    if (fn === '(idle)' || fn === '(program)' || fn === '(garbage collector)') {
      if (fn === '(garbage collector)') self.set('(garbage collector)', (self.get('(garbage collector)') ?? 0) + us);
      if (fn !== '(garbage collector)') return;
      all += us;
      return;
    }
    all += us;
    // A native function is shown with its caller: that is what to change.
    let key = label(node.callFrame);
    if (!ours.has(node.callFrame.scriptId)) {
      const p = byId.get(parent.get(id));
      if (p && ours.has(p.callFrame.scriptId)) key += ' ← ' + label(p.callFrame);
    }
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const cf = byId.get(n).callFrame;
      if (!ours.has(cf.scriptId)) continue;
      const k = label(cf);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + us);
    }
  });
  return { self, total, all };
}

/**
 * --alloc: bytes allocated per snapshot by each function (HeapProfiler sampling, every 512 B on
 * average, objects a GC collected included): what "fewer objects per element" is measured by.
 * A native allocator (Map set, Array push) is shown with its caller.
 */
async function allocations(cdp, name, run) {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await run();
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  // The sampling profile names no URL for an evaluated script: ours is the one buildSnapshot is in.
  let script = '';
  const find = (node) => {
    if (node.callFrame.functionName === 'buildSnapshot') script = node.callFrame.scriptId;
    else node.children.forEach(find);
  };
  find(profile.head);
  const self = new Map();
  let all = 0;
  const visit = (node, caller) => {
    const cf = node.callFrame;
    const ours = cf.scriptId === script;
    const here = `${cf.functionName || '(anonymous)'} ${ours ? fileOf(cf.lineNumber) : '(native)'}`;
    if (node.selfSize) {
      const key = !ours && caller ? `${here} ← ${caller}` : here;
      self.set(key, (self.get(key) ?? 0) + node.selfSize);
      all += node.selfSize;
    }
    for (const child of node.children) visit(child, ours ? here : caller);
  };
  visit(profile.head, '');
  const kb = (bytes) => (bytes / 1024 / runs).toFixed(1).padStart(8);
  console.log(`\n== ${name} (${args.mode ?? 'full'}): ${kb(all)} KB allocated per snapshot (sampled, ${runs} runs)`);
  for (const [k, bytes] of [...self].sort((a, b) => b[1] - a[1]).slice(0, topN))
    console.log(`${kb(bytes)} KB ${((100 * bytes) / all).toFixed(1).padStart(5)}%  ${k}`);
}

const server = startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => route.abort());
  for (const name of pages) {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}${pathOf(name)}`, { waitUntil: 'load', timeout: 60_000 });
    await page.evaluate(lib);
    const snap = (n) =>
      page.evaluate(
        async ({ n, options }) => {
          const tool = (window.__profTool ??= new window.BrowserXDomTool.DomTool(options));
          for (let i = 0; i < n; i++) (await tool.getSnapshot({ force: true })).toText();
        },
        { n, options },
      );
    await snap(2);
    const cdp = await context.newCDPSession(page);
    if (args.alloc) {
      await allocations(cdp, name, () => snap(runs));
      await page.close();
      continue;
    }
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: Number(args.interval ?? 100) });
    await cdp.send('Profiler.start');
    await snap(runs);
    const { profile } = await cdp.send('Profiler.stop');
    const { self, total, all } = analyse(profile);
    const per = (us) => (us / 1000 / runs).toFixed(3).padStart(8);
    const pct = (us) => ((100 * us) / all).toFixed(1).padStart(5) + '%';
    console.log(`\n== ${name} (${args.mode ?? 'full'}): ${per(all)} ms per snapshot (profiled, ${runs} runs)`);
    const print = (title, map) => {
      console.log(`-- ${title}`);
      for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, topN))
        console.log(`${per(us)} ms ${pct(us)}  ${k}`);
    };
    print('self', self);
    print('total', total);
    await page.close();
  }
} finally {
  await browser.close();
  server.close?.();
}
