import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';

export const PORT = Number(process.env.DOMTOOL_TEST_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/browser',
  timeout: 60_000,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
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
