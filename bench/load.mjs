// node bench/load.mjs [--rounds=15] [--extra=label=file,…] — the load-time table alone (npm run bench
// prints it too); --extra adds scripts, e.g. an earlier build for a before/after in the same run.
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath, chromiumArgs } from '../scripts/chromium.mjs';
import { measureLoad, renderLoadTable } from './lib/load.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number((process.argv.find((a) => a.startsWith('--rounds=')) ?? '--rounds=15').slice(9));
const extra = (process.argv.find((a) => a.startsWith('--extra=')) ?? '--extra=')
  .slice(8)
  .split(',')
  .filter(Boolean)
  .map((e) => e.split('='));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  console.log(`Load time (parse + compile + top-level run, fresh page, median of ${rounds}, Chromium):\n`);
  console.log(renderLoadTable(await measureLoad(browser, ROOT, { rounds, extra })));
} finally {
  await browser.close();
}
