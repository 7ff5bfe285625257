// Tokens per task for a multi-step agent (issue 10 §8). Scripted agents run four
// tasks on the fixture apps (5–15 steps each) and we count, with o200k_base, the
// tokens the agent receives per task in three ways:
//   (a) DomTool full text re-taken after every step,
//   (b) DomTool deltas: the first full text, then per step the action's result
//       (success + effect.appeared), and getChanges().text whenever what the agent
//       has read does not show the target of its next step,
//   (c) Playwright's page.ariaSnapshot({ mode: 'ai' }) re-taken after every step,
//   (d) as (b), but the agent reads each action's one-line `result.text` (issue 23)
//       instead of the JSON (success + effect.appeared).
// Each mode runs the task from a fresh page load, so all three see the same states.
// Usage: npm run build && BENCH_PORT=4445 node bench/tasks.mjs   (prints the table, writes bench/tasks-results.md)
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { getEncoding } from 'js-tiktoken';
import { chromiumPath, chromiumArgs } from '../scripts/chromium.mjs';
import { startServer } from '../scripts/serve.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4220);
const BASE = `http://127.0.0.1:${PORT}`;
const LIB = readFileSync(new URL('../dist/domtool.iife.js', import.meta.url), 'utf8');
const enc = getEncoding('o200k_base');
const tokens = (s) => enc.encode(s).length;

// A step: the agent picks an id from what it last read (`find(text, pattern)`) and acts.
// `pattern` is matched against a DomTool line; the agent's own knowledge (ids seen so far) is kept by the harness.
const TASKS = [
  {
    name: 'checkout: fill and submit',
    url: '/fixtures/demo.html',
    steps: [
      ['type', /(nv_\w+) textbox "Full name"/, 'Grace Hopper'],
      ['type', /(nv_\w+) textbox "Email"/, 'grace@example.com'],
      ['select', /(nv_\w+) combobox "Country"/, 'Italy'],
      ['uncheck', /(nv_\w+) checkbox "This is a gift"/],
      ['type', /(nv_\w+) textbox "Delivery notes"/, 'Ring twice'],
      ['check', /(nv_\w+) radio "Express"/],
      ['click', /(nv_\w+) button "Place order"/],
    ],
  },
  {
    name: 'menu: open and pick (twice), then act',
    url: '/fixtures/apps/feed/index.html?per=20&total=200',
    steps: [
      ['click', /(nv_\w+) button "Sort: Oldest"/],
      ['click', /(nv_\w+) menuitem "Newest"/],
      ['click', /(nv_\w+) button "Sort: Newest"/],
      ['click', /(nv_\w+) menuitem "Most liked"/],
      ['click', /(nv_\w+) button "Like"/],
    ],
  },
  {
    name: 'long list: page through, like one per page',
    url: '/fixtures/apps/feed/index.html?per=20&total=200',
    steps: [
      ['click', /(nv_\w+) button "Like"/],
      ['click', /(nv_\w+) button "Next page"/],
      ['click', /(nv_\w+) button "Like"/],
      ['click', /(nv_\w+) button "Next page"/],
      ['click', /(nv_\w+) button "Like"/],
      ['click', /(nv_\w+) button "Next page"/],
      ['click', /(nv_\w+) button "Like"/],
      ['click', /(nv_\w+) button "Next page"/],
      ['click', /(nv_\w+) button "Like"/],
      ['click', /(nv_\w+) button "Previous page"/],
    ],
  },
  {
    name: 'banner: dismiss, then act',
    url: '/fixtures/apps/modal/index.html',
    steps: [
      ['click', /(nv_\w+) button "Accept all"/],
      ['click', /(nv_\w+) button "Buy now"/],
      ['click', /(nv_\w+) button "Open settings"/],
      ['click', /(nv_\w+) button "Close"/],
      ['click', /(nv_\w+) button "Buy now"/],
    ],
  },
];

async function open(page, url) {
  await page.goto(BASE + url);
  await page.addScriptTag({ content: LIB });
  await page.evaluate(() => (window.__t = new window.BrowserXDomTool.DomTool()));
}

/** Runs one task in one mode; returns the tokens the agent received. */
async function runTask(page, task, mode) {
  await open(page, task.url);
  let received = 0;
  // What the agent has read so far: ids are looked up in it (as an LLM would).
  let memory = '';
  const look = async () => {
    if (mode === 'c') {
      const aria = await page.ariaSnapshot({ mode: 'ai', timeout: 0 });
      received += tokens(aria);
      // The Playwright agent would use aria refs; the harness still needs DomTool ids to act.
      memory = await page.evaluate(() => window.__t.getText({ tokenBudget: 0, force: true }));
      return;
    }
    const text = await page.evaluate(() => window.__t.getText());
    received += tokens(text);
    memory = text + '\n' + memory;
  };
  await look();
  for (let s = 0; s < task.steps.length; s++) {
    const [action, pattern, arg] = task.steps[s];
    // (b): the agent asks for the changes only when what it read (effects included) does not show its next target.
    if ((mode === 'b' || mode === 'd') && s > 0 && !pattern.exec(memory)) {
      const changes = await page.evaluate(() => window.__t.getChanges());
      received += tokens(changes.text);
      if (process.env.DEBUG_TASKS)
        console.log('  changes before step', s, changes.kind, changes.reason ?? '', tokens(changes.text));
      memory = changes.text + '\n' + memory;
    }
    const act = async () => {
      const m = pattern.exec(memory);
      if (!m)
        throw new Error(
          `${task.name} (${mode}): no line matches ${pattern} in what the agent saw:\n${memory.slice(0, 3000)}`,
        );
      return page.evaluate(
        ([a, id, x]) => (x === undefined ? window.__t[a](id) : window.__t[a](id, x)),
        [action, m[1], arg],
      );
    };
    let result = await act();
    const deltas = mode === 'b' || mode === 'd';
    if (!result.success && deltas && result.error?.code === 'STALE_NODE') {
      // The id it remembered is gone (ids are never reused): the agent reads the changes and retries.
      received += tokens(mode === 'd' ? result.text : JSON.stringify({ success: false, error: result.error }));
      const changes = await page.evaluate(() => window.__t.getChanges());
      received += tokens(changes.text);
      if (process.env.DEBUG_TASKS)
        console.log('  stale retry at step', s, changes.kind, changes.reason ?? '', tokens(changes.text));
      memory = changes.text + '\n' + memory;
      result = await act();
    }
    if (!result.success)
      throw new Error(`${task.name} (${mode}): ${action} ${m[1]} failed: ${JSON.stringify(result.error)}`);
    if (mode === 'd') {
      // The agent reads the one-line result; the ids it names are what it remembers.
      received += tokens(result.text);
      if (process.env.DEBUG_TASKS) console.log('  step', s, action, tokens(result.text), result.text);
      memory = result.text.replace(/, (?=nv_)/g, '\n') + '\n' + memory;
    } else if (mode === 'b') {
      // The agent reads the result (success + what appeared) and the delta.
      const said = JSON.stringify({ success: result.success, appeared: result.effect?.appeared ?? {} });
      received += tokens(said);
      if (process.env.DEBUG_TASKS) console.log('  step', s, action, tokens(said));
      // What the agent understood from it (the JSON escapes quotes; the harness matches plain lines).
      const appeared = result.effect?.appeared ?? {};
      memory = [
        ...(appeared.controls ?? []),
        appeared.opened ? `${appeared.opened.id} ${appeared.opened.role} "${appeared.opened.name}"` : '',
        memory,
      ].join('\n');
    } else {
      received += tokens(JSON.stringify({ success: result.success }));
      await look();
    }
  }
  return received;
}

const server = startServer(PORT);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const rows = [];
try {
  for (const task of TASKS) {
    const a = await runTask(page, task, 'a');
    const b = await runTask(page, task, 'b');
    const c = await runTask(page, task, 'c');
    const d = await runTask(page, task, 'd');
    rows.push({ name: task.name, steps: task.steps.length, a, b, c, d });
    console.log(`${task.name}: a=${a} b=${b} c=${c} d=${d} b/a=${(b / a).toFixed(2)} d/c=${(d / c).toFixed(2)}`);
  }
} finally {
  await browser.close();
  server.close();
}
const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
const lines = [
  '| Task | Steps | (a) full text every step | (b) deltas + effects (JSON) | (c) Playwright AI snapshot every step | (d) deltas + result texts | b / a | b / c | d / c |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.steps} | ${r.a} | ${r.b} | ${r.c} | ${r.d} | ${(r.b / r.a).toFixed(2)} | ${(r.b / r.c).toFixed(2)} | ${(r.d / r.c).toFixed(2)} |`,
  ),
  `| **all tasks** | ${sum('steps')} | ${sum('a')} | ${sum('b')} | ${sum('c')} | ${sum('d')} | ${(sum('b') / sum('a')).toFixed(2)} | ${(sum('b') / sum('c')).toFixed(2)} | ${(sum('d') / sum('c')).toFixed(2)} |`,
];
// A section of bench/results.md (bench/run.mjs keeps it when it rewrites the file).
const section = [
  '<!-- tasks:start -->',
  '## Tokens per task (multi-step agents, issue 10)',
  '',
  'Command: `npm run build && BENCH_PORT=4445 node bench/tasks.mjs`. Tokens the agent receives per task (o200k_base):',
  "(a) DomTool `getText()` after every step; (b) the first `getText()`, then each action's result (`success` +",
  '`effect.appeared`, as JSON) and `getChanges().text` whenever what it has read does not show its next target (or its id',
  "turned out to be removed); (c) Playwright `page.ariaSnapshot({ mode: 'ai' })` after every step; (d) as (b) with each",
  "action's one-line `result.text` instead of the JSON (issue 23). Goals: b ≤ 0.3 × a, d ≤ 0.25 × c.",
  `Run ${new Date().toISOString().slice(0, 16)}Z.`,
  '',
  ...lines,
  '<!-- tasks:end -->',
  '',
].join('\n');
const resultsUrl = new URL('./results.md', import.meta.url);
let md = '';
try {
  md = readFileSync(resultsUrl, 'utf8');
} catch {
  md = '';
}
md = /<!-- tasks:start -->[\s\S]*<!-- tasks:end -->\n?/.test(md)
  ? md.replace(/<!-- tasks:start -->[\s\S]*<!-- tasks:end -->\n?/, section)
  : md.replace(/\n*$/, '\n\n') + section;
writeFileSync(resultsUrl, md);
console.log(lines.join('\n'));
