// The shell commands of the docs, run as written (issue 33 item 6: a newcomer copies them, and
// the README's engine example once failed as written). tests/browser/readme.spec.ts runs the
// code blocks; this runs the commands: every line of a ```sh block and every inline code span
// that starts like a command (`npm …`, `npx …`, `node …`, `VAR=… npm …`).
//
// Each command found is either run (RUN: verbatim, through sh, from the repository root, and
// its output must show what the doc says it does) or named in NOT_RUN with the reason (it
// installs, writes what is committed, serves until stopped, or is already a step of
// `npm test`). A command in neither fails the check, so a new command in a doc is decided on,
// not forgotten.
//   node scripts/check-docs-shell.mjs          run them (a step of npm test, after the engines)
//   node scripts/check-docs-shell.mjs --list   what is found and what is done with each
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeBlocks } from './readme-blocks.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DOCS = ['README.md', 'CONTRIBUTING.md', 'examples/extension/README.md'];

const INLINE = /`((?:[A-Z_]+=\S+\s+)*(?:npm|npx|node) [^`]*)`/g;

/** Every shell command of a doc, with the line it is on. */
export function shellCommands(markdown) {
  const found = [];
  for (const block of codeBlocks(markdown))
    if (block.lang === 'sh' || block.lang === 'bash')
      block.code.split('\n').forEach((line, i) => {
        const command = line.replace(/\s+#.*$/, '').trim();
        if (command && !command.startsWith('#')) found.push({ command, line: block.line + 1 + i });
      });
  const lines = markdown.split('\n');
  let fenced = false;
  lines.forEach((text, i) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    if (!fenced) for (const m of text.matchAll(INLINE)) found.push({ command: m[1].trim(), line: i + 1 });
  });
  return found;
}

/** Run as written; `shows`: what the output must contain besides exit 0 (the doc's claim, and that a test ran at all). */
const RUN = {
  'npm run demo': { shows: /# page "Acme Outdoor/ },
  'npm run demo -- fixtures/dashboard.html --json': { shows: /"version": "domtool\.v1"/ },
  'npm run bookmarklet': { shows: /bookmarklet/i },
  'npm run test:webkit -- tests/browser/golden.spec.ts -t names': { shows: /1 passed/ },
  'npm run test:firefox -- tests/browser/golden.spec.ts -t names': { shows: /1 passed/ },
  'npx playwright test tests/browser/golden.spec.ts -g names --workers=1': { shows: /1 passed/ },
  'npx vitest run tests/unit/whitespace.test.ts -t "fast path"': { shows: /1 passed/ },
  'node scripts/test-index.mjs src/dom/dom-utils.ts': { shows: /imported by \(\d+\):\n\s+tests\// },
  'node scripts/test-index.mjs > /tmp/test-index.md': {},
  'node scripts/test-index.mjs --untested': { shows: /modules reached by no test/ },
};

/** Not run, and why (a prefix of the command → the reason). */
const NOT_RUN = [
  ['npm install', 'installs packages (the network, and the tree under test)'],
  ['npx playwright install', 'downloads browsers'],
  ['npm test', 'the run this check is a step of'],
  ['npm pack', 'scripts/check-consumer.mjs packs and installs the package (a step of npm test)'],
  ['npm run build', 'a step of npm test'],
  ['npx tsc --noEmit', 'a step of npm test'],
  ['npx biome format .', 'a step of npm test'],
  ['npx eslint .', 'a step of npm test'],
  ['node scripts/check-cycles.mjs', 'a step of npm test'],
  ['node scripts/check-size.mjs --update', 'rewrites scripts/size-known.json'],
  ['node scripts/check-size.mjs', 'a step of npm test'],
  ['npm run format', 'rewrites the sources (the format step checks them)'],
  ['npm run golden:update', 'rewrites the goldens'],
  ['npm run docs:images', 'rewrites docs/overlay.png (a picture: no check can say it is right)'],
  ['npm run test:engines', 'the Firefox + WebKit step of npm test'],
  ['npm run test:firefox', 'the Firefox half of the engine step (one test of it runs above)'],
  ['npm run test:webkit', 'the WebKit half of the engine step (one test of it runs above)'],
  ['DOMTOOL_ENGINE_SPECS=', 'a whole spec in two engines (minutes); the engine step runs the shared specs'],
  ['DOMTOOL_TEST_PORT=5000 npx playwright test …', 'a pattern: … stands for the spec you choose'],
  ['npm run bench', 'minutes of timing runs; tests/browser/bench-smoke.spec.ts runs the bench'],
  ['npm run build && node bench/tasks.mjs', 'minutes of agent tasks; bench-smoke.spec.ts covers the bench'],
  ['npx browserx-domtool-mcp', 'a server that runs until stopped; tests/browser/mcp*.spec.ts start it'],
  ['npm run mcp', 'a server that runs until stopped; tests/browser/mcp*.spec.ts start it'],
  [
    'npx esbuild content.ts service-worker.ts',
    "a user's extension project (scripts/build-extension.mjs builds the example)",
  ],
  ['cd node_modules/browserx-domtool/dist', "a user's extension project"],
];

/** The reason of the longest prefix that matches (`npm run build && node bench/…` is the bench's). */
const notRunReason = (command) =>
  NOT_RUN.filter(([prefix]) => command.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];

function main() {
  const list = process.argv.includes('--list');
  const commands = new Map();
  for (const doc of DOCS)
    for (const { command, line } of shellCommands(readFileSync(join(ROOT, doc), 'utf8')))
      if (!commands.has(command)) commands.set(command, `${doc}:${line}`);
  const problems = [];
  const toRun = [];
  for (const [command, where] of commands) {
    if (RUN[command]) toRun.push([command, where]);
    else if (notRunReason(command)) {
      if (list) console.log(`not run  ${command}  (${where}): ${notRunReason(command)}`);
    } else
      problems.push(
        `${where}: \`${command}\` is neither run nor excused: add it to RUN or NOT_RUN in scripts/check-docs-shell.mjs`,
      );
  }
  for (const command of Object.keys(RUN))
    if (!commands.has(command)) problems.push(`\`${command}\` is in RUN but in no doc any more: remove it`);
  for (const [command, where] of toRun) {
    if (list) {
      console.log(`run      ${command}  (${where})`);
      continue;
    }
    const started = Date.now();
    const run = spawnSync('sh', ['-c', command], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const output = (run.stdout ?? '') + (run.stderr ?? '');
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const shows = RUN[command].shows;
    const ok = run.status === 0 && (!shows || shows.test(output));
    console.log(`[docs-shell] ${ok ? 'ok    ' : 'FAILED'} ${command} (${where}, ${seconds} s)`);
    if (!ok)
      problems.push(
        `${where}: \`${command}\` exited ${run.status} or did not show ${shows}:\n${output.split('\n').slice(-30).join('\n')}`,
      );
  }
  if (problems.length) {
    console.error(`Doc shell commands (${problems.length}):`);
    for (const p of problems) console.error('  ' + p);
    process.exit(1);
  }
  console.log(
    `check-docs-shell: ${commands.size} commands in ${DOCS.length} docs: ${toRun.length} run, the rest excused`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
