// `npm test`: every step runs and reports, and the run fails after all of them when any
// failed (issue 31). A `&&` chain stopped at the first red step, so one flaky Chromium
// spec hid whether Firefox and WebKit passed at all. Steps that later steps need (the
// browsers installed, dist/ built) still stop the run: what follows them would test nothing.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failedSpecLines } from './failed-specs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const bin = (name) => resolve(root, 'node_modules/.bin', name);

/** [name, command, args, needed by the steps after it, its Playwright JSON report] */
const STEPS = [
  ['chromium', node, ['scripts/ensure-chromium.mjs'], true],
  ['typecheck', bin('tsc'), ['--noEmit'], false],
  ['format', bin('biome'), ['format', '.'], false],
  // Type-aware ESLint (typescript-eslint): floating promises, unsafe `any`, needless assertions.
  ['lint', bin('eslint'), ['.'], false],
  ['cycles', node, ['scripts/check-cycles.mjs'], false],
  ['size', node, ['scripts/check-size.mjs'], false],
  ['build', node, ['scripts/build.mjs', '--if-stale', '--quiet'], true],
  ['unit', bin('vitest'), ['run'], false],
  ['consumer', node, ['scripts/check-consumer.mjs'], false],
  ['chromium specs', bin('playwright'), ['test'], false, '.cache/chromium-specs.json'],
  ['firefox + webkit', node, ['scripts/test-engines.mjs'], false],
  // The docs' shell commands as written (the engine examples, one test per engine, the demo).
  ['docs shell', node, ['scripts/check-docs-shell.mjs'], false],
];

const results = [];
for (const [name, command, args, needed, report] of STEPS) {
  const started = Date.now();
  if (report) rmSync(resolve(root, report), { force: true }); // never an earlier run's failures
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = run.status === 0;
  const failures = report ? failedSpecLines(resolve(root, report)) : [];
  results.push({ name, ok, seconds: (Date.now() - started) / 1000, failures });
  if (!ok && needed) {
    console.error(`[test] ${name} failed: the steps after it need it, so they did not run`);
    break;
  }
}
console.log('\n[test] summary');
for (const r of results) {
  console.log(`[test]   ${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds.toFixed(0)} s)`);
  for (const line of r.failures) console.log(`[test]     ${line}`);
}
const skipped = STEPS.length - results.length;
if (skipped) console.log(`[test]   ${skipped} step(s) not run`);
process.exit(results.every((r) => r.ok) && !skipped ? 0 : 1);
