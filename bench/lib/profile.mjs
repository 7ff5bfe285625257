// --profile: CPU profile of full- and budget-mode snapshots with Chrome's Profiler domain, on an
// unminified build of src/ (so function names mean something), self time per function.
import { build } from 'esbuild';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { TMP_DIR, ensureGeneratedPage } from './generate.mjs';
import { FULL, BUDGET } from './measure.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const INPAGE = readFileSync(new URL('./inpage.js', import.meta.url), 'utf8');

async function unminifiedBundle() {
  const outfile = join(TMP_DIR, 'domtool.profile.js');
  await build({
    entryPoints: [join(ROOT, 'src/iife.ts')],
    bundle: true,
    format: 'iife',
    outfile,
    keepNames: true,
    target: 'es2020',
    logLevel: 'silent',
  });
  return readFileSync(outfile, 'utf8') + '\n//# sourceURL=domtool.profile.js';
}

// esbuild marks each module with a "// src/….ts" (or node_modules/….js) comment line; bundle line → source file.
function sourceFiles(code) {
  const marks = [];
  code.split('\n').forEach((line, i) => {
    const m = line.match(/^\s*\/\/ ((?:src|node_modules)\/\S+\.[jt]s)$/);
    if (m) marks.push([i, m[1]]);
  });
  return (line) => {
    let f = '';
    for (const [i, name] of marks) {
      if (i > line) break;
      f = name;
    }
    return f;
  };
}

function selfTimes(profile, fileOf) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Frames of our bundle are recognized by script id: V8 leaves the url off some of them.
  const ourScripts = new Set(
    profile.nodes.filter((n) => n.callFrame.url.endsWith('domtool.profile.js')).map((n) => n.callFrame.scriptId),
  );
  const isOurs = (cf) => ourScripts.has(cf.scriptId);
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFn = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    const cf = node.callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') continue;
    total += us;
    const ours = isOurs(cf);
    // A DOM built-in (getBoundingClientRect, getAttribute…) is named with its caller, which is what to optimize.
    const caller = !ours && !cf.url && parent.get(id)?.callFrame;
    const callerOurs = caller && isOurs(caller);
    const fn = (cf.functionName || '(anonymous)') + (callerOurs ? ` ← ${caller.functionName || '(anonymous)'}` : '');
    const loc = ours ? fileOf(cf.lineNumber) : callerOurs ? fileOf(caller.lineNumber) : '(native/VM)';
    const key = `${fn}@${loc}`;
    const e = byFn.get(key) ?? { fn, loc, selfMs: 0 };
    e.selfMs += us / 1000;
    byFn.set(key, e);
  }
  const top = [...byFn.values()]
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, 15)
    .map((e) => ({ ...e, share: e.selfMs / (total / 1000) }));
  return { totalMs: total / 1000, samples: profile.samples.length, top };
}

export async function profilePages(context, args) {
  const lib = await unminifiedBundle();
  const fileOf = sourceFiles(lib);
  // Full mode shows the per-element cost; budget mode (the default) shows what the caps cost.
  const targets = [
    { page: 'corpus/yahoo-2', path: '/corpus/yahoo-2.html', mode: 'full' },
    { page: 'corpus/wikipedia-2', path: '/corpus/wikipedia-2.html', mode: 'full' },
    { page: 'corpus/wikipedia-2', path: '/corpus/wikipedia-2.html', mode: 'budget' },
    { page: 'generated/gen-20000', path: ensureGeneratedPage(20000), mode: 'full' },
    { page: 'generated/gen-100000', path: ensureGeneratedPage(100000), mode: 'budget' },
  ];
  const out = [];
  for (const t of targets) {
    const page = await context.newPage();
    try {
      await page.goto(`http://127.0.0.1:${args.port}${t.path}`, { waitUntil: 'load', timeout: 60_000 });
      await page.evaluate(lib);
      await page.evaluate(INPAGE);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      const options = t.mode === 'full' ? FULL : BUDGET;
      await page.evaluate(([k, o]) => window.__bench.timeDomTool(k, o), [t.mode, options]); // warm-up, not profiled
      await cdp.send('Profiler.start');
      await page.evaluate(
        async ([k, o]) => {
          for (let i = 0; i < 5; i++) await window.__bench.timeDomTool(k, o);
        },
        [t.mode, options],
      );
      const { profile } = await cdp.send('Profiler.stop');
      out.push({ page: t.page, mode: t.mode, runs: 5, ...selfTimes(profile, fileOf) });
      await cdp.detach();
    } catch (e) {
      out.push({
        page: t.page,
        mode: t.mode,
        error: String(e?.message ?? e).split('\n')[0],
        top: [],
        samples: 0,
        totalMs: 0,
      });
    } finally {
      await page.close();
    }
  }
  return out;
}
