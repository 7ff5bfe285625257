// Accessible names on the W3C accname conformance pages (WPT accname/), side by side:
// DomTool's getAccessibleName / getAccessibleDescription, Playwright's ariaSnapshot and
// Chromium's own accessibility tree (CDP), each against the name the page expects.
//
//   node bench/accname.mjs /path/to/wpt/accname [--verbose] [--filter=substr] [--engine=firefox]
//
// --engine=firefox: DomTool's names in Firefox ESR (puppeteer-core over WebDriver BiDi, as
// tests/engines does); Chromium's tree and Playwright are Chromium-only columns.
//
// The WPT pages are fetched outside the repository (e.g. `git archive` of
// web-platform-tests/wpt or microsoft/playwright's tests/assets/wpt); the path is the
// accname/ folder. Cases: every `data-expectedlabel` element of accname/name/**, and every
// name/description step of accname/manual/*.html. Whitespace is collapsed the same way for all.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve, dirname, extname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { chromiumPath, chromiumArgs } from '../scripts/chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) {
  console.error('usage: node bench/accname.mjs /path/to/wpt/accname [--verbose] [--filter=x]');
  process.exit(2);
}
const verbose = args.includes('--verbose');
const engine = (args.find((a) => a.startsWith('--engine=')) || '--engine=chromium').slice(9);
const filter = (args.find((a) => a.startsWith('--filter=')) || '').slice(9);
const base = resolve(dir);
const norm = (s) =>
  String(s ?? '')
    .replace(/\s+/g, ' ')
    .trim();

function listPages(d) {
  const out = [];
  for (const f of readdirSync(d).sort()) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) out.push(...listPages(p));
    else if (f.endsWith('.html')) out.push(relative(base, p));
  }
  return out;
}

// Only the name code, bundled from src/ so the bench measures the working tree.
const lib = (
  await build({
    stdin: {
      contents:
        "import { getAccessibleName, getAccessibleDescription } from './src/semantics/name'; window.__accname = { getAccessibleName, getAccessibleDescription };",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2019',
  })
).outputFiles[0].text;

const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = join(base, path);
  if (!file.startsWith(base)) {
    res.statusCode = 403;
    res.end();
    return;
  }
  try {
    const body = readFileSync(file);
    res.setHeader(
      'content-type',
      extname(file) === '.html' ? 'text/html; charset=utf-8' : extname(file) === '.jpg' ? 'image/jpeg' : 'text/plain',
    );
    res.end(body);
  } catch {
    res.statusCode = 404;
    res.end();
  }
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const origin = `http://127.0.0.1:${server.address().port}`;

// The pages' harness scripts are absent (404); these stand-ins only record what to check.
const harnessStub = () => {
  const self = window;
  self.__cases = [];
  self.setup = () => {};
  self.ATTAcomm = class {
    constructor(data) {
      for (const step of data.steps || []) {
        for (const atk of (step.test && step.test.ATK) || []) {
          if (
            atk[0] === 'property' &&
            (atk[1] === 'name' || atk[1] === 'description') &&
            atk[2] === 'is' &&
            typeof atk[3] === 'string'
          )
            self.__cases.push({ selector: '#' + step.element, property: atk[1], expected: atk[3] });
        }
      }
    }
  };
  self.AriaUtils = {
    verifyLabelsBySelector: (sel) => {
      self.__labelSelector = sel;
    },
  };
};

/** In the page: the cases it declares (ATTAcomm steps or data-expectedlabel), with DomTool's answer. */
const readCases = () => {
  const out = [];
  const mark = (el, i) => el.setAttribute('data-accname-bench', String(i));
  if (window.__cases.length) {
    window.__cases.forEach((c) => {
      const el = document.querySelector(c.selector);
      if (!el) return;
      mark(el, out.length);
      out.push({ ...c, label: c.selector });
    });
  } else {
    for (const el of document.querySelectorAll('[data-expectedlabel]')) {
      mark(el, out.length);
      out.push({
        property: 'name',
        expected: el.getAttribute('data-expectedlabel'),
        label: el.getAttribute('data-testname') || el.outerHTML.slice(0, 60),
      });
    }
  }
  return out.map((c, i) => {
    const el = document.querySelector(`[data-accname-bench="${i}"]`);
    const a = window.__accname;
    return { ...c, domtool: c.property === 'name' ? a.getAccessibleName(el) : a.getAccessibleDescription(el) };
  });
};

if (engine === 'firefox') {
  await runFirefox();
  process.exit(0);
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage();
await page.addInitScript(harnessStub);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Accessibility.enable');
await cdp.send('DOM.enable');

const totals = {
  cases: 0,
  domtool: 0,
  playwright: 0,
  chromium: 0,
  pwComparable: 0,
  names: 0,
  domtoolNames: 0,
  chromiumNames: 0,
};
const misses = [];
for (const file of listPages(base)) {
  if (filter && !file.includes(filter)) continue;
  await page.goto(`${origin}/${file}`, { waitUntil: 'load' });
  await page.addScriptTag({ content: lib });
  const cases = await page.evaluate(readCases);
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const loc = page.locator(`[data-accname-bench="${i}"]`);

    let chromiumValue = null;
    try {
      const { nodeId } = await cdp.send('DOM.querySelector', {
        nodeId: (await cdp.send('DOM.getDocument', { depth: 0 })).root.nodeId,
        selector: `[data-accname-bench="${i}"]`,
      });
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      const n = nodes[0];
      chromiumValue = c.property === 'name' ? (n?.name?.value ?? '') : (n?.description?.value ?? '');
    } catch {
      chromiumValue = null;
    }
    let pwValue = null;
    if (c.property === 'name') {
      try {
        const snap = await loc.ariaSnapshot({ timeout: 1000 });
        const m = snap.split('\n')[0].match(/^- [\w-]+ "((?:[^"\\]|\\.)*)"/);
        pwValue = m ? JSON.parse(`"${m[1]}"`) : '';
      } catch {
        pwValue = null;
      }
    }
    const exp = norm(c.expected);
    totals.cases++;
    const ok = norm(c.domtool) === exp;
    if (ok) totals.domtool++;
    if (c.property === 'name') {
      totals.names++;
      if (ok) totals.domtoolNames++;
      if (norm(chromiumValue) === exp) totals.chromiumNames++;
    }
    // --verbose lists DomTool's misses (names and descriptions), with Chromium's answer beside them.
    if (!ok)
      misses.push({
        file,
        label: c.label,
        property: c.property,
        expected: exp,
        domtool: norm(c.domtool),
        chromium: norm(chromiumValue),
      });
    if (norm(chromiumValue) === exp) totals.chromium++;
    if (pwValue !== null) {
      totals.pwComparable++;
      if (norm(pwValue) === exp) totals.playwright++;
    }
  }
}
await browser.close();
server.close();

function pct(n, d) {
  return d ? (n / d).toFixed(3) : '-';
}
if (verbose)
  for (const m of misses)
    console.log(
      `${m.file} ${m.property} ${m.label}\n  expected ${JSON.stringify(m.expected)}\n  domtool  ${JSON.stringify(m.domtool)}\n  chromium ${JSON.stringify(m.chromium)}`,
    );
console.log(`accname cases: ${totals.cases} (${totals.names} names, ${totals.cases - totals.names} descriptions)`);
console.log(`| | names exact | names + descriptions exact |\n|---|---|---|`);
console.log(
  `| Chromium accessibility tree (CDP) | ${totals.chromiumNames} (${pct(totals.chromiumNames, totals.names)}) | ${totals.chromium} (${pct(totals.chromium, totals.cases)}) |`,
);
console.log(
  `| Playwright ariaSnapshot | ${totals.playwright} of ${totals.pwComparable} (${pct(totals.playwright, totals.pwComparable)}) | - |`,
);
console.log(
  `| DomTool | ${totals.domtoolNames} (${pct(totals.domtoolNames, totals.names)}) | ${totals.domtool} (${pct(totals.domtool, totals.cases)}) |`,
);

/** DomTool's names in Firefox ESR: the same pages, the same stand-in harness, the same count. */
async function runFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const { existsSync } = await import('node:fs');
  const executablePath =
    process.env.FIREFOX_PATH || ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p) => existsSync(p));
  const ff = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    headless: true,
    executablePath,
    extraPrefsFirefox: { 'app.update.enabled': false },
  });
  const version = await ff.version();
  const tab = await ff.newPage();
  await tab.evaluateOnNewDocument(harnessStub);
  const t = { cases: 0, domtool: 0, names: 0, domtoolNames: 0 };
  for (const file of listPages(base)) {
    if (filter && !file.includes(filter)) continue;
    await tab.goto(`${origin}/${file}`, { waitUntil: 'load' });
    await tab.addScriptTag({ content: lib });
    for (const c of await tab.evaluate(readCases)) {
      const ok = norm(c.domtool) === norm(c.expected);
      t.cases++;
      if (ok) t.domtool++;
      if (c.property === 'name') {
        t.names++;
        if (ok) t.domtoolNames++;
      }
      if (!ok && verbose)
        console.log(
          `${file} ${c.property} ${c.label}\n  expected ${JSON.stringify(norm(c.expected))}\n  domtool  ${JSON.stringify(norm(c.domtool))}`,
        );
    }
  }
  await ff.close();
  server.close();
  console.log(`accname cases in ${version}: ${t.cases} (${t.names} names, ${t.cases - t.names} descriptions)`);
  console.log(`| | names exact | names + descriptions exact |\n|---|---|---|`);
  console.log(
    `| DomTool in Firefox | ${t.domtoolNames} (${pct(t.domtoolNames, t.names)}) | ${t.domtool} (${pct(t.domtool, t.cases)}) |`,
  );
}
