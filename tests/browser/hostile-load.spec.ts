// R1 at load (issue 19): a page that replaced Map, Set, WeakMap, Object.create or Symbol
// *before* our script loads. Module-level tables used to be built with them at load, so
// the script threw before installing anything. Now both scripts that ship into pages —
// dist/domtool.iife.js and the example extension's per-frame content.js with the core it loads — load without
// an exception and answer a snapshot (the real one where the engine does not need the
// built-in, an error snapshot otherwise; never a throw).
//
// Everything runs from the page's own inline scripts, and the answer is read back from a
// DOM attribute: Playwright's page-world helpers use the page's Map themselves.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { iifeBundle, ROOT } from './integration-helpers';

const REPLACED: [string, string][] = [
  ['Map', 'window.Map = function FakeMap() { throw new Error("no Map"); };'],
  ['Set', 'window.Set = function FakeSet() { throw new Error("no Set"); };'],
  ['WeakMap', 'window.WeakMap = function FakeWeakMap() { throw new Error("no WeakMap"); };'],
  ['Object.create', 'Object.create = function () { throw new Error("no Object.create"); };'],
  ['Symbol', 'window.Symbol = function FakeSymbol() { throw new Error("no Symbol"); };'],
];

const inline = (code: string) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`;

/** Asks for a text snapshot through `ask` (a page-world expression giving a promise of it) and leaves the answer on <body>. */
const report = (ask: string) =>
  inline(
    `(async () => { let out; try { out = String(await (${ask})); } catch (e) { out = 'threw: ' + (e && e.message); } document.body.setAttribute('data-answer', out); })();`,
  );

const IIFE_ASK = 'window.BrowserXDomTool ? new BrowserXDomTool.DomTool().getText() : "not loaded"';
// content.js (the loader every frame runs) answers domtool:* messages through
// chrome.runtime.onMessage and asks the service worker to inject content-core.js on the
// first request: here a page-world stand-in for both, which runs the core as a script.
const FAKE_CHROME =
  'window.__listeners = []; window.chrome = { runtime: { id: "test", onMessage: { addListener(l) { __listeners.push(l); }, removeListener() {} }, ' +
  'sendMessage(m) { if (!m || m.type !== "domtool:loadCore") return undefined; const s = document.createElement("script"); s.textContent = window.__core; document.head.appendChild(s); return Promise.resolve({ ok: true }); } } };';
const coreCode = () =>
  'window.__core = ' + JSON.stringify(readFileSync(ROOT + 'examples/extension/dist/content-core.js', 'utf8')) + ';';
const CONTENT_ASK =
  '__listeners.length ? new Promise((resolve) => __listeners[0]({ type: "domtool:getText" }, {}, (a) => resolve(a && a.ok ? a.result : "error answer: " + (a && a.error && a.error.message)))) : "not installed"';

for (const [name, patch] of REPLACED) {
  for (const [script, setup, code, ask] of [
    ['dist/domtool.iife.js', '', () => iifeBundle(), IIFE_ASK],
    [
      'the extension content script (loader, then core)',
      FAKE_CHROME + coreCode(),
      () => readFileSync(ROOT + 'examples/extension/dist/content.js', 'utf8'),
      CONTENT_ASK,
    ],
  ] as const) {
    test(`${script} loads and snapshots in a page that replaced ${name} before it loaded`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/tests/browser/helpers/blank.html');
      await page.setContent(
        '<main><h1>Replaced before load</h1><button>Go</button><a href="#x">Link</a></main>' +
          inline(patch) +
          inline(setup) +
          inline(code()) +
          report(ask),
      );
      await expect(page.locator('body')).toHaveAttribute('data-answer', /./);
      expect(errors, 'the script threw while loading').toEqual([]);
      expect(await page.locator('body').getAttribute('data-answer')).toMatch(/^# (page|snapshot failed|truncated)/);
    });
  }
}
