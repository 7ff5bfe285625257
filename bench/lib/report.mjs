// Renders results.json as Markdown tables (bench/results.md and the console).

const n = (x, d = 1) => (x == null || !Number.isFinite(x) ? '–' : x.toFixed(d));
const pct = (x) => (x == null || !Number.isFinite(x) ? '–' : (x * 100).toFixed(1) + '%');
// JSON-quoted so invisible characters (icon-font private-use glyphs, NBSP) show up as escapes.
const quoted = (s, max = 50) =>
  esc(
    JSON.stringify(String(s ?? '').slice(0, max)).replace(
      /[\u00a0\u200b-\u200f\u2028\u2029\ue000-\uf8ff\ufeff]/g,
      (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
    ),
  );
const esc = (s) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/`/g, "'")
    .replace(/\n/g, ' ');
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
    '\n',
  );

const FORMAT = {
  ms: (v) => `${n(v, 2)} ms`,
  us: (v) => `${n(v, 2)} µs`,
  x: (v) => `${n(v, 2)}×`,
  pct,
  int: (v) => n(v, 0),
  r2: (v) => n(v, 4),
  bool: (v) => (v ? 'yes' : 'no'),
};
function fmtTarget(t, prev) {
  const f = FORMAT[t.kind];
  const goal = t.kind === 'bool' ? 'yes' : `${t.op === '<=' ? '≤' : '≥'} ${f(t.limit)}`;
  return [
    t.name,
    t.measured == null ? '–' : f(t.measured),
    goal,
    t.pass == null ? '–' : t.pass ? 'PASS' : 'FAIL',
    prev?.measured == null ? '–' : f(prev.measured),
  ];
}

export function renderMarkdown(doc) {
  const { summary: s, pages, environment: env } = doc;
  const out = [];
  out.push('# DomTool benchmark results', '');
  out.push(
    `Generated ${doc.generatedAt} in ${doc.durationS}s · Chromium ${env.chromium} · Node ${env.node} · ${env.cpus} CPUs (load ${n(env.loadAvg1m?.start, 1)} → ${n(env.loadAvg1m?.end, 1)}) · ` +
      `≥ ${doc.options.runs} timed rounds after 1 warm-up (more on small pages), contenders interleaved · viewport 1280×720.`,
    '',
    '**Times are CPU time** unless marked wall: main-thread task time (thread ticks) during the call, minus the cost of an empty ' +
      'call, median over rounds — the same measure for DomTool (`getSnapshot({force:true})` + `toText()`), the floor and Playwright ' +
      '(`page.ariaSnapshot({mode:"ai"})`); it does not grow when other processes take the CPU. Wall = in-page `performance.now()` for ' +
      'DomTool and the floor, the call from Node for Playwright. Full mode = `{tokenBudget:0, maxNodes:1e9, timeBudgetMs:1e9}`; ' +
      'budget = library defaults.',
    '',
  );

  // "Previous" = the results file this run replaced, so each engine change shows its effect.
  const prev = new Map((doc.previous?.targets ?? []).map((t) => [t.name, t]));
  out.push(
    '## Targets (SPEC P1–P4; issues 3 and 17)',
    '',
    table(
      [
        'Target',
        'Measured',
        'Goal',
        '',
        `Previous${doc.previous ? ` (${doc.previous.generatedAt.slice(0, 16)})` : ''}`,
      ],
      s.targets.map((t) => fmtTarget(t, prev.get(t.name))),
    ),
    '',
  );

  const sp = s.speed,
    tk = s.tokens,
    cv = s.coverage;
  out.push(
    '## Corpus medians',
    '',
    table(
      ['Metric', 'Value'],
      [
        ['Pages', sp.pages],
        [
          'DomTool full, snapshot+text (median / p90 of page medians; wall)',
          `${n(sp.fullMs, 2)} / ${n(sp.fullP90Ms, 2)} ms; ${n(sp.fullWallMs, 2)} ms`,
        ],
        ['DomTool full, fastest round per page (median over pages)', `${n(sp.fullMinMs, 2)} ms`],
        ['… of which toText() (wall)', `${n(sp.fullToTextMs, 2)} ms`],
        [
          '… per stage: walk / classify / ids / distill / render (wall, median of page medians)',
          sp.fullStagesMs
            ? ['walk', 'classify', 'ids', 'distill', 'render'].map((k) => `${n(sp.fullStagesMs[k], 2)}`).join(' / ') +
              ' ms'
            : '–',
        ],
        [
          'DomTool viewportOnly (full mode in view; median / p90; per stage walk / classify / ids / distill / render, wall)',
          `${n(sp.viewportMs, 2)} / ${n(sp.viewportP90Ms, 2)} ms; ` +
            (sp.viewportStagesMs
              ? ['walk', 'classify', 'ids', 'distill', 'render']
                  .map((k) => `${n(sp.viewportStagesMs[k], 2)}`)
                  .join(' / ') + ' ms'
              : '–'),
        ],
        [
          'Ratio viewportOnly / full, viewportOnly / floor (CPU)',
          `${n(sp.ratioViewportToFull, 2)}×, ${n(sp.ratioViewportToFloor, 2)}×`,
        ],
        [
          'smart-dom-reader (in-page peer, extractInteractive → Markdown; median / p90)',
          `${n(sp.smartDomReaderMs, 2)} / ${n(sp.smartDomReaderP90Ms, 2)} ms; full / it ${n(sp.ratioFullToSmartDomReader, 2)}× (median of page ratios), full p90 ${n(sp.fullP90OnSdrPagesMs, 2)} ms`,
        ],
        [
          'DomTool budget mode (median; worst page median, wall)',
          `${n(sp.budgetMs, 2)} ms; ${n(sp.budgetWorstMedianMs, 1)} ms`,
        ],
        ['Floor (style + rect per element; wall)', `${n(sp.floorMs, 2)} ms; ${n(sp.floorWallMs, 2)} ms`],
        [
          "Reads floor (the style reads the spec's rules need, nothing else; bench/lib/inpage.js readsOnce)",
          sp.readsMs != null
            ? `${n(sp.readsMs, 2)} ms; ${n(sp.ratioReadsToFloor, 2)}× the floor; full = ${n(sp.ratioFullToReads, 2)}× it`
            : '–',
        ],
        [
          'Playwright AI (CPU in page / wall from Node)',
          `${n(sp.playwrightMs, 2)} / ${n(sp.playwrightWallMs, 2)} ms (CPU p90 ${n(sp.playwrightP90Ms, 1)})`,
        ],
        [
          'Ratio full / Playwright (CPU; wall)',
          `${n(sp.ratioFullToPlaywright, 2)}×; ${n(sp.ratioFullToPlaywrightWall, 2)}×`,
        ],
        [
          'Ratio full / floor (CPU; wall), budget / floor (CPU)',
          `${n(sp.ratioFullToFloor, 2)}×; ${n(sp.ratioFullToFloorWall, 2)}×, ${n(sp.ratioBudgetToFloor, 2)}×`,
        ],
        [
          'Tokens full / budget / Playwright (o200k_base)',
          `${n(tk.fullMedian, 0)} / ${n(tk.budgetMedian, 0)} / ${n(tk.playwrightMedian, 0)}`,
        ],
        [
          'Tokens full / Playwright: median of page ratios, pooled',
          `${n(tk.ratioFullToPlaywright, 2)}× / ${n(tk.ratioFullToPlaywrightPooled, 2)}×`,
        ],
        ['Ids in the text (full) / Playwright refs', `${n(tk.idsInTextMedian, 0)} / ${n(tk.playwrightRefsMedian, 0)}`],
        ['JSON size (full, median)', `${n(tk.jsonKbMedian, 1)} KB`],
        [
          'Budget mode, largest text / JSON over all pages',
          `${n(tk.budgetTextKbMax, 1)} KB / ${n(tk.budgetJsonKbMax, 1)} KB`,
        ],
        [
          'Recall pooled / median page',
          `${pct(cv.recall)} / ${pct(cv.recallMedian)} of ${cv.groundTruth} ground-truth elements`,
        ],
        [
          'Budget mode recall: in viewport / within one more screen / whole page',
          `${pct(cv.budgetViewportRecall)} / ${pct(cv.budgetNearViewportRecall)} / ${pct(cv.budgetRecall)}`,
        ],
        [
          'Recall outside aria-hidden subtrees',
          `${pct(cv.recallOutsideAriaHidden)} (${cv.ariaHiddenGroundTruth} ground-truth elements sit in aria-hidden="true" subtrees)`,
        ],
        ['Precision (reasoned / strict)', `${pct(cv.precision)} / ${pct(cv.strictPrecision)}`],
        [
          'Name / role agreement',
          `${pct(cv.names)} / ${pct(cv.roles)} of ${cv.namesCompared} (names ignoring icon-font glyphs: ${pct(cv.namesIgnoringIcons)})`,
        ],
      ],
    ),
    '',
  );

  const cpu = (x) => x?.cpu?.median;
  out.push(
    '## Per page',
    '',
    table(
      [
        'Page',
        'Elems',
        'Floor',
        'Full (wall)',
        'Budget',
        'Viewport',
        'SDR',
        'PW (wall)',
        'Full/PW',
        'Full/floor',
        'Tok full',
        'Tok budget',
        'Tok PW',
        'JSON KB',
        'GT',
        'Recall',
        'Prec',
        'Names',
        'Roles',
      ],
      pages.map((r) =>
        r.error
          ? [`${r.set}/${r.name}`, `ERROR: ${esc(r.error).slice(0, 80)}`, ...Array(17).fill('')]
          : [
              `${r.set}/${r.name}`,
              r.floor.elements,
              n(cpu(r.floor), 2),
              r.full ? `${n(cpu(r.full), 2)} (${n(r.full.total.median, 2)})` : '–',
              n(cpu(r.budget), 2) + (r.budget.truncated ? '✂' : ''),
              n(cpu(r.viewport), 2),
              n(cpu(r.smartDomReader), 2),
              r.playwright ? `${n(r.playwright.inPage.median, 1)} (${n(r.playwright.wall.median, 1)})` : '–',
              r.playwright && r.full ? n(cpu(r.full) / Math.max(r.playwright.inPage.median, 0.01), 2) : '–',
              r.full ? n(cpu(r.full) / Math.max(cpu(r.floor), 0.01), 2) : '–',
              r.full?.tokens ?? '–',
              r.budget.tokens,
              r.playwright?.tokens ?? '–',
              r.full ? n(r.full.jsonBytes / 1024, 1) : '–',
              r.coverage?.groundTruth ?? '–',
              r.coverage ? pct(r.coverage.recall) : '–',
              r.coverage ? pct(r.coverage.precision) : '–',
              r.names ? pct(r.names.nameAgreement) : '–',
              r.names ? pct(r.names.roleAgreement) : '–',
            ],
      ),
    ),
    '',
    'Times in ms, CPU (wall in parentheses). ✂ = budget snapshot reported `meta.truncated`. Viewport = full mode with `viewportOnly: true`; SDR = @mcp-b/smart-dom-reader `extractInteractive` (Markdown).',
    '',
  );

  out.push(
    '## Scaling (generated pages)',
    '',
    table(
      [
        'Page',
        'Elements',
        'Visible',
        'Rounds',
        'Full ms',
        'µs/el',
        'Full wall',
        'Budget wall (max)',
        'Truncated',
        'Floor ms',
        'Floor µs/el',
        'PW ms (wall)',
        'PW µs/el',
      ],
      s.scaling.map((g) => [
        g.name,
        g.elements,
        g.visible ?? '–',
        g.runs ?? '–',
        n(g.fullMs, 1),
        n(g.usPerElement, 2),
        n(g.fullWallMs, 1),
        `${n(g.budgetWallMs, 1)} (${n(g.budgetWallMaxMs, 1)})`,
        g.budgetTruncated ? 'yes' : 'no',
        n(g.floorMs, 1),
        n(g.floorUsPerElement, 2),
        `${n(g.playwrightMs, 1)} (${n(g.playwrightWallMs, 1)})`,
        n(g.playwrightUsPerElement, 2),
      ]),
    ),
    '',
  );
  if (s.fit)
    out.push(
      `Linear fit over pages ≥ 4k elements: ${n(s.fit.usPerElement, 2)} µs/element + ${n(s.fit.interceptMs, 1)} ms, R² = ${n(s.fit.r2, 4)}.`,
      '',
    );

  out.push(
    '## Coverage',
    '',
    'Ground truth (CDP): visible (box non-zero in both dimensions and more than 1px in one — S2; `checkVisibility` with opacity/visibility; not inert; intersecting the document; not wholly outside an `overflow: hidden|clip` ancestor) and ' +
      'not disabled / `pointer-events:none`, and: natively interactive (a/area[href], button, input≠hidden, select, textarea, first summary, ' +
      'media[controls]), an interactive ARIA widget role, `tabindex>=0`, a contenteditable root, or a click/mousedown/pointerdown/keydown listener ' +
      'on the element itself (`DOMDebugger.getEventListeners`, depth 0; html/body and document/window delegation excluded).',
    '',
    'Recall: covered when the element has an id in the text (self), or its nearest ancestor with a text id is ground truth (inside), or a ' +
      'descendant with a text id has the same box ±2px (wrapper). Precision: a text id counts when its element is ground truth, a label of a ' +
      'control, is a disabled native control, or wraps exactly one ground-truth element; "strict" counts ground truth only. An element whose box lies wholly above ' +
      'or left of the document origin (negative document coordinates: no scroll reaches it) is not visible by this rule.',
    '',
  );
  const st = pages.find((r) => r.selfTest)?.selfTest;
  if (st) {
    const ok = !st.missing.length && !st.extra.length;
    out.push(
      `Ground-truth self-test (bench/pages/ground-truth-check.html): ${st.found} found of ${st.expected} expected — ` +
        (ok ? 'exact.' : `MISMATCH: missing ${esc(st.missing.join(', '))}; extra ${esc(st.extra.join(', '))}`),
      '',
    );
  }
  out.push(
    '### Top missed ground-truth elements (full mode)',
    '',
    table(
      ['#', 'Pages', 'Why GT', 'Tag', 'Role', 'Class', 'In JSON', 'aria-hidden', 'Covered', 'Example'],
      s.topMissed.map((m) => [
        m.count,
        m.pages,
        m.reason,
        m.tag,
        esc(m.role),
        esc(m.classes).slice(0, 40),
        m.inJson ? 'yes' : 'no',
        m.ariaHidden ? 'yes' : 'no',
        m.obscured == null ? '–' : m.obscured ? 'yes' : 'no',
        `${m.page}: \`${esc(m.html).slice(0, 120)}\``,
      ]),
    ),
    '',
    '"aria-hidden": inside an `aria-hidden="true"` subtree (still visible and clickable for a person). "Covered": in the viewport with another element on top at its centre.',
    '',
  );
  out.push(
    '### In-viewport ground truth dropped by budget mode',
    '',
    table(
      ['#', 'Pages', 'Why GT', 'Tag', 'Role', 'Class', 'aria-hidden', 'Example'],
      (s.topBudgetViewportMissed ?? []).map((m) => [
        m.count,
        m.pages,
        m.reason,
        m.tag,
        esc(m.role),
        esc(m.classes).slice(0, 40),
        m.ariaHidden ? 'yes' : 'no',
        `${m.page}: \`${esc(m.html).slice(0, 120)}\``,
      ]),
    ),
    '',
  );
  out.push(
    '### Top ids in the text without a reason',
    '',
    table(
      ['#', 'Pages', 'Tag', 'Role', 'Class', 'Contains GT', 'Box (doc x,y w×h)', 'Example'],
      s.topImprecise.map((m) => [
        m.count,
        m.pages,
        m.tag,
        esc(m.role),
        esc(m.classes).slice(0, 40),
        m.containsGt,
        m.box ?? '–',
        `${m.page}: \`${esc(m.html).slice(0, 120)}\``,
      ]),
    ),
    '',
  );
  out.push(
    '### Top name mismatches vs Chromium',
    '',
    table(
      ['#', 'Tag', 'Role', 'Ours', 'Chromium', 'Example'],
      s.topNames.names.map((m) => [
        m.count,
        m.tag,
        m.role,
        quoted(m.ours),
        quoted(m.chromium),
        `${m.page}: \`${esc(m.html).slice(0, 100)}\``,
      ]),
    ),
    '',
  );
  out.push(
    '### Top role mismatches vs Chromium',
    '',
    table(
      ['#', 'Tag', 'Ours', 'Chromium', 'Example'],
      s.topNames.roles.map((m) => [
        m.count,
        m.tag,
        m.ours || '(none)',
        m.chromium,
        `${m.page}: \`${esc(m.html).slice(0, 100)}\``,
      ]),
    ),
    '',
  );

  if (doc.profile) {
    out.push('## Profile hot spots (self time over 5 snapshots + toText, unminified build of src/)', '');
    for (const p of doc.profile) {
      if (p.error) {
        out.push(`**${p.page}** — profile failed: ${esc(p.error)}`, '');
        continue;
      }
      out.push(
        `**${p.page}, ${p.mode ?? 'full'} mode** — ${p.samples} samples, ${n(p.totalMs, 0)} ms sampled`,
        '',
        table(
          ['Self ms', 'Self %', 'Function', 'Source'],
          p.top.map((f) => [n(f.selfMs, 1), pct(f.share), esc(f.fn), esc(f.loc)]),
        ),
        '',
      );
    }
  }
  return out.join('\n') + '\n';
}
