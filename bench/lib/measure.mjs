// Measures one page: speed (DomTool full + budget, floor, Playwright AI), tokens,
// coverage and names. Returns plain data; texts are tokenized here and dropped.
import { readFileSync } from 'node:fs';
import { getEncoding } from 'js-tiktoken';
import { listenerIndices, chromiumNames, taskMs } from './cdp.mjs';
import { compareNames } from './names.mjs';

const INPAGE = readFileSync(new URL('./inpage.js', import.meta.url), 'utf8');
const enc = getEncoding('o200k_base');
const tokens = (s) => enc.encode(s).length;

export const FULL = { tokenBudget: 0, maxNodes: 1e9, timeBudgetMs: 1e9 };
export const BUDGET = {}; // library defaults (tokenBudget 4000, maxNodes 1500, timeBudgetMs 250)

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p90: q(0.9), min: s[0], samples: xs };
}

/** Playwright's AI snapshot timed from Node; in-page share from main-thread task time. */
async function timePlaywright(page, cdp, runs) {
  const wall = [], task = [];
  let text = '';
  for (let i = 0; i <= runs; i++) {
    const k0 = await taskMs(cdp);
    const t0 = performance.now();
    text = await page.ariaSnapshot({ mode: 'ai', timeout: 0 });
    const t = performance.now() - t0;
    const k = (await taskMs(cdp)) - k0;
    if (i > 0) { wall.push(t); task.push(k); }
  }
  return { wall: stats(wall), inPage: stats(task), text };
}

/**
 * opts: { runs, coverage, playwright, lib (bundle source), budgetOnly }
 * The page must already be loaded.
 */
export async function measurePage(page, opts) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' }).catch(() => cdp.send('Performance.enable'));
  await page.evaluate(opts.lib);
  await page.evaluate(INPAGE);
  const out = {};

  out.floor = await page.evaluate((runs) => window.__bench.timeFloor(runs), opts.runs);

  const budget = await page.evaluate(([o, runs]) => window.__bench.timeDomTool('budget', o, runs), [BUDGET, opts.runs]);
  out.budget = summarizeRun(budget);

  if (!opts.budgetOnly) {
    const full = await page.evaluate(([o, runs]) => window.__bench.timeDomTool('full', o, runs), [FULL, opts.runs]);
    out.full = summarizeRun(full);
  }

  if (opts.playwright) {
    const pw = await timePlaywright(page, cdp, opts.pwRuns ?? opts.runs);
    out.playwright = { wall: pw.wall, inPage: pw.inPage, tokens: tokens(pw.text), chars: pw.text.length, refs: (pw.text.match(/\[ref=/g) || []).length };
  }

  if (opts.coverage && out.full) {
    const gt = await page.evaluate(() => window.__bench.prepareGroundTruth());
    const idx = await listenerIndices(cdp, ['click', 'mousedown', 'pointerdown', 'keydown']);
    await page.evaluate((i) => window.__bench.addListenerElements(i), idx);
    out.groundTruth = { ...gt, listener: idx.length };
    out.coverage = await page.evaluate(() => window.__bench.coverage('full'));
    out.coverageBudget = await page.evaluate(() => window.__bench.coverage('budget'));
    delete out.coverageBudget.missed; delete out.coverageBudget.imprecise; // the full-mode lists are the actionable ones
    const targets = await page.evaluate(() => window.__bench.nameTargets('full'));
    const ax = await chromiumNames(cdp);
    out.names = compareNames(targets, ax);
  }
  await cdp.detach().catch(() => {});
  return out;
}

function summarizeRun(r) {
  return {
    total: r.total, build: r.build, toText: r.toText, serializeMs: r.serializeMs,
    stats: r.stats, truncated: !!r.meta?.truncated, truncation: r.meta?.truncation ?? r.stats?.truncation,
    totalNodes: r.meta?.totalNodes, emittedNodes: r.meta?.emittedNodes ?? r.stats?.emittedNodes,
    tokens: tokens(r.text), chars: r.text.length, jsonBytes: r.jsonBytes,
    textIds: (r.text.match(/\bnv_[0-9a-z]+/g) || []).length,
  };
}
