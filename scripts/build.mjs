// One build for every command that needs dist/ (and examples/extension/dist):
//   node scripts/build.mjs                       `npm run build`: always builds, prints the size report
//   node scripts/build.mjs --if-stale --quiet    test, demo, bench, prepack: rebuilds only when an
//                                                input changed; prints nothing unless it rebuilt or failed
// Freshness is a hash of the inputs' contents stored in dist/.build-stamp after a
// successful build (mtimes lie after git checkout and rebase). The bundle checks of
// report-size.mjs (no eval, no Array.from, …) run on every rebuild; only the size
// report itself is reserved for `npm run build`.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-stamp');
const INPUTS = [
  'src',
  'examples/extension/src',
  'examples/extension/manifest.json',
  'examples/extension/panel.html',
  'examples/extension/panel.css',
  'package.json',
  'package-lock.json',
  'tsup.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/build-extension.mjs',
];
/** Outputs whose absence means "not built", whatever the stamp says. */
const OUTPUTS = [
  'dist/index.js',
  'dist/index.cjs',
  'dist/index.d.ts',
  'dist/domtool.iife.js',
  'dist/playwright.js',
  'dist/agent.js',
  'dist/mcp.js',
  'dist/global.d.ts',
  'examples/extension/dist/content.js',
];

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const quiet = args.includes('--quiet');

function files(path) {
  const abs = join(ROOT, path);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(ROOT, join(d.parentPath ?? d.path, d.name)))
    .sort();
}

export function inputsHash() {
  const h = createHash('sha256');
  for (const input of INPUTS) {
    for (const f of files(input)) {
      h.update(f.split('\\').join('/') + '\0');
      h.update(readFileSync(join(ROOT, f)));
      h.update('\0');
    }
  }
  return h.digest('hex');
}

function isFresh(hash) {
  if (!OUTPUTS.every((f) => existsSync(join(ROOT, f)))) return false;
  try {
    return readFileSync(STAMP, 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

function run(label, script, scriptArgs = []) {
  const r = spawnSync(process.execPath, [script, ...scriptArgs], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (r.status !== 0) {
    if (quiet) process.stderr.write((r.stdout ?? '') + (r.stderr ?? ''));
    console.error(`build: ${label} failed` + (r.error ? ` (${r.error.message})` : ''));
    process.exit(r.status || 1);
  }
}

const hash = inputsHash();
if (ifStale && isFresh(hash)) process.exit(0);
const why = !existsSync(STAMP)
  ? 'no earlier build'
  : readFileSync(STAMP, 'utf8').trim() === hash
    ? 'outputs missing'
    : 'inputs changed since the last build';

const started = Date.now();
const require = createRequire(import.meta.url);
const tsupPkg = require.resolve('tsup/package.json');
const tsupBin = require(tsupPkg).bin;
run('tsup', join(dirname(tsupPkg), typeof tsupBin === 'string' ? tsupBin : tsupBin.tsup));
run('example extension', join(ROOT, 'scripts/build-extension.mjs'));
run('bundle checks', join(ROOT, 'scripts/report-size.mjs'), quiet ? ['--quiet'] : []);
writeFileSync(STAMP, hash + '\n');
if (quiet) console.error(`build: dist/ built (${why}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
