// Size limits of src/ (issue 17 item 2): no function over 100 lines, no module over 500.
// A ratchet, not a wish: the few over a limit are listed in scripts/size-known.json; each may
// shrink, none may grow, and anything else over a limit fails `npm test`. Data tables written
// as tables count like code; split a table into its own module if it pushes one over.
//
// The ratchet lowers itself (issue 33 item 5). A known entry may not grow beyond the smaller
// of its number in size-known.json and its size on main (at the merge base with `main` or
// `origin/main`, read through git). So a shrink counts from the moment it lands, with no
// number to edit; and since the base is main, not another branch, one branch's shrink never
// fails another branch (two branches shrinking the same module both pass, and so does their
// train). A checkout without git or main (a tarball, a shallow CI clone) falls back to the
// file's numbers, which `--update` keeps at the measured sizes:
//   node scripts/check-size.mjs            check (fails on growth or a new entry over a limit)
//   node scripts/check-size.mjs --update   write the measured sizes to size-known.json
//                                          (lowers, drops entries back under their limit;
//                                          never raises one: a growth still fails)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const KNOWN_FILE = join(ROOT, 'scripts/size-known.json');
const MAX_FUNCTION = 100;
const MAX_MODULE = 500;
const update = process.argv.includes('--update');

/** Lines per `module <path>` and `function <path> <name>` of one file (as Biome formats it at 120 columns). */
function measure(rel, text) {
  const sizes = new Map([[`module ${rel}`, text.split('\n').length]]);
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name ? node.name.getText(sf) : '(anonymous)';
      const key = `function ${rel} ${name}`;
      // Two functions of one name in a module: the ratchet holds the larger.
      sizes.set(key, Math.max(sizes.get(key) ?? 0, last - first + 1));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sizes;
}

const limitOf = (key) => (key.startsWith('module ') ? MAX_MODULE : MAX_FUNCTION);
const fileOf = (key) => key.split(' ')[1];

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** The merge base with main (the landed code), or null without git or a main to compare with. */
function mainBase() {
  for (const ref of ['main', 'origin/main']) {
    try {
      return { ref, commit: git('merge-base', 'HEAD', ref).trim() };
    } catch {
      // no such ref here, or no git: try the next
    }
  }
  return null;
}

/** Sizes at the merge base of the files the known entries name (a few files: cheap). */
function sizesAt(commit, keys) {
  const sizes = new Map();
  for (const rel of new Set(keys.map(fileOf))) {
    let text;
    try {
      text = git('show', `${commit}:${rel}`);
    } catch {
      continue; // not on main (new or moved): the file's number holds
    }
    for (const [key, lines] of measure(rel, text)) sizes.set(key, lines);
  }
  return sizes;
}

const known = JSON.parse(readFileSync(KNOWN_FILE, 'utf8'));
const base = mainBase();
const onMain = base ? sizesAt(base.commit, Object.keys(known)) : new Map();
/** What a known entry may be: its number, or its size on main when that is smaller. */
const allowed = (key) => Math.min(known[key], onMain.get(key) ?? Infinity);

const files = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile() && d.name.endsWith('.ts'))
  .map((d) => join(d.parentPath ?? d.path, d.name));
const measured = new Map();
const problems = [];
for (const file of files) {
  const rel = relative(ROOT, file).split('\\').join('/');
  for (const [key, lines] of measure(rel, readFileSync(file, 'utf8'))) {
    if (lines <= limitOf(key)) continue;
    measured.set(key, lines);
    if (known[key] === undefined) problems.push(`${key}: ${lines} lines (limit ${limitOf(key)})`);
    else if (lines > allowed(key)) {
      const was = allowed(key) < known[key] ? `${allowed(key)} on ${base.ref}` : `${known[key]} in size-known.json`;
      problems.push(`${key}: grew to ${lines} lines (was ${was}; limit ${limitOf(key)}) — split it instead`);
    }
  }
}

// Slack: a number above the measured size (or an entry now under its limit). Main's sizes
// already hold the ratchet there, so it is reported, and --update removes it.
const slack = Object.keys(known).filter((key) => (measured.get(key) ?? 0) < known[key]);
if (update) {
  const next = {};
  for (const key of Object.keys(known).sort())
    if (measured.has(key)) next[key] = Math.min(known[key], measured.get(key));
  writeFileSync(KNOWN_FILE, JSON.stringify(next, null, 2) + '\n');
  console.log(`check-size --update: ${slack.length} entr${slack.length === 1 ? 'y' : 'ies'} lowered or dropped`);
  for (const key of slack) console.log(`  ${key}: ${known[key]} → ${measured.get(key) ?? 'under its limit (dropped)'}`);
}
if (problems.length) {
  console.error(`Size limits of src/ (${problems.length}):`);
  for (const p of problems) console.error('  ' + p);
  process.exit(1);
}
const against = base
  ? `their size on ${base.ref} (${base.commit.slice(0, 7)})`
  : 'size-known.json (no main to compare with)';
console.log(
  `check-size: ${files.length} modules, none over ${MAX_MODULE} lines and no function over ${MAX_FUNCTION} beyond the ${measured.size} known, which did not grow beyond ${against}`,
);
if (slack.length && !update)
  console.log(`check-size: ${slack.length} number(s) in size-known.json above the measured size: --update lowers them`);
