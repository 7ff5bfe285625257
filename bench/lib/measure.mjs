// Measures one page: speed (DomTool full + budget, floor, Playwright AI), tokens,
// coverage and names. Returns plain data; texts are tokenized here and dropped.
import { readFileSync } from 'node:fs';
import { getEncoding } from 'js-tiktoken';
import { listenerIndices, chromiumNames, taskMs } from './cdp.mjs';
import { compareNames } from './names.mjs';

import { SMART_DOM_READER_BUNDLE } from '@mcp-b/smart-dom-reader/bundle-string';

const INPAGE = readFileSync(new URL('./inpage.js', import.meta.url), 'utf8');
const enc = getEncoding('o200k_base');
const tokens = (s) => enc.encode(s).length;

export const FULL = { tokenBudget: 0, maxNodes: 1e9, timeBudgetMs: 1e9 };
export const BUDGET = {}; // library defaults (tokenBudget 4000, maxNodes 1500, timeBudgetMs 250)
/** What is in view: full mode restricted to the viewport (issue 35: it should cost what it shows). */
export const VIEWPORT = { ...FULL, viewportOnly: true };

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p90: q(0.9), min: s[0], samples: xs };
}

// CPU time of one call into the page: main-thread task time (thread ticks) around it, minus
// what an empty call costs. Unlike wall time it does not grow when other processes take the
// CPU — on a shared 2-core machine most of the noise. The reference figures are
// in-page CPU time too. Each contender starts with the previous one's garbage collected.
async function cpuOf(page, cdp, baseline, call) {
  await page.evaluate(() => window.__bench.gc());
  const k0 = await taskMs(cdp);
  const result = await call();
  return { result, cpu: Math.max(0, (await taskMs(cdp)) - k0 - baseline) };
}

async function emptyCallMs(page, cdp) {
  const xs = [];
  for (let i = 0; i < 7; i++) xs.push((await cpuOf(page, cdp, 0, () => page.evaluate(() => 0))).cpu);
  return stats(xs).median;
}

/**
 * opts: { runs, coverage, playwright, peers (smart-dom-reader; default on), lib (bundle source), onlyBudget, slowRoundMs, smallPageRuns }
 * Rounds are interleaved (floor, budget, full, Playwright, then again) so background
 * load on a shared machine hits every contender alike; round 0 is the warm-up.
 * The page must already be loaded.
 */
export async function measurePage(page, opts) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.evaluate(opts.lib);
  await page.evaluate(INPAGE);
  // The in-page peer (issue 35): smart-dom-reader's own injectable bundle, evaluated like ours.
  const sdr =
    opts.peers !== false &&
    (await page.evaluate(SMART_DOM_READER_BUNDLE + ';typeof SmartDOMReaderBundle !== "undefined"').catch(() => false));
  const baseline = await emptyCallMs(page, cdp);
  const s = { floor: [], reads: [], budget: [], full: [], viewport: [], sdr: [], pw: [] };
  let elements = 0,
    pwText = '',
    runs = opts.runs;
  for (let round = 0; round <= runs; round++) {
    const f = await cpuOf(page, cdp, baseline, () => page.evaluate(() => window.__bench.timeFloor()));
    elements = f.result.elements;
    const rd = await cpuOf(page, cdp, baseline, () => page.evaluate(() => window.__bench.timeReads()));
    const b = await cpuOf(page, cdp, baseline, () =>
      page.evaluate((o) => window.__bench.timeDomTool('budget', o), BUDGET),
    );
    const u = opts.onlyBudget
      ? null
      : await cpuOf(page, cdp, baseline, () => page.evaluate((o) => window.__bench.timeDomTool('full', o), FULL));
    const v = opts.onlyBudget
      ? null
      : await cpuOf(page, cdp, baseline, () =>
          page.evaluate((o) => window.__bench.timeDomTool('viewport', o), VIEWPORT),
        );
    const m = sdr
      ? await cpuOf(page, cdp, baseline, () => page.evaluate(() => window.__bench.timeSmartDomReader()))
      : null;
    const p = opts.playwright
      ? await cpuOf(page, cdp, baseline, async () => {
          const t0 = performance.now();
          const text = await page.ariaSnapshot({ mode: 'ai', timeout: 0 });
          return { text, wall: performance.now() - t0 };
        })
      : null;
    if (round === 0) {
      // A pathological page (a regression, or 100k elements with Playwright at seconds per call)
      // must not stall the whole bench: after a slow warm-up, fewer rounds (recorded as `runs`).
      // Small pages get more rounds: cheap, and a new page's code is still warming up in V8.
      const roundMs =
        (u?.result.total ?? 0) + (v?.result.total ?? 0) + b.result.total + (m?.result.ms ?? 0) + (p?.result.wall ?? 0);
      if (roundMs > (opts.slowRoundMs ?? 30000)) runs = Math.min(runs, 2);
      else if (roundMs < 400) runs = Math.max(runs, opts.smallPageRuns ?? 15);
      else if (roundMs < 2000) runs = Math.max(runs, Math.round((opts.smallPageRuns ?? 15) * 0.6));
      continue;
    }
    s.floor.push({ wall: f.result.ms, cpu: f.cpu });
    s.reads.push({ wall: rd.result.ms, cpu: rd.cpu });
    s.budget.push({ ...b.result, cpu: b.cpu });
    if (u) s.full.push({ ...u.result, cpu: u.cpu });
    if (v) s.viewport.push({ ...v.result, cpu: v.cpu });
    if (m && !m.result.error) s.sdr.push({ wall: m.result.ms, cpu: m.cpu, chars: m.result.chars });
    if (p) {
      s.pw.push({ wall: p.result.wall, cpu: p.cpu });
      pwText = p.result.text;
    }
  }
  const out = {
    floor: { ...stats(s.floor.map((x) => x.wall)), cpu: stats(s.floor.map((x) => x.cpu)), elements },
    reads: { ...stats(s.reads.map((x) => x.wall)), cpu: stats(s.reads.map((x) => x.cpu)) },
    runs,
    emptyCallMs: baseline,
  };
  out.budget = summarizeRun(s.budget, await page.evaluate(() => window.__bench.domToolOutput('budget')));
  if (s.full.length) out.full = summarizeRun(s.full, await page.evaluate(() => window.__bench.domToolOutput('full')));
  if (s.viewport.length)
    out.viewport = summarizeRun(s.viewport, await page.evaluate(() => window.__bench.domToolOutput('viewport')));
  if (s.sdr.length)
    out.smartDomReader = {
      wall: stats(s.sdr.map((x) => x.wall)),
      cpu: stats(s.sdr.map((x) => x.cpu)),
      chars: s.sdr[0].chars,
    };
  if (s.pw.length) {
    out.playwright = {
      wall: stats(s.pw.map((x) => x.wall)),
      inPage: stats(s.pw.map((x) => x.cpu)),
      tokens: tokens(pwText),
      chars: pwText.length,
      refs: (pwText.match(/\[ref=/g) || []).length,
    };
  }

  // Static ground truth always (it gives the visible-element count); CDP parts only with coverage.
  const gt = await page.evaluate(() => window.__bench.prepareGroundTruth());
  out.groundTruth = gt;
  if (opts.coverage && out.full) {
    const idx = await listenerIndices(cdp, ['click', 'mousedown', 'pointerdown', 'keydown']);
    await page.evaluate((i) => window.__bench.addListenerElements(i), idx);
    out.groundTruth = { ...gt, listener: idx.length };
    out.coverage = await page.evaluate(() => window.__bench.coverage('full'));
    delete out.coverage.missedInView;
    out.coverageBudget = await page.evaluate(() => window.__bench.coverage('budget'));
    // Budget mode is judged on what it keeps near the viewport; its other lists repeat the full-mode ones.
    delete out.coverageBudget.missed;
    delete out.coverageBudget.imprecise;
    if (opts.selfTest) out.selfTest = await page.evaluate(() => window.__bench.checkGroundTruth());
    const targets = await page.evaluate(() => window.__bench.nameTargets('full'));
    const ax = await chromiumNames(cdp);
    out.names = compareNames(targets, ax);
  }
  await cdp.detach().catch(() => {});
  return out;
}

/** Median ms per pipeline stage over the timed rounds (P6); null for a build without stages. */
function stageMedians(samples) {
  const withStages = samples.filter((x) => x.stages);
  if (!withStages.length) return null;
  const out = {};
  for (const stage of Object.keys(withStages[0].stages))
    out[stage] = stats(withStages.map((x) => x.stages[stage])).median;
  return out;
}

function summarizeRun(samples, r) {
  return {
    total: stats(samples.map((x) => x.total)),
    cpu: stats(samples.map((x) => x.cpu)),
    build: stats(samples.map((x) => x.build)),
    toText: stats(samples.map((x) => x.toText)),
    stages: stageMedians(samples),
    serializeMs: r.serializeMs,
    stats: r.stats,
    truncated: !!r.meta?.truncated,
    truncation: r.meta?.truncation ?? r.stats?.truncation,
    totalNodes: r.meta?.totalNodes,
    emittedNodes: r.meta?.emittedNodes ?? r.stats?.emittedNodes,
    tokens: tokens(r.text),
    chars: r.text.length,
    jsonBytes: r.jsonBytes,
    textIds: (r.text.match(/\bnv_[0-9a-z]+/g) || []).length,
  };
}
