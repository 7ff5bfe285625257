// Helpers for the action specs: bundle the library (src/index.ts) and the fixture
// apps (real React/Vue/Quill/Lit from node_modules) with esbuild at test time into
// .cache/actions-fixtures/, open a fixture, and run DomTool calls in the page.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from '@playwright/test';
import type { ActionResult, VirtualNode } from '../../src/types';
import type { ActionName } from '../../src/commands/spec';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = ROOT + '.cache/actions-fixtures/';

const APPS: Record<string, string> = {
  'react-form': 'fixtures/apps/react-form/app.tsx',
  'vue-app': 'fixtures/apps/vue-app/app.ts',
  quill: 'fixtures/apps/quill/app.ts',
  reorder: 'fixtures/apps/reorder/app.tsx',
  lit: 'fixtures/apps/lit/app.ts',
  'lit-churn': 'fixtures/apps/lit-churn/app.ts',
  'dnd-kit': 'fixtures/apps/dnd-kit/app.tsx',
  sortable: 'fixtures/apps/sortable/app.ts',
  upload: 'fixtures/apps/upload/app.tsx',
  dates: 'fixtures/apps/dates/app.tsx',
  preact: 'fixtures/apps/preact/app.ts',
  editors: 'fixtures/apps/editors/app.ts',
  antd: 'fixtures/apps/antd/app.tsx',
  virtual: 'fixtures/apps/virtual/app.tsx',
  'jquery-ui': 'fixtures/apps/jquery-ui/app.ts',
  tiptap: 'fixtures/apps/tiptap/app.ts',
  libs: 'fixtures/apps/libs/app.tsx',
  mui: 'fixtures/apps/mui/app.tsx',
  radix: 'fixtures/apps/radix/app.tsx',
  // Monaco's ESM build (5 MB with its CSS and font): built only when a page uses it.
  monaco: 'fixtures/apps/monaco/app.ts',
};

const builds = new Map<string, Promise<void>>();

/** Each output is written to a temp name and renamed (workers may race); CSS/fonts go beside it. */
function buildOne(entry: string, name: string, globalName?: string): Promise<void> {
  let job = builds.get(name);
  if (!job) {
    job = (async () => {
      mkdirSync(OUT, { recursive: true });
      const tmpDir = `${OUT}tmp-${name}-${process.pid}/`;
      await build({
        entryPoints: { [name]: ROOT + entry },
        // The library as shipped (tsup.config.ts): our Math and Promise, not the page's. The apps stay as they are.
        inject: name === 'domtool' ? [ROOT + 'src/dom/intrinsics.ts'] : [],
        bundle: true,
        format: 'iife',
        globalName,
        outdir: tmpDir,
        target: 'es2020',
        jsx: 'automatic',
        logLevel: 'silent',
        loader: { '.ttf': 'file' },
        define: {
          'process.env.NODE_ENV': '"production"',
          __VUE_OPTIONS_API__: 'true',
          __VUE_PROD_DEVTOOLS__: 'false',
          __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
        },
      });
      for (const file of readdirSync(tmpDir)) renameSync(tmpDir + file, OUT + file);
      rmSync(tmpDir, { recursive: true, force: true });
    })();
    builds.set(name, job);
  }
  return job;
}

/** Builds the library and the given apps (all when none are named), once per worker. */
export async function buildFixtures(apps: string[] = Object.keys(APPS)): Promise<void> {
  await Promise.all([
    buildOne('src/index.ts', 'domtool', '__DomToolActions'),
    ...apps.map((name) => buildOne(APPS[name], name)),
  ]);
}

/** Opens a fixture page and injects the library bundle into the top document. */
export async function openFixture(page: Page, path: string, ready?: string): Promise<void> {
  // Only the app the page loads (fixtures/apps/<name>/…); other pages: every app.
  const app = /\/fixtures\/apps\/([^/]+)\//.exec(path)?.[1];
  await buildFixtures(app && APPS[app] ? [app] : app ? [] : undefined);
  await page.goto(path);
  if (ready) await page.waitForFunction(ready);
  await page.addScriptTag({ path: OUT + 'domtool.js' });
  await page.evaluate((opts) => {
    const w = window as unknown as Record<string, any>;
    w.__tool = new w.__DomToolActions.DomTool(opts);
  }, {});
}

/** Replaces the page's DomTool (e.g. with other options). */
export async function newTool(page: Page, options: Record<string, unknown>): Promise<void> {
  await page.evaluate((opts) => {
    const w = window as unknown as Record<string, any>;
    w.__tool = new w.__DomToolActions.DomTool(opts);
  }, options);
}

export interface Query {
  role?: string;
  name?: string | RegExp;
  tag?: string;
  /** Regex source matched against the node's hint (nameless controls). */
  hint?: string;
  /** Exact visible text of the node (list items and cards are named by their text, not a name). */
  text?: string;
  nth?: number;
}

/**
 * Takes a snapshot (cached unless `force`) and returns the id of the node matching
 * role/name/tag (flattened tree incl. iframes and shadow roots). Throws with the
 * snapshot text when nothing matches, so failures show what the agent would see.
 */
export async function findId(page: Page, query: Query, force = true): Promise<string> {
  const q = {
    role: query.role,
    tag: query.tag,
    hint: query.hint,
    text: query.text,
    nth: query.nth ?? 0,
    name: typeof query.name === 'string' ? query.name : undefined,
    re: query.name instanceof RegExp ? query.name.source : undefined,
  };
  const found = await page.evaluate(
    async ({ q, force }) => {
      const w = window as unknown as Record<string, any>;
      const snap = await w.__tool.getSnapshot({ force });
      const hits: string[] = [];
      const re = q.re ? new RegExp(q.re) : null;
      const walk = (n: VirtualNode) => {
        const name = n.name ?? '';
        const hintOk = !q.hint || new RegExp(q.hint).test(n.hint ?? '');
        if (
          hintOk &&
          (!q.role || n.role === q.role) &&
          (!q.tag || n.tag === q.tag) &&
          (q.text === undefined || n.text === q.text) &&
          (q.name === undefined || name === q.name) &&
          (!re || re.test(name))
        )
          hits.push(n.node_id);
        for (const list of [n.children, n.shadowDom, n.iframe]) if (list) for (const c of list) walk(c);
      };
      walk(snap.virtualDom);
      return { id: hits[q.nth] ?? null, text: snap.toText() };
    },
    { q, force },
  );
  if (!found.id) throw new Error(`No node matches ${JSON.stringify(query)} in:\n${found.text}`);
  return found.id;
}

/** Calls `tool[action](...args)` in the page and returns the ActionResult. */
export function act(page: Page, action: ActionName, ...args: unknown[]): Promise<ActionResult> {
  return page.evaluate(
    ({ action, args }) => {
      const w = window as unknown as Record<string, any>;
      return w.__tool[action](...args);
    },
    { action, args },
  );
}

export function appState<T>(target: Page | Frame, expression: string): Promise<T> {
  return target.evaluate<T>(expression);
}

/**
 * The id an agent would use for `label`: on the line showing it, the id written last
 * before the label (a line holds a node and its inline children: `row: Invoice 1 |
 * nv_1 button "Edit"`); else the id of the nearest enclosing line (the text shows ids
 * only for targets, so that is the target the text sits in). Null when there is none:
 * the agent is stuck.
 */
export async function idForLabel(page: Page, label: string, nth = 0): Promise<{ id: string | null; text: string }> {
  const text: string = await page.evaluate(async () => {
    const w = window as unknown as Record<string, any>;
    return (await w.__tool.getSnapshot({ force: true })).toText();
  });
  const lines = text.split('\n');
  const indent = (line: string) => line.length - line.trimStart().length;
  const found: (string | null)[] = [];
  lines.forEach((line, i) => {
    const at = line.indexOf(label);
    if (at < 0 || line.startsWith('# page')) return;
    const before = line.slice(0, at).match(/\bnv_[0-9a-z_]+/g);
    if (before) return found.push(before[before.length - 1]);
    let depth = indent(line);
    for (let j = i - 1; j >= 0 && depth > 0; j--) {
      if (indent(lines[j]) >= depth) continue;
      depth = indent(lines[j]);
      const head = lines[j].trimStart().match(/^nv_[0-9a-z_]+/);
      if (head) return found.push(head[0]);
    }
    found.push(null);
  });
  return { id: found[nth] ?? null, text };
}
