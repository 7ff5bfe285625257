// Aggregates per-page results into the issue-3 targets with pass/fail.
// Speed targets are judged on full mode (the same content Playwright's AI snapshot
// covers); budget mode is reported beside it.

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p90 = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(0.9 * s.length) - 1)] : null;
};
const sum = (xs) => xs.reduce((a, b) => a + (b ?? 0), 0);
const ratio = (num, den) => (den ? num / den : null); // null, not 0, when a run measured nothing
const TIME_BUDGET_MS = 250;

// kind: how to print — 'ms', 'us', 'x' (ratio), 'pct', 'int', 'r2', 'bool'.
function target(name, measured, op, limit, kind) {
  const pass = measured == null || Number.isNaN(measured) ? null : op === '<=' ? measured <= limit : measured >= limit;
  return { name, measured, op, limit, kind, pass };
}

/** Least-squares fit of time = a + b·elements; R² says how linear it is. */
function linearFit(points) {
  const n = points.length;
  if (n < 2) return null;
  const mx = sum(points.map((p) => p.x)) / n,
    my = sum(points.map((p) => p.y)) / n;
  const sxy = sum(points.map((p) => (p.x - mx) * (p.y - my))),
    sxx = sum(points.map((p) => (p.x - mx) ** 2));
  const b = sxy / sxx,
    a = my - b * mx;
  const ssr = sum(points.map((p) => (p.y - a - b * p.x) ** 2)),
    sst = sum(points.map((p) => (p.y - my) ** 2));
  return { interceptMs: a, usPerElement: b * 1000, r2: sst ? 1 - ssr / sst : 1 };
}

const withSdr = (rows) => rows.filter((r) => r.smartDomReader && r.full);

export function summarize(results) {
  const ok = results.filter((r) => !r.error);
  const corpus = ok.filter((r) => r.set === 'corpus');
  const gen = ok.filter((r) => r.set === 'generated').sort((a, b) => a.floor.elements - b.floor.elements);
  const withPw = corpus.filter((r) => r.playwright && r.full);

  // Speed is CPU time (see measure.mjs) unless named wall: in-page performance.now() for us and
  // the floor, the call from Node for Playwright.
  const cpu = (x) => x?.cpu?.median;
  const speed = {
    pages: corpus.length,
    fullMs: median(corpus.map((r) => cpu(r.full))),
    fullP90Ms: p90(corpus.map((r) => cpu(r.full))),
    fullWallMs: median(corpus.map((r) => r.full?.total.median)),
    // Fastest run per page: on a loaded machine the least disturbed estimate of the intrinsic cost.
    fullMinMs: median(corpus.map((r) => r.full?.cpu.min)),
    fullToTextMs: median(corpus.map((r) => r.full?.toText.median)),
    // P6: per-stage medians over corpus pages (full mode), so a regression names its stage.
    fullStagesMs: Object.fromEntries(
      ['walk', 'classify', 'ids', 'distill', 'render'].map((k) => [k, median(corpus.map((r) => r.full?.stages?.[k]))]),
    ),
    budgetMs: median(corpus.map((r) => cpu(r.budget))),
    budgetWorstMedianMs: Math.max(...ok.map((r) => r.budget.total.median)),
    floorMs: median(corpus.map((r) => cpu(r.floor))),
    floorWallMs: median(corpus.map((r) => r.floor.median)),
    // The reads floor (inpage.js readsOnce): what the spec's rules cost in style reads alone.
    readsMs: median(corpus.map((r) => cpu(r.reads))),
    ratioReadsToFloor: median(corpus.map((r) => r.reads && cpu(r.reads) / Math.max(cpu(r.floor), 0.01))),
    ratioFullToReads: median(corpus.map((r) => r.full && r.reads && cpu(r.full) / Math.max(cpu(r.reads), 0.01))),
    playwrightMs: median(withPw.map((r) => r.playwright.inPage.median)),
    playwrightP90Ms: p90(withPw.map((r) => r.playwright.inPage.median)),
    playwrightWallMs: median(withPw.map((r) => r.playwright.wall.median)),
    ratioFullToPlaywright: median(withPw.map((r) => cpu(r.full) / Math.max(r.playwright.inPage.median, 0.01))),
    ratioFullToPlaywrightWall: median(withPw.map((r) => r.full.total.median / r.playwright.wall.median)),
    ratioFullToFloor: median(corpus.map((r) => r.full && cpu(r.full) / Math.max(cpu(r.floor), 0.01))),
    ratioFullToFloorWall: median(corpus.map((r) => r.full && r.full.total.median / Math.max(r.floor.median, 0.01))),
    ratioBudgetToFloor: median(corpus.map((r) => cpu(r.budget) / Math.max(cpu(r.floor), 0.01))),
    // viewportOnly (issue 35): what is in view should cost in proportion to what is in view.
    viewportMs: median(corpus.map((r) => cpu(r.viewport))),
    viewportP90Ms: p90(corpus.map((r) => cpu(r.viewport))),
    viewportStagesMs: Object.fromEntries(
      ['walk', 'classify', 'ids', 'distill', 'render'].map((k) => [
        k,
        median(corpus.map((r) => r.viewport?.stages?.[k])),
      ]),
    ),
    ratioViewportToFull: median(
      corpus.map((r) => r.viewport && r.full && cpu(r.viewport) / Math.max(cpu(r.full), 0.01)),
    ),
    ratioViewportToFloor: median(corpus.map((r) => r.viewport && cpu(r.viewport) / Math.max(cpu(r.floor), 0.01))),
    // The in-page peer, @mcp-b/smart-dom-reader (whole page, extractInteractive → Markdown).
    smartDomReaderMs: median(withSdr(corpus).map((r) => cpu(r.smartDomReader))),
    smartDomReaderP90Ms: p90(withSdr(corpus).map((r) => cpu(r.smartDomReader))),
    fullP90OnSdrPagesMs: p90(withSdr(corpus).map((r) => cpu(r.full))),
    ratioFullToSmartDomReader: median(withSdr(corpus).map((r) => cpu(r.full) / Math.max(cpu(r.smartDomReader), 0.01))),
  };

  const tokens = {
    fullMedian: median(corpus.map((r) => r.full?.tokens)),
    budgetMedian: median(corpus.map((r) => r.budget.tokens)),
    budgetMax: Math.max(...ok.map((r) => r.budget.tokens)),
    playwrightMedian: median(withPw.map((r) => r.playwright.tokens)),
    // A page Playwright renders as nothing (seattletimes-1: body hidden until scripts run) has no ratio.
    ratioFullToPlaywright: median(
      withPw.filter((r) => r.playwright.tokens > 0).map((r) => r.full.tokens / r.playwright.tokens),
    ),
    ratioFullToPlaywrightPooled: ratio(
      sum(withPw.map((r) => r.full.tokens)),
      sum(withPw.map((r) => r.playwright.tokens)),
    ),
    idsInTextMedian: median(corpus.map((r) => r.full?.textIds)),
    playwrightRefsMedian: median(withPw.map((r) => r.playwright.refs)),
    jsonKbMedian: median(corpus.map((r) => r.full?.jsonBytes / 1024)),
    budgetTextKbMax: Math.max(...ok.map((r) => r.budget.chars / 1024)),
    budgetJsonKbMax: Math.max(...ok.map((r) => r.budget.jsonBytes / 1024)),
  };

  const cov = corpus.filter((r) => r.coverage);
  const coverage = {
    groundTruth: sum(cov.map((r) => r.coverage.groundTruth)),
    recall: ratio(sum(cov.map((r) => r.coverage.covered)), sum(cov.map((r) => r.coverage.groundTruth))),
    recallMedian: median(cov.map((r) => r.coverage.recall)),
    // The same, leaving out ground truth inside aria-hidden="true" subtrees (visible, but hidden from assistive tech).
    recallOutsideAriaHidden: ratio(
      sum(cov.map((r) => r.coverage.covered - (r.coverage.ariaHidden?.covered ?? 0))),
      sum(cov.map((r) => r.coverage.groundTruth - (r.coverage.ariaHidden?.total ?? 0))),
    ),
    ariaHiddenGroundTruth: sum(cov.map((r) => r.coverage.ariaHidden?.total ?? 0)),
    precision: pooled(
      cov,
      (c) => c.precision * c.idsInText,
      (c) => c.idsInText,
    ),
    strictPrecision: pooled(
      cov,
      (c) => c.strictPrecision * c.idsInText,
      (c) => c.idsInText,
    ),
    budgetViewportRecall: ratio(
      sum(cov.map((r) => r.coverageBudget.viewport.covered)),
      sum(cov.map((r) => r.coverageBudget.viewport.total)),
    ),
    budgetNearViewportRecall: ratio(
      sum(cov.map((r) => r.coverageBudget.nearViewport?.covered ?? 0)),
      sum(cov.map((r) => r.coverageBudget.nearViewport?.total ?? 0)),
    ),
    budgetRecall: ratio(
      sum(cov.map((r) => r.coverageBudget.covered)),
      sum(cov.map((r) => r.coverageBudget.groundTruth)),
    ),
    names: ratio(sum(cov.map((r) => r.names.nameAgreement * r.names.compared)), sum(cov.map((r) => r.names.compared))),
    namesIgnoringIcons: ratio(
      sum(cov.map((r) => r.names.nameAgreementIgnoringIcons * r.names.compared)),
      sum(cov.map((r) => r.names.compared)),
    ),
    roles: ratio(sum(cov.map((r) => r.names.roleAgreement * r.names.compared)), sum(cov.map((r) => r.names.compared))),
    namesCompared: sum(cov.map((r) => r.names.compared)),
  };

  const scaling = gen.map((r) => ({
    name: r.name,
    elements: r.floor.elements,
    visible: r.groundTruth?.visible,
    runs: r.runs,
    fullMs: cpu(r.full),
    fullWallMs: r.full?.total.median,
    usPerElement: r.full && (cpu(r.full) * 1000) / r.floor.elements,
    budgetWallMs: r.budget.total.median,
    budgetWallMaxMs: Math.max(...r.budget.total.samples),
    budgetTruncated: r.budget.truncated,
    floorMs: cpu(r.floor),
    floorUsPerElement: (cpu(r.floor) * 1000) / r.floor.elements,
    playwrightMs: r.playwright?.inPage.median,
    playwrightWallMs: r.playwright?.wall.median,
    playwrightUsPerElement: r.playwright && (r.playwright.inPage.median * 1000) / r.floor.elements,
  }));
  const big = scaling.filter((s) => s.elements >= 4000 && s.fullMs != null);
  const fit = linearFit(big.map((s) => ({ x: s.elements, y: s.fullMs })));
  // gen-1000 is built to have ≈800 visible elements (the issue's P1 page); pick whichever generated page is closest.
  const page800 = gen
    .filter((r) => Math.abs(r.groundTruth.visible - 800) <= 100)
    .sort((a, b) => Math.abs(a.groundTruth.visible - 800) - Math.abs(b.groundTruth.visible - 800))[0];
  const largest = scaling[scaling.length - 1];
  // The engine's deadline is wall-clock, so the cap is judged on wall time.
  const budgetWorst = Math.max(...ok.map((r) => Math.max(...r.budget.total.samples)));
  const truncationHonest = ok
    .filter((r) => r.full)
    .every((r) => r.budget.truncated || r.budget.textIds >= r.full.textIds);

  const targets = [
    // P2 as issue 17 measures it: within 2× of the floor, and a quarter of Playwright's AI snapshot.
    target('Snapshot+text (full) / floor, CPU, corpus median of page ratios', speed.ratioFullToFloor, '<=', 2, 'x'),
    target(
      'Snapshot+text (full) / Playwright AI, CPU, corpus median of page ratios',
      speed.ratioFullToPlaywright,
      '<=',
      0.25,
      'x',
    ),
    target('Snapshot+text (full), CPU, corpus median', speed.fullMs, '<=', 6, 'ms'),
    // Issue 35: against the reads floor and the in-page peer measured in this same run.
    target(
      'Snapshot+text (full) / reads floor, CPU, corpus median of page ratios',
      speed.ratioFullToReads,
      '<=',
      2,
      'x',
    ),
    target(
      'Snapshot+text (full) / smart-dom-reader, CPU, corpus median of page ratios',
      speed.ratioFullToSmartDomReader,
      '<=',
      1,
      'x',
    ),
    target(
      'Snapshot+text (full) p90 / smart-dom-reader p90, CPU, corpus',
      ratio(speed.fullP90OnSdrPagesMs, speed.smartDomReaderP90Ms),
      '<=',
      1,
      'x',
    ),
    target(
      `≈800-visible-node page (full, CPU; ${page800 ? `${page800.name}, ${page800.groundTruth.visible} visible` : 'none'})`,
      cpu(page800?.full),
      '<=',
      12,
      'ms',
    ),
    target('µs per element at the largest generated page (full, CPU)', largest?.usPerElement, '<=', 12, 'us'),
    target('Linear fit R² (full, CPU, pages ≥ 4k elements)', fit?.r2, '>=', 0.98, 'r2'),
    target(
      'Budget mode, slowest wall time of any run on any page (timeBudgetMs + 20%)',
      budgetWorst,
      '<=',
      TIME_BUDGET_MS * 1.2,
      'ms',
    ),
    target('Full-mode tokens / Playwright AI, corpus median', tokens.ratioFullToPlaywright, '<=', 0.4, 'x'),
    target('Recall, full mode (corpus, pooled)', coverage.recall, '>=', 0.995, 'pct'),
    target('Budget mode tokens, max over all pages', tokens.budgetMax, '<=', 4000, 'int'),
    target('Budget mode: meta.truncated set whenever ids were cut', truncationHonest ? 1 : 0, '>=', 1, 'bool'),
    target('Budget mode recall of in-viewport ground truth', coverage.budgetViewportRecall, '>=', 0.995, 'pct'),
    target('Precision of text ids (corpus, pooled)', coverage.precision, '>=', 0.9, 'pct'),
    target('Name agreement with Chromium (pooled)', coverage.names, '>=', 0.97, 'pct'),
    target('Role agreement with Chromium (pooled)', coverage.roles, '>=', 0.97, 'pct'),
  ];

  return {
    targets,
    speed,
    tokens,
    coverage,
    scaling,
    fit,
    topMissed: topBy(cov, 'missed', (m) => `${m.reason}|${m.tag}|${m.role}|${m.ariaHidden}|${m.inJson}|${m.obscured}`),
    topBudgetViewportMissed: topBy(
      cov.map((r) => ({ name: r.name, coverage: { missed: r.coverageBudget.missedInView } })),
      'missed',
      (m) => `${m.reason}|${m.tag}|${m.role}|${m.ariaHidden}|${m.classes.split(/\s+/)[0]}`,
    ),
    topImprecise: topBy(cov, 'imprecise', (m) => `${m.tag}|${m.role}|${m.containsGt}|${m.classes.split(/\s+/)[0]}`),
    topNames: topNames(cov),
  };
}

function pooled(rows, num, den) {
  const d = sum(rows.map((r) => den(r.coverage)));
  return d ? sum(rows.map((r) => num(r.coverage))) / d : null;
}

// Groups misses by a shape key so the lead sees patterns, not 500 single rows.
function topBy(rows, field, keyOf) {
  const groups = new Map();
  for (const r of rows) {
    for (const m of r.coverage[field] ?? []) {
      const key = keyOf(m);
      const g = groups.get(key) ?? { count: 0, pages: new Set(), example: { page: r.name, ...m } };
      g.count++;
      g.pages.add(r.name);
      groups.set(key, g);
    }
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, 25)
    .map((g) => ({ count: g.count, pages: g.pages.size, ...g.example }));
}

function topNames(rows) {
  const names = [],
    roles = [];
  for (const r of rows) {
    for (const m of r.names.nameMismatches) names.push({ page: r.name, ...m });
    for (const m of r.names.roleMismatches) roles.push({ page: r.name, ...m });
  }
  const group = (xs, key) => {
    const g = new Map();
    for (const x of xs) {
      const k = key(x);
      const e = g.get(k) ?? { count: 0, example: x };
      e.count++;
      g.set(k, e);
    }
    return [...g.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, 25)
      .map((e) => ({ count: e.count, ...e.example }));
  };
  return {
    names: group(
      names,
      (m) =>
        `${m.tag}|${m.role}|${m.ours === '' ? 'empty' : m.chromium === '' ? 'extra' : 'diff'}|${m.classes.split(/\s+/)[0]}`,
    ),
    roles: group(roles, (m) => `${m.tag}|${m.ours}|${m.chromium}`),
  };
}
