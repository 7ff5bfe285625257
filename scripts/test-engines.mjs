// Runs the shared browser specs (vitest.engines.config.ts) in Firefox ESR and WebKitGTK,
// both at once (each is one browser process, mostly one core), output prefixed per
// engine, with a time per engine at the end.
//   node scripts/test-engines.mjs                 # both engines
//   node scripts/test-engines.mjs firefox         # one engine
//   node scripts/test-engines.mjs webkit -- tests/browser/golden.spec.ts   # vitest filters
// Ports: DOMTOOL_TEST_PORT (default 4173) is Chromium's; Firefox serves on +2/+3,
// WebKit on +4/+5 with WebKitWebDriver on +6.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEngines } from './ensure-engines.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALL = ['firefox', 'webkit'];
// Engine names first, then vitest's filters — after `--`, or right after the names:
// `npm run test:webkit -- x.spec.ts -t names` reaches us without its `--` (npm eats it).
const args = process.argv.slice(2);
const dash = args.indexOf('--');
let lead = 0;
while (lead < args.length && ALL.includes(args[lead])) lead++;
const own = args.slice(0, lead);
const passthrough =
  dash === lead ? args.slice(dash + 1) : args.slice(lead).filter((a, i) => !(a === '--' && i === dash - lead));
const misspelt = passthrough.filter(
  (a) => /^(firefox|webkit|chromium|chrome|safari|gecko)$/i.test(a) && !ALL.includes(a),
);
if (misspelt.length) {
  console.error(`unknown engine(s): ${misspelt.join(', ')} (choose from ${ALL.join(', ')})`);
  process.exit(2);
}
const engines = own.length ? own : ALL;
if (!ensureEngines(engines)) process.exit(1);

const base = Number(process.env.DOMTOOL_TEST_PORT ?? 4173);
const OFFSET = { firefox: 2, webkit: 4 };
// vitest's own CLI entry (its package exports do not expose the file).
const vitest = resolve(root, 'node_modules/vitest/vitest.mjs');

function run(engine) {
  const started = Date.now();
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [vitest, 'run', '--config', 'vitest.engines.config.ts', ...passthrough], {
      cwd: root,
      env: {
        ...process.env,
        DOMTOOL_ENGINE: engine,
        DOMTOOL_TEST_PORT: String(base + OFFSET[engine]),
        ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = engines.length > 1 ? `[${engine}] ` : '';
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.on('data', (chunk) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
      stream.on('end', () => pending && process.stdout.write(prefix + pending + '\n'));
    }
    child.on('exit', (code, signal) =>
      resolveRun({ engine, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const results = await Promise.all(engines.map(run));
for (const r of results)
  console.log(`[domtool] ${r.engine}: ${r.code === 0 ? 'passed' : 'FAILED'} in ${r.seconds.toFixed(0)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
