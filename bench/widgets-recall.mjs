// Recall of click targets on hand-built app widgets (fixtures/widgets/, issue 8): every
// element marked data-gt is a distinct thing a person clicks (an option, a card, a row,
// an icon, a custom-drawn checkbox). Covered when the snapshot text shows an id for that
// element (DomTool) / when a ref of page.ariaSnapshot({ mode: 'ai' }) resolves to it
// (Playwright). Dropdown menus are opened first (the state a person clicks options in).
//   node bench/widgets-recall.mjs [--lib=dist/domtool.iife.js] [--port=4425]
import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../scripts/serve.mjs';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map((s) => s.replace(/^--/, '').split('=')));
const lib = readFileSync(resolve(ROOT, args.lib ?? 'dist/domtool.iife.js'), 'utf8');
const port = Number(args.port ?? process.env.BENCH_PORT ?? 4425);
const pages = readdirSync(join(ROOT, 'fixtures/widgets'))
  .filter((f) => f.endsWith('.html'))
  .sort();

const server = startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
let gtAll = 0;
let domAll = 0;
let pwAll = 0;
console.log('| Page | Targets | DomTool | Playwright AI |\n|---|---|---|---|');
for (const file of pages) {
  await page.goto(`http://127.0.0.1:${port}/fixtures/widgets/${file}`);
  await page.waitForFunction('window.__ready');
  await page.evaluate(() => document.querySelectorAll('.dd-menu').forEach((m) => (m.hidden = false)));
  await page.addScriptTag({ content: lib });
  const dom = await page.evaluate(async () => {
    const tool = new window.BrowserXDomTool.DomTool();
    const snap = await tool.getSnapshot({ force: true, tokenBudget: 0 });
    const text = snap.toText();
    const gt = [...document.querySelectorAll('[data-gt]')];
    return {
      total: gt.length,
      covered: gt.filter((el) => {
        const id = snap.getNodeId(el);
        return !!id && text.includes(id);
      }).length,
    };
  });
  const yaml = await page.ariaSnapshot({ mode: 'ai' });
  const refs = [...new Set(yaml.match(/\[ref=[^\]]+\]/g)?.map((r) => r.slice(5, -1)) ?? [])];
  await page.evaluate(() =>
    document.querySelectorAll('[data-gt]').forEach((el, i) => el.setAttribute('data-gt-i', String(i))),
  );
  const hit = new Set();
  for (const ref of refs) {
    const i = await page
      .locator(`aria-ref=${ref}`)
      .getAttribute('data-gt-i', { timeout: 2000 })
      .catch((e) => (process.env.DEBUG && console.log(ref, String(e).slice(0, 300)), null));
    if (i !== null) hit.add(i);
  }
  gtAll += dom.total;
  domAll += dom.covered;
  pwAll += hit.size;
  console.log(`| ${file} | ${dom.total} | ${dom.covered} | ${hit.size} |`);
}
console.log(
  `| all | ${gtAll} | ${domAll} (${((domAll / gtAll) * 100).toFixed(1)}%) | ${pwAll} (${((pwAll / gtAll) * 100).toFixed(1)}%) |`,
);
await browser.close();
server.close();
