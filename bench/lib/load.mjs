// Load time of the scripts that ship into pages (issue 19): parse + compile + top-level
// run of each script in a fresh page, side by side in one run with page-agent's
// page controller (the bench-only devDependency @page-agent/page-controller, bundled
// here into one minified IIFE with esbuild, the way it would be injected).
//
// One sample = a new page, the script inserted as an inline <script> and the main
// thread's time around appendChild (the element runs synchronously). Each sample's source
// starts with a unique comment so V8's in-memory compilation cache never serves it.
// Scripts are interleaved per round so that machine load hits them alike; the median
// of the rounds is reported.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build } from 'esbuild';

/** The scripts measured: [label, file] (a missing file is skipped with a note). */
export function loadTargets(root) {
  return [
    ['examples/extension content.js (every frame)', resolve(root, 'examples/extension/dist/content.js')],
    ['examples/extension content-core.js (on first request)', resolve(root, 'examples/extension/dist/content-core.js')],
    [
      'examples/extension content-actions.js (on first action)',
      resolve(root, 'examples/extension/dist/content-actions.js'),
    ],
    ['dist/domtool.iife.js', resolve(root, 'dist/domtool.iife.js')],
  ];
}

async function pageAgentBundle(root) {
  const r = await build({
    stdin: {
      contents: "import * as PC from '@page-agent/page-controller'; globalThis.__pageAgentPC = PC;",
      resolveDir: root,
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return r.outputFiles[0].text;
}

// What content.js needs to install itself in a page world: a chrome.runtime that takes a listener.
const FAKE_CHROME =
  'window.chrome = { runtime: { id: "bench", onMessage: { addListener() {}, removeListener() {} }, sendMessage() {} } };';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/** Measures every target; returns rows { label, bytes, gzip, ms, samples }. */
export async function measureLoad(browser, root, { rounds = 15, extra = [] } = {}) {
  const scripts = [];
  for (const [label, file] of [...loadTargets(root), ...extra]) {
    if (!existsSync(file)) continue;
    scripts.push({ label, code: readFileSync(file, 'utf8') });
  }
  try {
    scripts.push({
      label: "page-agent's page controller (IIFE, esbuild-minified)",
      code: await pageAgentBundle(root),
      reference: true,
    });
  } catch (e) {
    console.warn('load bench: @page-agent/page-controller not bundled (' + e.message + '); run npm install');
  }
  const samples = scripts.map(() => []);
  const context = await browser.newContext();
  for (let r = 0; r < rounds + 1; r++) {
    for (let i = 0; i < scripts.length; i++) {
      const page = await context.newPage();
      await page.setContent(
        '<!doctype html><html><head></head><body><main><h1>Load time</h1><p>A paragraph with <a href="#x">a link</a>.</p><button>Go</button></main></body></html>',
      );
      await page.evaluate(FAKE_CHROME);
      const ms = await page.evaluate((code) => {
        const s = document.createElement('script');
        s.textContent = code;
        const t0 = performance.now();
        document.head.appendChild(s);
        return performance.now() - t0;
      }, `/*load-bench ${r}-${i}-${Math.random()}*/\n` + scripts[i].code);
      if (r > 0) samples[i].push(ms); // round 0 warms the browser up
      await page.close();
    }
  }
  await context.close();
  return scripts.map((s, i) => ({
    label: s.label,
    reference: !!s.reference,
    bytes: Buffer.byteLength(s.code),
    gzip: gzipSync(s.code, { level: 9 }).length,
    ms: median(samples[i]),
    min: Math.min(...samples[i]),
    samples: samples[i],
  }));
}

export function renderLoadTable(rows) {
  const ref = rows.find((r) => r.reference);
  // The minimum too: on a machine shared with other work it is the least disturbed sample.
  const lines = [
    '| script | minified | gzip | load (median) | load (min) | × page-agent (median) |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.bytes.toLocaleString('en')} B | ${r.gzip.toLocaleString('en')} B | ${r.ms.toFixed(2)} ms | ${r.min.toFixed(2)} ms | ${ref ? (r.ms / ref.ms).toFixed(2) + '×' : '–'} |`,
    );
  }
  return lines.join('\n');
}
