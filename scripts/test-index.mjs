// Where a module's tests live (issue 33 item 5), from the imports: which test files import a
// src module (or bundle it by path, as the browser specs' helpers do), and how many more
// reach it through the modules they import. Generated on demand, not committed: a committed
// index changes with every branch that adds a test, so it would collide in every landing
// train and be stale in between; asking the imports each time costs about a second.
//   node scripts/test-index.mjs src/dom/dom-utils.ts [more modules]   the tests of these modules
//   node scripts/test-index.mjs                                       the whole index (markdown)
//   node scripts/test-index.mjs --untested                            modules no test reaches
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const rel = (abs) => relative(ROOT, abs).split('\\').join('/');

function listTs(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ts|tsx|mts)$/.test(d.name) && !d.name.endsWith('.d.ts'))
    .map((d) => rel(join(d.parentPath ?? d.path, d.name)));
}

/** A specifier or a bundled path → a file of this repository, or null (a package, or not found). */
function resolveFrom(fromFile, spec) {
  const base = spec.startsWith('.') ? resolve(ROOT, dirname(fromFile), spec) : resolve(ROOT, spec);
  for (const candidate of [base, base + '.ts', base + '.tsx', join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return rel(candidate);
  return null;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** A path a helper hands to a bundler: 'src/x.ts', ROOT + 'src/x.ts', '../../src/x.ts'. */
const BUNDLED = /['"]((?:\.\.\/)*src\/[\w./-]+\.ts)['"]/g;
/** A built bundle a spec loads (dist/domtool.iife.js): its entry, as tsup.config.ts names it. */
const BUILT = /dist\/([\w.-]+)\.c?js\b/g;
const ENTRIES = new Map(
  [
    ...readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8').matchAll(
      /['"]?([\w.-]+)['"]?:\s*['"](src\/[\w./-]+\.ts)['"]/g,
    ),
  ].map((m) => [m[1], m[2]]),
);

/** The files a file uses at run time (type-only imports left out: they run nothing). */
function usesOf(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out = new Set();
  const add = (spec) => {
    if (!spec.startsWith('.') && !spec.startsWith('src/')) return;
    const target = resolveFrom(file, spec);
    if (target) out.add(target);
  };
  for (const m of text.matchAll(IMPORT)) if (!m[2]) add(m[3]);
  for (const m of text.matchAll(DYNAMIC)) add(m[1]);
  if (file.startsWith('tests/')) {
    for (const m of text.matchAll(BUNDLED)) add(m[1]);
    for (const m of text.matchAll(BUILT)) if (ENTRIES.has(m[1])) add(ENTRIES.get(m[1]));
  }
  return out;
}

const isTest = (f) => /\.(test|spec)\.tsx?$/.test(f);
const srcFiles = listTs('src');
const testFiles = listTs('tests').filter(isTest);
const uses = new Map();
const usesCached = (f) => {
  if (!uses.has(f)) uses.set(f, usesOf(f));
  return uses.get(f);
};

/** Direct: src modules a test imports itself or through its own helpers (non-test files under tests/). */
function directOf(test) {
  const direct = new Set();
  const seen = new Set([test]);
  const stack = [test];
  while (stack.length) {
    for (const f of usesCached(stack.pop())) {
      if (seen.has(f)) continue;
      seen.add(f);
      if (f.startsWith('src/')) direct.add(f);
      else if (f.startsWith('tests/') && !isTest(f)) stack.push(f);
    }
  }
  return direct;
}

/** Everything in src/ a test runs: the closure of its direct modules over their imports. */
function reachOf(direct) {
  const reach = new Set(direct);
  const stack = [...direct];
  while (stack.length)
    for (const f of usesCached(stack.pop()))
      if (f.startsWith('src/') && !reach.has(f)) {
        reach.add(f);
        stack.push(f);
      }
  return reach;
}

const index = new Map(srcFiles.map((f) => [f, { direct: [], reached: [] }]));
for (const test of testFiles) {
  const direct = directOf(test);
  for (const f of reachOf(direct)) {
    const entry = index.get(f);
    if (entry) (direct.has(f) ? entry.direct : entry.reached).push(test);
  }
}

const args = process.argv.slice(2);
if (args.includes('--untested')) {
  const untested = srcFiles.filter((f) => !index.get(f).direct.length && !index.get(f).reached.length);
  for (const f of untested) console.log(f);
  console.error(`${untested.length} of ${srcFiles.length} modules reached by no test`);
} else if (args.length) {
  for (const arg of args) {
    const f = resolveFrom('.', arg);
    const entry = f && index.get(f);
    if (!entry) {
      console.error(`${arg}: not a module under src/`);
      process.exitCode = 1;
      continue;
    }
    console.log(`${f}`);
    console.log(`  imported by (${entry.direct.length}):${entry.direct.map((t) => '\n    ' + t).join('')}`);
    console.log(`  reached through other modules by ${entry.reached.length} more test files`);
  }
} else {
  const withDirect = srcFiles.filter((f) => index.get(f).direct.length).length;
  console.log(`# Test index (node scripts/test-index.mjs)\n`);
  console.log(
    `${withDirect} of ${srcFiles.length} modules are imported by a test file; the rest are reached through them.\n`,
  );
  console.log('| module | imported by | reached by |\n|---|---|---|');
  for (const f of srcFiles) {
    const { direct, reached } = index.get(f);
    const names = direct.map((t) => t.replace(/^tests\//, '')).join(', ') || '—';
    console.log(`| ${f} | ${names} | ${reached.length} |`);
  }
}
