// Fails (exit 1) when the modules under src/ import each other in a cycle, or when an
// import runs up the layers (LAYERS below; issue 17). Every
// static `import … from` / `export … from` / `import('…')` counts, type-only ones too:
// a cycle of types is still two modules that cannot be understood one at a time.
// Run by `npm test` after the typecheck. No dependencies: a regex over the sources
// is enough for our own code (relative specifiers only).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const SPECIFIER =
  /(?:^|[;\s])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s*['"](\.[^'"]+)['"]/gm;

function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, base + '.ts', base + '.tsx', join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && candidate.startsWith(SRC)) return candidate;
  }
  return null;
}

const graph = new Map();
for (const file of sources(SRC)) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const deps = new Set();
  for (const m of text.matchAll(SPECIFIER)) {
    const target = resolveImport(file, m[1] ?? m[2] ?? m[3]);
    if (target) deps.add(target);
  }
  graph.set(file, [...deps]);
}

// Tarjan's strongly connected components: every component with more than one module
// (or a module importing itself) is a cycle.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(v) {
  indexOf.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!indexOf.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
  }
  if (low.get(v) === indexOf.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const v of graph.keys()) if (!indexOf.has(v)) connect(v);

if (cycles.length) {
  console.error(`Import cycles in src/ (${cycles.length}):`);
  for (const c of cycles) {
    const names = c.map((f) => relative(ROOT, f)).sort();
    console.error('  ' + names.join(' ↔ '));
    // One concrete loop, to show where to cut.
    const set = new Set(c);
    const path = [c[0]];
    const seen = new Set(path);
    for (let cur = c[0]; ; ) {
      const next = graph.get(cur).find((d) => set.has(d) && (d === c[0] || !seen.has(d)));
      if (!next) break;
      path.push(next);
      if (next === c[0]) break;
      seen.add(next);
      cur = next;
    }
    console.error('    e.g. ' + path.map((f) => relative(SRC, f)).join(' → '));
  }
  process.exit(1);
}
// The layers, lowest first: a module may import its own layer or a lower one, never a
// higher one. dom < semantics, settle < snapshot < actions < changes, freshness, overlay
// < DomTool (its command table) < integration < extension < entry points. Inside the
// snapshot pipeline, distilling knows nothing of rendering (it is handed a line cost).
const LAYERS = [
  ['dom', 'types.ts', 'options.ts'],
  ['semantics', 'settle'],
  ['snapshot'],
  ['actions', 'page-tools'],
  ['changes', 'freshness', 'overlay'],
  ['commands', 'DomTool.ts'],
  ['integration'],
  ['extension'],
  ['agent'],
  ['index.ts', 'global.ts', 'iife.ts', 'page-world.ts', 'playwright.ts', 'content-actions.ts', 'content-core.ts'],
  ['mcp'],
];
/** Folders that must not import one another (importer → what it may not import). */
const APART = [['snapshot/distill', 'snapshot/render']];
const layerOf = (file) => {
  const top = relative(SRC, file).split('/')[0];
  return LAYERS.findIndex((names) => names.includes(top));
};
const upward = [];
for (const [file, deps] of graph) {
  const from = layerOf(file);
  if (from < 0)
    upward.push(`${relative(ROOT, file)}: not in any layer (add its folder to LAYERS in scripts/check-cycles.mjs)`);
  for (const dep of deps) {
    const to = layerOf(dep);
    if (from >= 0 && to > from)
      upward.push(
        `${relative(ROOT, file)} imports ${relative(ROOT, dep)} (layer ${LAYERS[from].join(', ')} → ${LAYERS[to].join(', ')})`,
      );
    const rel = relative(SRC, file);
    const relDep = relative(SRC, dep);
    for (const [importer, banned] of APART)
      if (rel.startsWith(importer + '/') && relDep.startsWith(banned + '/'))
        upward.push(
          `${relative(ROOT, file)} imports ${relative(ROOT, dep)} (${importer} must not depend on ${banned})`,
        );
  }
}
if (upward.length) {
  console.error(`Imports that run up the layers in src/ (${upward.length}):`);
  for (const line of upward) console.error('  ' + line);
  process.exit(1);
}
console.log(`check-cycles: ${graph.size} modules in src/, no import cycle, no import up the layers`);
