// The README's pictures, from the current build (issue 33 item 6: docs/overlay.png showed an
// id format the library no longer writes). Run it after a change to the overlay or the ids:
//   npm run docs:images     (builds when stale, then writes docs/overlay.png)
// docs/extension-side-panel.png needs the example extension in a real browser profile:
//   UPDATE_SCREENSHOTS=1 npx playwright test tests/browser/extension-frames.spec.ts -g "side panel"
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { startServer } from './serve.mjs';

const ROOT = new URL('..', import.meta.url);
// Beside the test ports (PORT…+8 are the specs', the engines' and the bench's).
const port = Number(process.env.DOMTOOL_TEST_PORT ?? 4173) + 9;
const server = startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  // The overlay fixture: a header, a search form and product cards, all labelled by highlight().
  const page = await browser.newPage({ viewport: { width: 760, height: 330 } });
  await page.goto(`http://127.0.0.1:${port}/fixtures/integration/overlay.html`);
  await page.addScriptTag({ content: readFileSync(new URL('dist/domtool.iife.js', ROOT), 'utf8') });
  const { shown, ids } = await page.evaluate(async () => {
    const tool = new window.BrowserXDomTool.DomTool();
    const result = await tool.highlight();
    const snapshot = await tool.getSnapshot();
    return { shown: result.shown, ids: [...snapshot.toText().matchAll(/\bnv_\w+/g)].map((m) => m[0]) };
  });
  if (shown < 10) throw new Error(`highlight() drew ${shown} boxes on the overlay fixture (10 or more expected)`);
  writeFileSync(new URL('docs/overlay.png', ROOT), await page.screenshot());
  console.log(`docs/overlay.png: ${shown} boxes, ids as the build writes them (${ids.slice(0, 3).join(', ')}, …)`);
} finally {
  await browser.close();
  server.close();
}
