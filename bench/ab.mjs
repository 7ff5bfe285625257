// A/B of two builds of the IIFE on the same pages, for changes smaller than the bench's
// run-to-run drift (its CPU medians move 5–10 % between runs on a shared machine, the
// floor with them). Per page: two tabs (one per build, each with its own warm DomTool),
// rounds alternate A, B, A, B… so both see the same machine; each round is N snapshots
// (+ toText) timed in page; the fastest round of each build is kept (the least disturbed
// estimate). Prints per page A ms, B ms, B/A, then the median and geometric mean of B/A.
// Both builds' text of the page is compared too: a speed change must not change the output
// (a page whose texts differ is marked and both texts are written to bench/.tmp/ab-diff/).
//
//   node bench/ab.mjs --a=old.iife.js --b=dist/domtool.iife.js [--pages=all|corpus-name,fixtures/demo,gen-1000,…]
//                     [--mode=full|budget|viewport] [--rounds=15] [--port=4230] [--cpu]
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath, chromiumArgs } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/serve.mjs';
import { ensureGeneratedPage } from './lib/generate.mjs';
import { taskMs } from './lib/cdp.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = resolve(ROOT, '../shared/corpus/real-pages');
const FULL = { tokenBudget: 0, maxNodes: 1e9, timeBudgetMs: 1e9 };

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
if (!args.a || !args.b) {
  console.error(
    'usage: node bench/ab.mjs --a=<iife> --b=<iife> [--pages=all|a,b,gen-1000] [--mode=full|budget|viewport] [--rounds=15] [--port=4230]',
  );
  process.exit(2);
}
const libs = [readFileSync(resolve(args.a), 'utf8'), readFileSync(resolve(args.b), 'utf8')];
// Budget mode without its wall-time limit: under load the 250 ms default stops one build's walk
// and not the other's, and the texts (and times) then compare different work.
const options =
  args.mode === 'budget' ? { timeBudgetMs: 1e9 } : args.mode === 'viewport' ? { ...FULL, viewportOnly: true } : FULL;
// Pages whose probe takes over 100 ms get 5 rounds unless --rounds is given explicitly.
const rounds = Number(args.rounds ?? 15);
const roundsGiven = args.rounds !== undefined;
// --cpu: main-thread CPU time of each round (CDP thread ticks) instead of in-page wall time:
// on a machine other work keeps busy, wall time counts the time the page was not scheduled.
const cpu = args.cpu === 'true';
const port = Number(args.port ?? 4230);
const pages =
  !args.pages || args.pages === 'all'
    ? existsSync(CORPUS)
      ? readdirSync(CORPUS)
          .filter((f) => f.endsWith('.html'))
          .map((f) => f.slice(0, -5))
          .sort()
      : []
    : args.pages.split(',');
// gen-N: a generated page; fixtures/x: bench fixture; anything else: a corpus page.
const pathOf = (name) =>
  name.startsWith('gen-')
    ? ensureGeneratedPage(Number(name.slice(4)))
    : name.includes('/')
      ? `/${name}.html`
      : `/corpus/${name}.html`;
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

const server = startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const ratios = [];
const differing = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/]).*/, (route) => route.abort());
  for (const name of pages) {
    const tabs = [];
    const sessions = [];
    for (const lib of libs) {
      const tab = await context.newPage();
      await tab.goto(`http://127.0.0.1:${port}${pathOf(name)}`, { waitUntil: 'load' });
      await tab.evaluate(lib);
      tabs.push(tab);
      if (cpu) {
        const session = await context.newCDPSession(tab);
        await session.send('Performance.enable', { timeDomain: 'threadTicks' });
        sessions.push(session);
      }
    }
    const run = (tab, n) =>
      tab.evaluate(
        async ({ n, options }) => {
          const tool = (window.__abTool ??= new window.BrowserXDomTool.DomTool(options));
          const t0 = performance.now();
          for (let i = 0; i < n; i++) (await tool.getSnapshot({ force: true })).toText();
          return (performance.now() - t0) / n;
        },
        { n, options },
      );
    const time = async (tab, n) => {
      if (!cpu) return run(tab, n);
      const session = sessions[tabs.indexOf(tab)];
      const t0 = await taskMs(session);
      await run(tab, n);
      return ((await taskMs(session)) - t0) / n;
    };
    // Enough snapshots per round for ~60 ms of work: performance.now() is coarse in a page.
    const probe = await time(tabs[0], 3);
    const n = Math.max(3, Math.min(100, Math.round(60 / Math.max(probe, 0.05))));
    await time(tabs[1], n);
    const best = [Infinity, Infinity];
    const perPage = probe > 100 && !roundsGiven ? Math.min(rounds, 5) : rounds;
    for (let r = 0; r < perPage; r++)
      for (const k of r % 2 ? [1, 0] : [0, 1]) best[k] = Math.min(best[k], await time(tabs[k], n));
    ratios.push(best[1] / best[0]);
    const texts = await Promise.all(
      tabs.map((tab) => tab.evaluate(async () => (await window.__abTool.getSnapshot({ force: true })).toText())),
    );
    const same = texts[0] === texts[1];
    if (!same) {
      differing.push(name);
      const dir = join(ROOT, 'bench/.tmp/ab-diff');
      mkdirSync(dir, { recursive: true });
      texts.forEach((t, k) => writeFileSync(join(dir, `${name.replace(/\//g, '_')}.${'ab'[k]}.txt`), t));
    }
    console.log(
      name.padEnd(40),
      best[0].toFixed(3).padStart(9),
      best[1].toFixed(3).padStart(9),
      (best[1] / best[0]).toFixed(3),
      same ? '' : 'TEXT DIFFERS',
    );
    for (const tab of tabs) await tab.close();
  }
  console.log(
    differing.length
      ? `text differs on ${differing.length} pages: ${differing.join(', ')} (bench/.tmp/ab-diff/)`
      : `same text on all ${ratios.length} pages`,
  );
  if (ratios.length)
    console.log(
      `B/A over ${ratios.length} pages: median ${median(ratios).toFixed(3)}, geomean ${Math.exp(ratios.reduce((s, x) => s + Math.log(x), 0) / ratios.length).toFixed(3)}`,
    );
} finally {
  await browser.close();
  server.close?.();
}
