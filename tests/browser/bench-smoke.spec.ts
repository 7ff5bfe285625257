// The bench scripts still run end to end: one fixture page (the repository's own, so a
// clone without the outside corpus runs it too) and the ground-truth
// self-test page, one timed run, results written in the expected shape. No timing
// assertions (a bench never fails CI on speed); the self-test checks the bench's own
// ground truth against a page whose answers are marked in it.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Beside the test server (PORT, PORT+1) and the engine runs (PORT+2…+6). */
const PORT = Number(process.env.DOMTOOL_TEST_PORT ?? 4173);

test('bench runs on one page and writes results.json / results.md', async () => {
  test.setTimeout(120_000);
  const out = mkdtempSync(join(tmpdir(), 'domtool-bench-'));
  try {
    // Own port (PORT+8) so it never collides with the test web server, the engines or a running bench.
    const run = spawnSync(
      'node',
      [
        'bench/run.mjs',
        '--pages=fixtures,selftest',
        '--filter=news-article,ground-truth',
        '--runs=1',
        `--out=${out}`,
        `--port=${PORT + 8}`,
      ],
      {
        encoding: 'utf8',
        timeout: 110_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(doc.pages).toHaveLength(2);
    const [page, selfTest] = doc.pages;
    expect(selfTest.selfTest).toEqual(expect.objectContaining({ missing: [], extra: [] }));
    expect(selfTest.selfTest.expected).toBeGreaterThan(10);
    expect(page.error).toBeUndefined();
    expect(page.full.total.samples).toHaveLength(1);
    expect(page.full.cpu.samples).toHaveLength(1);
    expect(page.budget.tokens).toBeGreaterThan(0);
    expect(page.playwright.tokens).toBeGreaterThan(0);
    expect(page.floor.elements).toBeGreaterThan(0);
    // The reads floor is measured next to the floor on every page.
    expect(page.reads.cpu.median).toBeGreaterThanOrEqual(0);
    expect(page.reads.cpu.samples).toHaveLength(1);
    expect(page.coverage.groundTruth).toBeGreaterThan(0);
    expect(typeof page.coverage.recall).toBe('number');
    expect(typeof page.names.nameAgreement).toBe('number');
    expect(doc.summary.targets.length).toBeGreaterThan(10);
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('## Targets (SPEC P1–P4; issues 3 and 17)');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
