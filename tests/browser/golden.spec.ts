// Golden-JSON contract tests: every fixtures/*.html, snapshotted at 1280x720 with
// default options, must match tests/golden/<name>.json (the JSON payload minus
// timings/takenAt, port normalized) and tests/golden/<name>.txt (the LLM text).
// Update after an intended change with: npm run golden:update (UPDATE_GOLDEN=1
// writes the files instead of comparing; it updates every engine's goldens).
//
// In Chromium the comparison is exact. In Firefox and WebKit (tests/engines) it is
// compared against tests/golden/<engine>/<name>.* where such a file exists, and
// otherwise against the Chromium golden, both with layout-dependent parts normalised
// (normalizeLayoutText/Json in helpers/fixtures.ts). UPDATE_GOLDEN=1 in an engine
// writes its own golden only for pages whose normalised output differs.
import { test, expect } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, engine, loadUrl, snapshot } from './helpers/domtool';
import {
  fixtureFiles,
  normalizeJson,
  normalizeLayoutJson,
  normalizeLayoutText,
  normalizeText,
} from './helpers/fixtures';

const GOLDEN_DIR = join(ROOT, 'tests/golden');
const ENGINE = engine();
const ENGINE_DIR = join(GOLDEN_DIR, ENGINE);
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
    if (ENGINE === 'chromium') {
      if (UPDATE) {
        mkdirSync(GOLDEN_DIR, { recursive: true });
        writeFileSync(jsonPath, json);
        writeFileSync(textPath, text);
        return;
      }
      expect(existsSync(jsonPath), `missing ${jsonPath}: run npm run golden:update`).toBe(true);
      expect(text, `text differs from tests/golden/${name}.txt (npm run golden:update if intended)`).toBe(
        readFileSync(textPath, 'utf8'),
      );
      expect(
        JSON.parse(json),
        `JSON differs from tests/golden/${name}.json (npm run golden:update if intended)`,
      ).toEqual(JSON.parse(readFileSync(jsonPath, 'utf8')));
      return;
    }

    const ownJson = join(ENGINE_DIR, name + '.json');
    const ownText = join(ENGINE_DIR, name + '.txt');
    if (UPDATE) {
      const sameAsChromium =
        normalizeLayoutText(text) === normalizeLayoutText(readFileSync(textPath, 'utf8')) &&
        JSON.stringify(normalizeLayoutJson(JSON.parse(json))) ===
          JSON.stringify(normalizeLayoutJson(JSON.parse(readFileSync(jsonPath, 'utf8'))));
      if (sameAsChromium) {
        rmSync(ownJson, { force: true });
        rmSync(ownText, { force: true });
      } else {
        mkdirSync(ENGINE_DIR, { recursive: true });
        writeFileSync(ownJson, json);
        writeFileSync(ownText, text);
      }
      return;
    }
    if (existsSync(ownText)) {
      // An engine's own golden is still compared beyond layout: the document size moves by a
      // pixel or two between runs of one engine (font loading), which is not content (issue 18).
      expect(
        normalizeLayoutText(text),
        `text differs from tests/golden/${ENGINE}/${name}.txt (npm run golden:update if intended)`,
      ).toBe(normalizeLayoutText(readFileSync(ownText, 'utf8')));
      expect(
        normalizeLayoutJson(JSON.parse(json)),
        `JSON differs from tests/golden/${ENGINE}/${name}.json (npm run golden:update if intended)`,
      ).toEqual(normalizeLayoutJson(JSON.parse(readFileSync(ownJson, 'utf8'))));
      return;
    }
    expect(
      normalizeLayoutText(text),
      `text differs from tests/golden/${name}.txt beyond layout (npm run golden:update if intended)`,
    ).toBe(normalizeLayoutText(readFileSync(textPath, 'utf8')));
    expect(
      normalizeLayoutJson(JSON.parse(json)),
      `JSON differs from tests/golden/${name}.json beyond layout (npm run golden:update if intended)`,
    ).toEqual(normalizeLayoutJson(JSON.parse(readFileSync(jsonPath, 'utf8'))));
  });
}
