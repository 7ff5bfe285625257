// Round trip (issue 8): every id the full-mode text hands out passes inspect(id) on
// the unchanged page — resolved and verified exactly as an action would. On every
// fixture (incl. the framework apps) and every corpus page:
//   - no STALE_NODE / ELEMENT_NOT_FOUND (the fingerprint the snapshot stored is the one
//     the resolver recomputes),
//   - no NOT_ACTIONABLE for an id not shown [disabled],
//   - OBSCURED only for a real cover, which the message names (listed per page below).
// One page per file, all ids checked in one evaluate.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ORIGIN, ROOT } from './helpers/domtool';
import { iifeBundle } from './integration-helpers';
import { corpusFiles } from './helpers/fixtures';
import { buildFixtures } from './actions-helpers';
import type { InspectResult } from '../../src/types';

test.describe.configure({ mode: 'parallel' });

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...htmlFiles(path));
    else if (name.endsWith('.html')) out.push('/' + relative(ROOT, path));
  }
  return out;
}

const PAGES = [...htmlFiles(join(ROOT, 'fixtures')), ...corpusFiles().map((f) => `/corpus/${encodeURIComponent(f)}`)];

interface Check {
  id: string;
  line: string;
  result: InspectResult;
}

async function open(page: Page, path: string): Promise<void> {
  if (path.startsWith('/fixtures/apps/')) await buildFixtures();
  await page.route('**/*', (route) => (route.request().url().startsWith(ORIGIN) ? route.continue() : route.abort()));
  await page.goto(path, { waitUntil: 'load' });
  // Framework apps render after load; blocked iframes settle into error pages.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(100);
  // Evaluated (not a <script>): a page CSP cannot block it, and a stale copy squatting
  // the global name (fixtures/integration/hostile.html) is replaced.
  await page.evaluate(iifeBundle());
}

/** Full-mode text, then inspect() for every id on it, in one evaluate. */
function roundTrip(page: Page): Promise<{ text: string; checks: Check[] }> {
  return page.evaluate(async () => {
    const api = (window as any)[Symbol.for('browserx.domtool')];
    const tool = new api.DomTool();
    const text: string = await tool.getText({ tokenBudget: 0, timeBudgetMs: 10000 });
    const checks: { id: string; line: string; result: InspectResult }[] = [];
    const seen = new Set<string>();
    for (const line of text.split('\n')) {
      for (const m of line.matchAll(/\bnv_[A-Za-z0-9_-]+/g)) {
        if (seen.has(m[0])) continue;
        seen.add(m[0]);
        checks.push({ id: m[0], line: line.trim(), result: await tool.inspect(m[0]) });
      }
    }
    return { text, checks };
  });
}

for (const path of PAGES) {
  test(`round trip: ${decodeURIComponent(path)}`, async ({ page }) => {
    await open(page, path);
    const { checks } = await roundTrip(page);
    const disagreements: string[] = [];
    const covers: string[] = [];
    for (const { id, line, result } of checks) {
      const code = result.error?.code;
      if (!code) continue;
      const shownDisabled = /\[[^\]]*\bdisabled\b[^\]]*\]/.test(line);
      if (code === 'OBSCURED') covers.push(`${line}\n      ${result.error!.message}`);
      else if (code === 'NOT_ACTIONABLE' && shownDisabled) continue;
      // Hover-only content (issue 32, marked "on hover:" on its trigger's line) passes too: inspect()
      // answers as the click would, which hovers the trigger first (issue 30).
      else disagreements.push(`${id} ${code}: ${line}\n      ${result.error!.message}`);
    }
    test.info().annotations.push({ type: 'ids checked', description: String(checks.length) });
    if (covers.length) test.info().annotations.push({ type: 'OBSCURED (real covers)', description: covers.join('\n') });
    expect(disagreements, `ids that do not pass inspect() on ${path}`).toEqual([]);
  });
}
