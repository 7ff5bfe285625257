// The failed and flaky tests of a Playwright JSON report, a few lines each, for the summary
// of `npm test` (scripts/test-all.mjs): a CI log keeps only its tail, so the failures must be
// said again at the end, with where they are and the first lines of their errors.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in Playwright's messages
const ANSI = /\u001b\[[0-9;]*m/g;

/** Lines describing each test whose outcome was not "expected" (failed, timed out, flaky). */
export function failedSpecLines(reportPath, errorLines = 4) {
  if (!existsSync(reportPath)) return [];
  let report;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch {
    return [`(could not read ${reportPath})`];
  }
  const lines = [];
  const visit = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const where = `${relative(process.cwd(), join(report.config?.rootDir ?? '', spec.file))}:${spec.line}`;
        lines.push(`${test.status === 'flaky' ? 'FLAKY ' : 'FAILED'} ${where} › ${[...here, spec.title].join(' › ')}`);
        const failed = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const message = (failed?.error?.message ?? failed?.errors?.[0]?.message ?? '').replace(ANSI, '');
        for (const line of message
          .split('\n')
          .filter((l) => l.trim())
          .slice(0, errorLines))
          lines.push(`         ${line}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return lines;
}
