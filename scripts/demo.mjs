// `npm run demo`: snapshot a bundled example page in headless Chromium and print
// the LLM text (and, with --json, the JSON payload).
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { chromiumPath, chromiumArgs } from './chromium.mjs';
import { startServer } from './serve.mjs';

const args = process.argv.slice(2);
const page_ = args.find((a) => !a.startsWith('--')) ?? 'fixtures/demo.html';
// Beside the test ports when DOMTOOL_TEST_PORT names them (PORT+7: the specs use PORT…+6, the bench +8),
// so `npm test`, which runs the README's demo commands, stays in its own range.
const port = process.env.DOMTOOL_TEST_PORT
  ? Number(process.env.DOMTOOL_TEST_PORT) + 7
  : 4300 + Math.floor(Math.random() * 500);
const server = startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const url = page_.startsWith('http') ? page_ : `http://127.0.0.1:${port}/${page_.replace(/^\//, '')}`;
  await page.goto(url);
  await page.addScriptTag({ content: readFileSync(new URL('../dist/domtool.iife.js', import.meta.url), 'utf8') });
  const out = await page.evaluate(async (wantJson) => {
    const tool = new window.BrowserXDomTool.DomTool();
    const text = await tool.getText();
    const json = wantJson ? await tool.getSerializedDom() : null;
    return { text, json };
  }, args.includes('--json'));
  console.log(out.text);
  if (out.json) console.log(JSON.stringify(out.json, null, 2));
} finally {
  await browser.close();
  server.close();
}
