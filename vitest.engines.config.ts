// The shared browser specs in Firefox and WebKit (see tests/engines/harness.ts).
// Run through scripts/test-engines.mjs (npm run test:engines / test:firefox /
// test:webkit), which sets DOMTOOL_ENGINE and a port per engine.
//
// To run another spec in every engine, add it to ENGINE_SPECS: it may use the page
// API in tests/engines/harness.ts (goto, evaluate, setContent, addScriptTag,
// waitForFunction, frames, route('**/*'), url) and vitest-compatible expect matchers.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

export const ENGINE_SPECS = [
  'tests/browser/golden.spec.ts',
  'tests/browser/snapshot-mutation.spec.ts',
  'tests/browser/corpus.spec.ts',
  'tests/browser/snapshot-robustness.spec.ts',
  'tests/browser/snapshot-visibility.spec.ts',
  'tests/browser/snapshot-names-states.spec.ts',
  'tests/browser/actions-react.spec.ts',
  'tests/browser/actions-vue-quill.spec.ts',
  'tests/browser/actions-widgets.spec.ts',
  'tests/browser/actions-shadow-frames.spec.ts',
  'tests/browser/actions-formats.spec.ts',
  'tests/browser/actions-upload.spec.ts',
  'tests/browser/actions-drag.spec.ts',
  'tests/browser/actions-stale.spec.ts',
  'tests/browser/snapshot-frames-shadow.spec.ts',
  'tests/browser/snapshot-text.spec.ts',
  'tests/browser/snapshot-covers-offscreen.spec.ts',
  'tests/browser/snapshot-covers-inflow.spec.ts',
  'tests/browser/target-point-clip.spec.ts',
  'tests/browser/actions-wheel-point.spec.ts',
  'tests/browser/snapshot-viewport-only.spec.ts',
  'tests/browser/results-cut-look.spec.ts',
  'tests/browser/results-same-message.spec.ts',
  'tests/browser/snapshot-perception.spec.ts',
];

// The real-page corpus lives outside the repository (../shared/corpus/real-pages): a clone
// without it leaves its spec out here (vitest fails a file that registers no test), as
// playwright.config.ts skips it for Chromium with one line.
const hasCorpus = existsSync(new URL('../shared/corpus/real-pages', import.meta.url));
const specs = hasCorpus ? ENGINE_SPECS : ENGINE_SPECS.filter((f) => !f.endsWith('/corpus.spec.ts'));

export default defineConfig({
  resolve: {
    alias: { '@playwright/test': fileURLToPath(new URL('./tests/engines/playwright-shim.ts', import.meta.url)) },
  },
  test: {
    // DOMTOOL_ENGINE_SPECS (comma-separated) runs other files, e.g. while developing.
    include: process.env.DOMTOOL_ENGINE_SPECS ? process.env.DOMTOOL_ENGINE_SPECS.split(',') : specs,
    environment: 'node',
    globalSetup: ['tests/engines/global-setup.ts'],
    setupFiles: ['tests/engines/setup.ts'],
    // One browser per engine: files run one after another in one worker that keeps
    // its connection (and WebKit's session) across files.
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
