import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';

export const PORT = Number(process.env.DOMTOOL_TEST_PORT ?? 4173);

// The real-page corpus lives outside the repository (../shared/corpus/real-pages); a clone
// without it runs every other test and says so once (the config is loaded by each worker
// too: only the main process, which has no worker index, prints).
if (!existsSync(new URL('../shared/corpus/real-pages', import.meta.url)) && !process.env.TEST_WORKER_INDEX) {
  console.log('corpus: ../shared/corpus/real-pages not found — the corpus pages are skipped (fixtures still run)');
}

export default defineConfig({
  testDir: 'tests/browser',
  timeout: 60_000,
  workers: 2,
  // The JSON report lets `npm test` name the failed specs in its closing summary: CI keeps
  // only the tail of the log, and the line reporter's failure list scrolls away behind the
  // Firefox and WebKit runs.
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: '.cache/chromium-specs.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  webServer: {
    command: `node scripts/serve.mjs ${PORT}`,
    url: `http://127.0.0.1:${PORT}/__health`,
    reuseExistingServer: !process.env.CI,
  },
});
