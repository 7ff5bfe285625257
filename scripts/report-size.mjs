// Prints every entry's size (minified and gzip) after `npm run build`, and fails the
// build when a page-world bundle breaks a hard rule (no eval, no Array.from, no for…in).
// The sizes are weighed against issue 19's goals: what every frame of every page loads
// (the extension's content.js) and the whole IIFE ship inside other people's pages.
// --quiet (the rebuilds behind test, demo, bench): the checks still run and fail
// loudly; the size table and the over-goal warnings are left to `npm run build`.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Size goals (bytes): [minified, gzip]. Over them is a warning (a failure under BUNDLE_STRICT=1).
 * The one-file IIFE has none: its 120 KB goal was retired (it carries every feature); its size is
 * reported on every build and grows only with a measured reason. */
const GOALS = {
  'examples/extension/dist/content.js': [60_000, 20_000],
};
/**
 * Ceilings (bytes): [minified, gzip]. Over one fails every build — a ratchet for the scripts
 * every frame or page loads, kept small on purpose: lower a number when its script shrinks;
 * raise it only with the reason in the commit. (5,978 B had crept into the loader when the
 * Math/Promise/timer stand-ins landed in every bundle; it needs none of them.)
 */
const CEILINGS = {
  'examples/extension/dist/content.js': [3_300, 1_600],
  'dist/content-stub.js (bundled)': [3_350, 1_600],
  // 5,272 / 2,220 measured with the page-tools bridge's hints and cancel (b598edb); 5,535 / 2,299
  // once the page world fires toolcancel itself (an isolated world's event property is not seen).
  'dist/page-world.js': [5_650, 2_350],
};
const quiet = process.argv.includes('--quiet');
const root = new URL('..', import.meta.url);
const file = new URL('../dist/domtool.iife.js', import.meta.url);
const code = readFileSync(file);
const fmt = (n) => n.toLocaleString('en').padStart(9) + ' B';

// Page-world scripts are shipped minified; the npm entries are measured as a consumer's
// bundler would ship them: the entry with its chunks, bundled and minified.
const SCRIPTS = [
  'dist/domtool.iife.js',
  'dist/content-core.js',
  'dist/content-actions.js',
  'dist/page-world.js',
  'examples/extension/dist/content.js',
  'examples/extension/dist/content-core.js',
  'examples/extension/dist/content-actions.js',
  'examples/extension/dist/service-worker.js',
  'examples/extension/dist/page-world.js',
  'examples/extension/dist/panel.js',
];
const NPM = ['index', 'content-script', 'content-stub', 'actions', 'extension', 'playwright'];
const rows = [];
for (const path of SCRIPTS) {
  const abs = new URL(path, root);
  if (existsSync(abs)) rows.push([path, readFileSync(abs)]);
}
for (const name of NPM) {
  for (const ext of ['js', 'cjs']) {
    const abs = new URL(`dist/${name}.${ext}`, root);
    if (!existsSync(abs)) continue;
    const r = await build({
      entryPoints: [abs.pathname],
      bundle: true,
      minify: true,
      write: false,
      logLevel: 'silent',
      format: ext === 'js' ? 'esm' : 'cjs',
      platform: name === 'playwright' ? 'node' : 'browser',
      target: 'es2020',
    });
    rows.push([`dist/${name}.${ext} (bundled)`, Buffer.from(r.outputFiles[0].contents)]);
  }
}
const goalProblems = [];
const ceilingProblems = [];
if (!quiet) console.log('entry                                             minified         gzip   goal');
for (const [path, bytes] of rows) {
  const gz = gzipSync(bytes, { level: 9 }).length;
  const goal = GOALS[path];
  const ceiling = CEILINGS[path];
  if (ceiling && (bytes.length > ceiling[0] || gz > ceiling[1]))
    ceilingProblems.push(
      `${path} is ${bytes.length.toLocaleString('en')} B / ${gz.toLocaleString('en')} B gzip, over its ceiling of ${ceiling[0].toLocaleString('en')} / ${ceiling[1].toLocaleString('en')} (scripts/report-size.mjs CEILINGS)`,
    );
  const over = goal && (bytes.length > goal[0] || gz > goal[1]);
  if (over)
    goalProblems.push(
      `${path} is ${bytes.length.toLocaleString('en')} B / ${gz.toLocaleString('en')} B gzip, over its goal of ${goal[0].toLocaleString('en')} / ${goal[1].toLocaleString('en')} (issue 19)`,
    );
  if (!quiet)
    console.log(
      `${path.padEnd(46)} ${fmt(bytes.length)} ${fmt(gz)}   ${goal ? (over ? 'OVER ' : 'ok ') + goal[0].toLocaleString('en') + ' / ' + goal[1].toLocaleString('en') : ''}`,
    );
}

const problems = [...ceilingProblems];
// Over a size goal is reported but fails the build only under BUNDLE_STRICT=1 (the goals
// are not met yet; a red build would hide every other result). See notes/19.md.
const overBudget = goalProblems.length > 0;
if (overBudget) {
  if (process.env.BUNDLE_STRICT === '1') problems.push(...goalProblems);
  else if (!quiet) {
    for (const p of goalProblems) console.warn('warning: ' + p);
    if (process.env.BUNDLE_VERBOSE === '1') await printLargestModules();
  }
}
// eval / new Function would be blocked by CSP without 'unsafe-eval' and by Trusted Types.
const text = code.toString('utf8');
if (/\beval\s*\(/.test(text)) problems.push('the bundle calls eval()');
if (/\bnew\s+Function\s*\(/.test(text)) problems.push('the bundle calls new Function()');
// R2: page-world code must survive a Prototype.js-style Array.from and enumerable
// prototype pollution (for…in also sneaks in through bundler helpers: `import * as`).
if (/\bArray\.from\(/.test(text))
  problems.push('the bundle calls Array.from (broken by Prototype.js-era pages; use toArray from src/dom/builtins)');
if (/for\s*\((?:var|let|const)\s+[\w$]+\s+in\s/.test(text))
  problems.push('the bundle has a for…in loop (broken by Object.prototype pollution; `import * as` generates one)');
if (problems.length) {
  console.error('Bundle budget failed:\n  - ' + problems.join('\n  - '));
  if (overBudget) await printLargestModules();
  process.exit(1);
}

/** Where the bytes go: the same IIFE build with a metafile, largest inputs first. */
async function printLargestModules() {
  const result = await build({
    entryPoints: [new URL('../src/iife.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  const rows = Object.entries(inputs)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 12);
  console.error('Largest modules in the IIFE (minified bytes):');
  for (const [path, info] of rows) console.error(`  ${String(info.bytesInOutput).padStart(6)}  ${path}`);
}
