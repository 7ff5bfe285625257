// npm run bench — DomTool vs Playwright AI snapshot vs a bare visibility pass, in
// real headless Chromium, on fixtures, the real-page corpus and generated pages.
//
//   node bench/run.mjs [--pages=corpus,generated,fixtures,selftest] [--runs=5] [--quick]
//                      [--filter=substr,substr] [--sizes=1000,5000] [--no-coverage]
//                      [--no-playwright] [--no-peers] [--no-profile] [--out=bench] [--lib=dist/domtool.iife.js] [--port=4220]
// --quick: 3 runs, generated pages up to 20k, no profile. The profile (on by default
// for full runs) is taken on an unminified esbuild bundle of src/ so names are readable.
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath, chromiumArgs } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/serve.mjs';
import { ensureGeneratedPage } from './lib/generate.mjs';
import { measurePage } from './lib/measure.mjs';
import { summarize } from './lib/summary.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { profilePages } from './lib/profile.mjs';
import { measureLoad, renderLoadTable } from './lib/load.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = resolve(ROOT, '../shared/corpus/real-pages');

function parseArgs(argv) {
  const a = Object.fromEntries(
    argv.slice(2).map((s) => {
      const m = s.match(/^--([^=]+)(?:=(.*))?$/);
      return m ? [m[1], m[2] ?? true] : [s, true];
    }),
  );
  const quick = !!a.quick;
  return {
    pages: String(a.pages ?? 'selftest,fixtures,corpus,generated').split(','),
    runs: Number(a.runs ?? (quick ? 3 : 5)),
    quick,
    filter: a.filter ? String(a.filter).split(',') : null,
    sizes: a.sizes
      ? String(a.sizes).split(',').map(Number)
      : quick
        ? [1000, 5000, 20000]
        : [1000, 5000, 20000, 50000, 100000],
    coverage: !a['no-coverage'],
    playwright: !a['no-playwright'],
    peers: !a['no-peers'],
    profile: a.profile !== undefined ? a.profile !== 'false' : !quick && !a['no-profile'] && !a.filter,
    out: resolve(ROOT, String(a.out ?? 'bench')),
    lib: resolve(ROOT, String(a.lib ?? 'dist/domtool.iife.js')),
    port: Number(a.port ?? process.env.BENCH_PORT ?? 4220),
  };
}

function pageList(args) {
  const list = [];
  if (args.pages.includes('fixtures') && existsSync(join(ROOT, 'fixtures'))) {
    for (const f of readdirSync(join(ROOT, 'fixtures'))
      .filter((f) => f.endsWith('.html'))
      .sort())
      list.push({ set: 'fixtures', name: f.replace(/\.html$/, ''), path: `/fixtures/${f}` });
  }
  if (args.pages.includes('corpus') && existsSync(CORPUS)) {
    for (const f of readdirSync(CORPUS)
      .filter((f) => f.endsWith('.html'))
      .sort())
      list.push({ set: 'corpus', name: f.replace(/\.html$/, ''), path: `/corpus/${f}` });
  }
  // A page with known answers that checks the bench's own ground truth.
  if (args.pages.includes('selftest'))
    list.push({
      set: 'selftest',
      name: 'ground-truth-check',
      path: '/bench/pages/ground-truth-check.html',
      selfTest: true,
    });
  if (args.pages.includes('generated')) {
    for (const n of args.sizes)
      list.push({ set: 'generated', name: `gen-${n}`, path: ensureGeneratedPage(n), size: n });
  }
  return args.filter ? list.filter((p) => args.filter.some((f) => p.name.includes(f))) : list;
}

async function main() {
  const args = parseArgs(process.argv);
  if (!existsSync(args.lib)) throw new Error(`${args.lib} not found — run npm run build first`);
  const lib = readFileSync(args.lib, 'utf8');
  const pages = pageList(args);
  const server = startServer(args.port);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, '--js-flags=--expose-gc'],
  });
  const started = Date.now();
  const { cpus, loadavg } = await import('node:os');
  // Other work on a shared machine skews absolute times (ratios from one run hold up better): record it.
  const loadAtStart = loadavg()[0];
  const results = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // Offline and deterministic: only our server answers; everything else is aborted.
    await context.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => route.abort());
    for (const p of pages) {
      const t0 = Date.now();
      const page = await context.newPage();
      try {
        await page.goto(`http://127.0.0.1:${args.port}${p.path}`, { waitUntil: 'load', timeout: 60_000 });
        const r = await measurePage(page, {
          // smart-dom-reader's selector search grows faster than linearly (14 s on wikipedia-2's 9.9k elements): real pages only.
          lib,
          runs: args.runs,
          playwright: args.playwright,
          peers: args.peers && p.set !== 'generated',
          smallPageRuns: args.runs >= 5 ? 15 : args.runs,
          // Ground truth costs one CDP call per visible element; on the largest generated pages it says nothing new.
          coverage: args.coverage && (p.size ?? 0) <= 20_000,
          selfTest: p.selfTest,
        });
        results.push({ ...p, ...r });
        log(p, r, Date.now() - t0);
      } catch (e) {
        results.push({ ...p, error: String(e?.message ?? e).split('\n')[0] });
        console.error(`  ${p.set}/${p.name}: ERROR ${String(e?.message ?? e).split('\n')[0]}`);
      } finally {
        await page.close();
      }
    }
    // A profile is a diagnostic: a src/ that does not bundle right now must not sink the run.
    const profile = args.profile
      ? await profilePages(context, args).catch((e) => [
          { page: 'build', error: String(e?.message ?? e).split('\n')[0], top: [], samples: 0, totalMs: 0 },
        ])
      : null;
    // Load time of the scripts that ship into pages, next to page-agent's, in this same run (issue 19).
    const loadRounds = args.runs <= 1 ? 3 : args.quick ? 7 : 15;
    const load = await measureLoad(browser, ROOT, { rounds: loadRounds }).catch((e) => {
      console.warn('load bench failed: ' + String(e?.message ?? e));
      return [];
    });
    const summary = summarize(results);
    const doc = {
      generatedAt: new Date().toISOString(),
      durationS: Math.round((Date.now() - started) / 1000),
      environment: {
        chromium: browser.version(),
        node: process.version,
        cpus: cpus().length,
        loadAvg1m: { start: loadAtStart, end: loadavg()[0] },
      },
      options: { runs: args.runs, pages: args.pages, quick: args.quick, sizes: args.sizes },
      summary,
      profile,
      load: load.map(({ samples: _s, ...row }) => row),
      pages: results,
    };
    mkdirSync(args.out, { recursive: true });
    doc.previous = readPrevious(join(args.out, 'results.json'));
    writeFileSync(join(args.out, 'results.json'), JSON.stringify(doc, null, 1) + '\n');
    let md = renderMarkdown(doc);
    // Keep the tokens-per-task section written by bench/tasks.mjs (a separate run).
    const previousMd = existsSync(join(args.out, 'results.md'))
      ? readFileSync(join(args.out, 'results.md'), 'utf8')
      : '';
    const tasks = /<!-- tasks:start -->[\s\S]*<!-- tasks:end -->\n?/.exec(previousMd);
    if (load.length) {
      md =
        md.replace(/\n*$/, '\n\n') +
        `## Load time\n\nParse + compile + top-level run of each script in a fresh page (an inline <script>, main-thread time around appendChild), median of ${loadRounds} rounds, interleaved; page-agent's page controller bundled into one minified IIFE with esbuild (bench/lib/load.mjs).\n\n` +
        renderLoadTable(load) +
        '\n';
    }
    if (tasks) md = md.replace(/\n*$/, '\n\n') + tasks[0];
    writeFileSync(join(args.out, 'results.md'), md);
    console.log('\n' + md);
  } finally {
    await browser.close();
    server.close();
  }
}

// Only the target figures of the last run are kept, not its whole history.
function readPrevious(file) {
  try {
    const old = JSON.parse(readFileSync(file, 'utf8'));
    return {
      generatedAt: old.generatedAt,
      targets: old.summary.targets.map(({ name, measured }) => ({ name, measured })),
    };
  } catch {
    return null;
  }
}

const f1 = (x) => (x == null ? '-' : x.toFixed(1));
function log(p, r, ms) {
  // CPU ms, the report's main measure.
  const parts = [
    `${p.set}/${p.name}`.padEnd(44),
    `floor ${f1(r.floor?.cpu.median)}`,
    `budget ${f1(r.budget?.cpu.median)}`,
  ];
  if (r.full) parts.push(`full ${f1(r.full.cpu.median)}`);
  if (r.viewport) parts.push(`viewport ${f1(r.viewport.cpu.median)}`);
  if (r.smartDomReader) parts.push(`sdr ${f1(r.smartDomReader.cpu.median)}`);
  if (r.playwright) parts.push(`pw ${f1(r.playwright.inPage.median)}`);
  if (r.coverage) parts.push(`recall ${r.coverage.recall.toFixed(3)} prec ${r.coverage.precision.toFixed(3)}`);
  if (r.names) parts.push(`name ${r.names.nameAgreement.toFixed(3)}`);
  console.log(parts.join('  ') + `  (${(ms / 1000).toFixed(1)}s)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
