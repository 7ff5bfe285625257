// node bench/results-settle.mjs [--rounds=7] [--port=4232] [--lib=dist/domtool.iife.js] — how long
// an action's result takes on the pages of issue 31 (fixtures/results/), in headless
// Chromium with the page-world bundle: on the ticker page (a value changing every 50 ms)
// the first action with no earlier look, a later click with a message, a click with no
// effect, and a click that starts a 400 ms request; on the counter page a click. Per case:
// the median duration, and in how many rounds the result said settled.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/serve.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, dflt) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `--${name}=${dflt}`).split('=').slice(1).join('=');
const rounds = Number(option('rounds', 7));
const port = Number(option('port', 4232));
const lib = readFileSync(resolve(ROOT, option('lib', 'dist/domtool.iife.js')), 'utf8');
const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

const server = startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const cases = new Map();
const record = (name, r) => {
  const c = cases.get(name) ?? { ms: [], settled: 0, texts: new Set() };
  c.ms.push(r.duration);
  if (r.effect?.settled) c.settled++;
  c.texts.add(r.text);
  cases.set(name, c);
};
try {
  for (let round = 0; round < rounds; round++) {
    const page = await browser.newPage();
    await page.route('**/api/results-save', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Saved at the server' }),
      });
    });
    await page.goto(`http://127.0.0.1:${port}/fixtures/results/ticker.html`);
    await page.addScriptTag({ content: lib });
    const ticker = await page.evaluate(async () => {
      const t = new window.BrowserXDomTool.DomTool();
      const out = {};
      out['ticker: first action, no earlier look'] = await t.click({ text: 'Add to watchlist' });
      out['ticker: a later click with a message'] = await t.click({ text: 'Add to watchlist' });
      out['ticker: a click with no effect'] = await t.click({ text: 'Nothing' });
      out['ticker: a click that starts a 400 ms request'] = await t.click({ text: 'Save' });
      return out;
    });
    for (const [name, r] of Object.entries(ticker)) record(name, r);
    await page.goto(`http://127.0.0.1:${port}/fixtures/results/counter.html`);
    await page.addScriptTag({ content: lib });
    const counter = await page.evaluate(async () => {
      const t = new window.BrowserXDomTool.DomTool();
      const text = await t.getText();
      const id = /(nv_\w+) button "Add to cart"/.exec(text)[1];
      await t.click(id);
      return t.click(id);
    });
    record('counter: a second click', counter);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`| case (${rounds} rounds) | median ms | settled | result text |`);
console.log('|---|---|---|---|');
for (const [name, c] of cases)
  console.log(`| ${name} | ${Math.round(median(c.ms))} | ${c.settled}/${c.ms.length} | ${[...c.texts].join(' / ')} |`);
