// No result claims what was not observed, whatever the machine's speed: a page that ticks
// (a price updating every 50 ms) on a main thread slowed 20× (CDP CPU throttling in this
// driver only; the library is pure DOM) must not have its ticker reported as the click's
// effect. A busy thread delays the ticker's timer: a gap in wall-clock time is not
// evidence that the ticker stopped.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';

const TICKER = `
  <main>
    <h1>Market</h1>
    <p role="status">Price: <span id="price">0</span></p>
    <button id="idle" type="button">Nothing</button>
    <button id="note" type="button">Note</button>
    <p id="out" role="alert"></p>
    <button id="stop" type="button">Stop</button>
    <button id="start" type="button">Start</button>
  </main>
  <script>
    let n = 0;
    const tick = () => { document.getElementById('price').textContent = String(++n); };
    let timer = setInterval(tick, 50);
    document.getElementById('stop').addEventListener('click', () => { clearInterval(timer); timer = 0; });
    document.getElementById('start').addEventListener('click', () => { if (!timer) timer = setInterval(tick, 50); });
    let k = 0;
    document.getElementById('note').addEventListener('click', () => {
      document.getElementById('out').textContent = 'Noted ' + (++k);
    });
  </script>`;

async function setup(page: Page, settleTimeoutMs = 10000): Promise<void> {
  await loadHtml(page, TICKER);
  await page.evaluate(async (settleTimeoutMs) => {
    const w = window as any;
    // A throttled machine: the tool may wait as long as it needs (what is tested is what it says).
    w.__t = new w.BrowserXDomTool.DomTool({ settleTimeoutMs, timeBudgetMs: 10000 });
    w.__text = await w.__t.getText();
  }, settleTimeoutMs);
  await page.waitForTimeout(400);
}

/** Clicks the button; `busyMs`: the page's main thread is busy that long first (a long task of its own). */
async function click(page: Page, name: string, busyMs = 0): Promise<any> {
  return page.evaluate(
    async ([name, busyMs]) => {
      const w = window as any;
      const id = new RegExp('(nv_\\w+) button "' + name + '"').exec(w.__text)![1];
      for (const start = performance.now(); performance.now() - start < busyMs; );
      return w.__t.click(id);
    },
    [name, busyMs] as const,
  );
}

test("under 20x CPU throttling a ticker is never reported as a click's effect", async ({ page }) => {
  test.setTimeout(180_000);
  await setup(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  try {
    const lines: string[] = [];
    for (let i = 0; i < 10; i++) {
      const idle = await click(page, 'Nothing', i % 2 ? 300 : 0);
      lines.push('idle: ' + idle.text);
      const note = await click(page, 'Note');
      lines.push('note: ' + note.text);
    }
    for (const line of lines) expect(line).not.toContain('Price');
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});

test("a ticker that stopped and an action restarts is the action's effect", async ({ page }) => {
  // The restarted ticker keeps the page busy: the default settle timeout ends the wait.
  await setup(page, 1500);
  const stop = await click(page, 'Stop');
  expect(stop.success).toBe(true);
  // Stopped for longer than the history's judgement needs: the next action finds it late, watches one more interval, and no tick comes.
  await page.waitForTimeout(600);
  const idle = await click(page, 'Nothing');
  expect(idle.noObservableEffect, idle.text).toBe(true);
  const start = await click(page, 'Start');
  expect(start.noObservableEffect, start.text).toBeUndefined();
  expect(start.effect.mutations, start.text).toBeGreaterThan(0);
  // What the action started, and that it keeps going.
  expect(start.text).toMatch(/^ok; message "Price: \d+"; page still busy \(not settled\)$/);
});
