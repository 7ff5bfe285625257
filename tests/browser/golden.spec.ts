// Golden-JSON contract tests: every fixtures/*.html, snapshotted in Chromium at
// 1280x720 with default options, must match tests/golden/<name>.json (the JSON
// payload minus timings/takenAt, port normalized) and tests/golden/<name>.txt (the
// LLM text). Update after an intended change with: npm run golden:update
// (UPDATE_GOLDEN=1 writes the files instead of comparing).
import { test, expect } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadUrl, snapshot } from './helpers/domtool';
import { fixtureFiles, normalizeJson, normalizeText } from './helpers/fixtures';

const GOLDEN_DIR = join(ROOT, 'tests/golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

test.use({ viewport: { width: 1280, height: 720 } });

for (const file of fixtureFiles()) {
  const name = file.replace(/\.html$/, '');
  test(`golden: fixtures/${file}`, async ({ page }) => {
    await loadUrl(page, `/fixtures/${file}`);
    // Default options, except a time budget no loaded CI machine can hit: the goldens
    // are about content, not about how fast this run happened to be.
    const result = await snapshot(page, { fresh: true, timeBudgetMs: 60_000 });
    const json = JSON.stringify(normalizeJson(result.json), null, 2) + '\n';
    const text = normalizeText(result.text) + '\n';
    const jsonPath = join(GOLDEN_DIR, name + '.json');
    const textPath = join(GOLDEN_DIR, name + '.txt');
    if (UPDATE) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(jsonPath, json);
      writeFileSync(textPath, text);
      return;
    }
    expect(existsSync(jsonPath), `missing ${jsonPath}: run npm run golden:update`).toBe(true);
    expect(text, `text differs from tests/golden/${name}.txt (npm run golden:update if intended)`).toBe(readFileSync(textPath, 'utf8'));
    expect(JSON.parse(json), `JSON differs from tests/golden/${name}.json (npm run golden:update if intended)`).toEqual(JSON.parse(readFileSync(jsonPath, 'utf8')));
  });
}
