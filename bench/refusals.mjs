// Round trip of the snapshot against the action layer (issue 30): on each page, take the
// full-mode text, then hover every id it shows — a real action: resolve, retarget, scroll
// into view, A3 checks, hit test — and count the ids the action layer refuses although
// the line carries no mark that warns of it ("covered by …", "disabled", "unreachable").
// A hover is the cheapest pointer action that asks everything a click asks and changes
// nothing but hover styles; each page is loaded once, ids are hovered in text order, each
// from the scroll position the snapshot was taken at.
//
//   node bench/refusals.mjs [--lib=dist/domtool.iife.js] [--pages=corpus,fixtures] [--filter=substr]
//                           [--port=4196] [--list]   (--list: print every unmarked refusal)
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, resolve, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath, chromiumArgs } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/serve.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = resolve(ROOT, '../shared/corpus/real-pages');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
const lib = readFileSync(resolve(args.lib ?? 'dist/domtool.iife.js'), 'utf8');
const port = Number(args.port ?? 4196);
const kinds = (args.pages ?? 'corpus,fixtures').split(',');

function htmlFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    // The framework apps need a bundling step (tests/browser/actions-helpers.ts): left out here.
    if (statSync(path).isDirectory()) {
      if (name !== 'apps') out.push(...htmlFiles(path));
    } else if (name.endsWith('.html')) out.push('/' + relative(ROOT, path));
  }
  return out;
}

const pages = [];
if (kinds.includes('corpus') && existsSync(CORPUS))
  for (const f of readdirSync(CORPUS).sort()) if (f.endsWith('.html')) pages.push(`/corpus/${encodeURIComponent(f)}`);
if (kinds.includes('fixtures')) pages.push(...htmlFiles(join(ROOT, 'fixtures')));
const chosen = args.filter ? pages.filter((p) => p.includes(args.filter)) : pages;

/** A mark that tells the agent the action will not simply go through. */
const MARKED = /covered by |\bdisabled\b|\bunreachable\b/;
/** A link inside a sentence: `[name](nv_x marks)`. */
const INLINE_LINK = /\[[^\]]*\]\((nv_[a-z0-9]+)([^)]*)\)/g;

/**
 * Whether the marks that belong to `id` warn of a refusal — not any mark on its line: a
 * sentence can hold several links and a table row several cells, each with its own marks.
 * An inline link's marks are inside its parentheses; a line's (or a row cell's) own id has
 * its marks after its name, so other ids' inline links and quoted names are cut out first.
 */
function markedFor(line, id) {
  for (const m of line.matchAll(INLINE_LINK)) if (m[1] === id) return MARKED.test(m[2]);
  const rest = line.replace(INLINE_LINK, ' ');
  const own = new RegExp(`(?<!covered by )\\b${id}\\b`);
  const segment = rest.split(' | ').find((part) => own.test(part));
  return segment !== undefined && MARKED.test(segment.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
}
/** Refusals of the action layer (the others are resolution failures, counted apart). */
const REFUSALS = new Set(['OBSCURED', 'NOT_ACTIONABLE']);

const server = startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const totals = { pages: 0, ids: 0, refused: 0, marked: 0, unmarked: 0, lost: 0, markedPassed: 0 };
const unmarkedAll = [];
const markedPassedAll = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => route.abort());
  for (const path of chosen) {
    const tab = await context.newPage();
    tab.on('dialog', (d) => d.dismiss().catch(() => undefined));
    try {
      await tab.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load', timeout: 20000 });
      await tab.waitForTimeout(100);
      await tab.evaluate(lib);
      const out = await tab.evaluate(async () => {
        const api = window[Symbol.for('browserx.domtool')] ?? window.BrowserXDomTool;
        // Short effect windows: only the verdict matters here, not the effect.
        const tool = new api.DomTool({ effectWindowMs: 20, settleQuietMs: 10, settleTimeoutMs: 60 });
        const text = await tool.getText({ tokenBudget: 0, timeBudgetMs: 10000 });
        const x0 = window.scrollX;
        const y0 = window.scrollY;
        const rows = [];
        const seen = new Set();
        for (const line of text.split('\n')) {
          for (const m of line.matchAll(/\bnv_[a-z0-9]+\b/g)) {
            if (seen.has(m[0])) continue;
            seen.add(m[0]);
            // Back to where the snapshot was taken: each verdict is about the page the text
            // describes, not about where earlier hovers scrolled it (hide-on-scroll headers).
            window.scrollTo(x0, y0);
            await new Promise((done) => requestAnimationFrame(() => done()));
            const r = await tool.hover(m[0]);
            rows.push({
              id: m[0],
              line: line.trim(),
              code: r.success ? null : (r.error?.code ?? 'ERROR'),
              message: r.success ? '' : (r.error?.message ?? '').slice(0, 200),
            });
          }
        }
        return rows;
      });
      const page = { ids: out.length, refused: 0, marked: 0, unmarked: 0, lost: 0, markedPassed: 0 };
      for (const row of out) {
        const marked = markedFor(row.line, row.id);
        if (!row.code) {
          if (marked) {
            page.markedPassed++;
            markedPassedAll.push({ path, ...row });
          }
          continue;
        }
        if (!REFUSALS.has(row.code)) {
          page.lost++;
          continue;
        }
        page.refused++;
        if (marked) page.marked++;
        else {
          page.unmarked++;
          unmarkedAll.push({ path, ...row });
        }
      }
      totals.pages++;
      for (const k of Object.keys(page)) totals[k] += page[k];
      console.log(
        decodeURIComponent(path).padEnd(60),
        String(page.ids).padStart(5),
        'ids',
        String(page.refused).padStart(4),
        'refused',
        String(page.unmarked).padStart(4),
        'unmarked',
        page.lost ? `(${page.lost} lost)` : '',
      );
    } catch (e) {
      console.log(
        decodeURIComponent(path).padEnd(60),
        'skipped:',
        String(e.message ?? e)
          .split('\n')[0]
          .slice(0, 80),
      );
    } finally {
      await tab.close().catch(() => undefined);
    }
  }
  console.log(
    `\n${totals.pages} pages, ${totals.ids} ids hovered: ${totals.refused} refused, ${totals.marked} of them marked, ${totals.unmarked} refused without a mark; ${totals.markedPassed} marked ids went through; ${totals.lost} lost (stale/not found after earlier hovers)`,
  );
  if (args.list)
    for (const r of unmarkedAll)
      console.log(`${decodeURIComponent(r.path)} ${r.id} ${r.code}: ${r.line.slice(0, 160)}\n    ${r.message}`);
  if (args.list) {
    console.log('\nmarked but went through:');
    for (const r of markedPassedAll) console.log(`${decodeURIComponent(r.path)} ${r.id}: ${r.line.slice(0, 160)}`);
  }
} finally {
  await browser.close();
  server.close?.();
}
