// Issue 31 in real Chromium: every result line is true. Each case is a page written
// for it (fixtures/results/) and an action an agent would take there; the test holds
// the result (its one line `text` and its effect fields) to what the page really did,
// read back from the page itself.
import { expect, test, type Page } from '@playwright/test';
import { loadUrl } from './helpers/domtool';
import type {} from './helpers/page-globals';
import type { InspectKind } from '../../src/types';

/** A new DomTool on the page as window.__t. */
async function tool(page: Page, options: Record<string, unknown> = {}): Promise<void> {
  await page.evaluate((o) => {
    const w = window;
    w.__t = new w.BrowserXDomTool.DomTool(o);
  }, options);
}

async function text(page: Page): Promise<string> {
  return page.evaluate(() => window.__t.getText());
}

function idOf(snapshot: string, re: RegExp): string {
  const m = re.exec(snapshot);
  if (!m) throw new Error(`no ${re} in:\n${snapshot}`);
  return m[1];
}

/** Runs `window.__t[method](...args)` in the page. */
async function act(page: Page, method: string, ...args: unknown[]): Promise<any> {
  return page.evaluate(([m, a]) => (window.__t as unknown as Record<string, (...x: unknown[]) => unknown>)[m](...a), [
    method,
    args,
  ] as const);
}

const BLAME = /synthetic/;

test('repeated clicks on a counter: every click changed the count, and every result says so', async ({ page }) => {
  await loadUrl(page, '/fixtures/results/counter.html');
  await tool(page);
  const id = idOf(await text(page), /(nv_\w+) button "Add to cart"/);
  for (let i = 1; i <= 7; i++) {
    const r = await act(page, 'click', id);
    expect(await page.locator('#count').textContent()).toBe(String(i));
    expect(r.success).toBe(true);
    expect(r.noObservableEffect, `click ${i}: ${r.text}`).toBeUndefined();
    expect(r.effect.mutations, `click ${i}`).toBeGreaterThan(0);
    expect(r.text, `click ${i}`).not.toMatch(/no visible effect/);
  }
  // A button that does nothing is still told apart: no change, so "no visible effect".
  const idle = await act(page, 'click', idOf(await text(page), /(nv_\w+) button "Compare"/));
  expect(idle.noObservableEffect).toBe(true);
  expect(idle.text).toMatch(/no visible effect/);
});

test('a link that opens a new tab is not blamed on ignored synthetic events', async ({ page, context }) => {
  await loadUrl(page, '/fixtures/results/beyond.html');
  await tool(page);
  const popup = context.waitForEvent('page');
  const r = await act(page, 'click', idOf(await text(page), /(nv_\w+) link "Open the shop"/));
  expect((await popup).url()).toContain('/fixtures/demo.html');
  expect(r.success).toBe(true);
  expect(r.text).not.toMatch(BLAME);
  expect(r.noObservableEffect).toBeUndefined();
  expect(r.text).toMatch(/new tab/);
  // The page itself stayed where it was.
  expect(r.effect.navigated).toBeUndefined();
  expect(page.url()).toContain('/fixtures/results/beyond.html');
});

test('a download link is not blamed on ignored synthetic events, nor told as a navigation', async ({ page }) => {
  await loadUrl(page, '/fixtures/results/beyond.html');
  await tool(page);
  const snapshot = await text(page);
  for (const [name, file] of [
    ['Download invoice', 'invoice-2026-001.csv'],
    ['Yearly report', 'report-2026.zip'],
  ]) {
    const downloading = page.waitForEvent('download');
    const r = await act(page, 'click', idOf(snapshot, new RegExp(`(nv_\\w+) link "${name}"`)));
    expect((await downloading).suggestedFilename()).toBe(file);
    expect(r.success).toBe(true);
    expect(r.text, name).not.toMatch(BLAME);
    expect(r.text, name).not.toMatch(/navigat/);
    expect(r.effect.navigated, name).toBeUndefined();
    expect(r.effect.leaving, name).toBeUndefined();
    expect(r.noObservableEffect, name).toBeUndefined();
    expect(r.text, name).toMatch(/download/);
  }
  expect(page.url()).toContain('/fixtures/results/beyond.html');
});

test('a scroll at the bottom of the page says it is at the end, and blames nothing', async ({ page }) => {
  await loadUrl(page, '/fixtures/results/beyond.html');
  await tool(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const r = await act(page, 'scroll', 'page', { direction: 'down' });
  expect(r.success).toBe(true);
  expect(r.text).toMatch(/bottom/);
  expect(r.text).not.toMatch(BLAME);
});

test('closing a dialog with Escape: the page behind it did not appear, the dialog closed', async ({ page }) => {
  await loadUrl(page, '/fixtures/results/dialog.html');
  await tool(page);
  const opened = await act(page, 'click', idOf(await text(page), /(nv_\w+) button "Edit profile"/));
  expect(opened.effect.appeared?.opened).toMatchObject({ role: 'dialog', name: 'Edit profile' });
  await text(page);
  const r = await act(page, 'keypress', 'Escape');
  await expect(page.locator('#backdrop')).not.toHaveClass(/open/);
  expect(r.success).toBe(true);
  // Home, Orders, Delete account, the nickname field were there all along, behind the dialog.
  expect(r.effect.appeared?.controls ?? []).toEqual([]);
  expect(r.text).not.toMatch(/new:/);
  expect(r.text).not.toMatch(/no visible effect/);
});

test('a 5,000-row table: rows outside the cut snapshot are not told as new', async ({ page }) => {
  await loadUrl(page, '/fixtures/results/table.html');
  await tool(page);
  const snapshot = await text(page);
  expect(snapshot).toMatch(/Edit order 1"/);
  expect(snapshot).not.toMatch(/Edit order 4000"/);
  const r = await act(page, 'click', idOf(snapshot, /(nv_\w+) button "Refresh totals"/));
  await expect(page.locator('#status')).toHaveText('Totals refreshed (1)');
  expect(r.effect.appeared?.controls ?? []).toEqual([]);
  expect(r.text).toBe('ok; message "Totals refreshed (1)"');
  // A click far down the table scrolls there: the rows that scrolled into view are not new either.
  await text(page);
  const far = await act(page, 'click', { text: 'Edit order 4000' });
  expect(far.success).toBe(true);
  expect(far.effect.appeared?.controls ?? []).toEqual([]);
  expect(far.text).not.toMatch(/new:/);
});

test("a ticker: the first action, with no earlier look, settles; the ticker is not the action's effect", async ({
  page,
}) => {
  await page.route('**/api/results-save', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ message: 'Saved at the server' }) });
  });
  await loadUrl(page, '/fixtures/results/ticker.html');
  await tool(page);
  // No getText first: the action is the first thing DomTool does on the page.
  const first = await act(page, 'click', { text: 'Add to watchlist' });
  expect(first.success).toBe(true);
  expect(first.effect.settled, first.text).toBe(true);
  expect(first.text).toBe('ok; message "Added to your watchlist"');
  const idle = await act(page, 'click', { text: 'Nothing' });
  expect(idle.effect.settled).toBe(true);
  expect(idle.noObservableEffect, idle.text).toBe(true);
  expect(idle.effect.mutations).toBe(0);
  // A request the click started is still waited for: its answer is in the result.
  const save = await act(page, 'click', { text: 'Save' });
  expect(save.effect.settled).toBe(true);
  expect(save.duration).toBeGreaterThan(380);
  expect(save.text).toBe('ok; message "Saved at the server"');
});

test('type(id, text, { replace: false }) appends at the end of a pre-filled input, textarea and editor', async ({
  page,
}) => {
  await loadUrl(page, '/fixtures/results/prefilled.html');
  await tool(page);
  const snapshot = await text(page);
  const cases: [RegExp, string, string, () => string][] = [
    [/(nv_\w+) textbox "Full name"/, ' Byron', 'Ada Lovelace Byron', () => '#full'],
    [/(nv_\w+) textbox "About"/, ' Poet.', 'Mathematician. Poet.', () => '#about'],
    [/(nv_\w+) textbox "Bio"/, ' In 1843.', 'Wrote the first program. In 1843.', () => '#bio'],
  ];
  for (const [re, typed, expected, selector] of cases) {
    // The caret sits at the start, where a page's autofocus or an earlier click may have left it.
    await page.evaluate((sel) => {
      const el = document.querySelector(sel) as HTMLElement;
      el.focus();
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.setSelectionRange(0, 0);
      else getSelection()!.collapse(el.firstChild, 0);
      el.blur();
    }, selector());
    const r = await act(page, 'type', idOf(snapshot, re), typed, { replace: false });
    expect(r.success, r.text).toBe(true);
    const value = await page.evaluate((sel) => {
      const el = document.querySelector(sel) as HTMLInputElement;
      return el.localName === 'div' ? el.textContent : el.value;
    }, selector());
    expect(value).toBe(expected);
    expect(r.text).not.toMatch(/reject|changed the typed/);
  }
});

test('Object.prototype.tokenBudget = 1 does not empty the snapshot: options are read as own properties', async ({
  page,
}) => {
  await loadUrl(page, '/fixtures/results/counter.html');
  await page.evaluate(() => {
    (Object.prototype as any).tokenBudget = 1;
    (Object.prototype as any).maxNodes = 1;
  });
  await tool(page);
  const snapshot = await text(page);
  const viaOptions = await page.evaluate(() => window.__t.getText({}));
  await page.evaluate(() => {
    delete (Object.prototype as any).tokenBudget;
    delete (Object.prototype as any).maxNodes;
  });
  for (const t of [snapshot, viaOptions]) {
    expect(t).toMatch(/button "Add to cart"/);
    expect(t).not.toMatch(/# truncated/);
  }
});

test('callPageTool with a 1 MB tool name answers a few hundred characters, not the name', async ({ page }) => {
  await loadUrl(page, '/fixtures/results/counter.html');
  await tool(page);
  const r = await page.evaluate(() => window.__t.callPageTool('x'.repeat(1 << 20), {}));
  expect(r.success).toBe(false);
  expect(JSON.stringify(r).length).toBeLessThan(2000);
  expect(r.text.length).toBeLessThan(400);
});

test('a control state the action changed is its effect, though no mutation shows it', async ({ page }) => {
  await loadUrl(page, '/fixtures/results/controls.html');
  await tool(page);
  const snapshot = await text(page);
  // A label's text: the click lands on the label and the browser checks its radio.
  const express = await act(page, 'click', { text: 'Express' });
  expect(await page.locator('input[value=exp]').isChecked()).toBe(true);
  expect(express.noObservableEffect, express.text).toBeUndefined();
  expect(express.text).not.toMatch(/no visible effect/);
  // Scripts that set a value, checked states, a select's choice: properties, not attributes.
  const cases: [string, () => Promise<unknown>, unknown][] = [
    ['Use my address', () => page.locator('#street').inputValue(), '12 Analytical Row'],
    ['Select all extras', () => page.locator('.extra:checked').count(), 2],
    ['Pick large', () => page.locator('#size').inputValue(), 'Large'],
  ];
  for (const [name, read, expected] of cases) {
    const r = await act(page, 'click', idOf(snapshot, new RegExp(`(nv_\\w+) button "${name}"`)));
    expect(await read()).toBe(expected);
    expect(r.noObservableEffect, `${name}: ${r.text}`).toBeUndefined();
    expect(r.text, name).not.toMatch(/no visible effect/);
  }
  // A button that changes nothing is still told apart.
  const idle = await act(page, 'click', idOf(snapshot, /(nv_\w+) button "Compare"/));
  expect(idle.noObservableEffect, idle.text).toBe(true);
});

test('the first action, with no snapshot before it: a changed control is not "new", an added one is', async ({
  page,
}) => {
  await loadUrl(page, '/fixtures/results/controls.html');
  // No getText: each action is the first thing its DomTool does on the page.
  await tool(page);
  const bold = await act(page, 'click', { text: 'Bold' });
  expect(await page.locator('#bold').getAttribute('aria-pressed')).toBe('true');
  expect(bold.noObservableEffect, bold.text).toBeUndefined();
  expect(bold.effect.appeared?.controls ?? [], bold.text).toEqual([]);
  expect(bold.text).not.toMatch(/new:/);
  await tool(page);
  const more = await act(page, 'click', { text: 'More options' });
  await expect(page.locator('#notes')).toBeVisible();
  expect(more.text).not.toMatch(/new:[^;]*More options/);
  await tool(page);
  const add = await act(page, 'click', { text: 'Add filter' });
  await expect(page.locator('#filters button')).toHaveText('Remove filter 1');
  expect(add.effect.appeared?.controls ?? [], add.text).toEqual([expect.stringMatching(/button "Remove filter 1"/)]);
  expect(add.text).toMatch(/new: nv_\w+ button "Remove filter 1"/);
});

test("slow page timers (1 s, 2 s) are the page's rhythm, not the effect of an action they fall into", async ({
  page,
}) => {
  await loadUrl(page, '/fixtures/results/clock.html');
  await tool(page);
  const snapshot = await text(page);
  // The agent reads and thinks for a few seconds, as agents do: each timer beats a few times meanwhile.
  const seen = await page.evaluate(() => (window as any).ticks.tip.length);
  await page.waitForFunction((n) => (window as any).ticks.tip.length >= n + 3, seen, { timeout: 15_000 });
  const idle = idOf(snapshot, /(nv_\w+) button "Compare"/);
  for (const timer of ['clock', 'tip']) {
    let fell = 0;
    for (let attempt = 0; attempt < 6 && fell < 2; attempt++) {
      // Starts the click shortly before the timer's next beat, so that the beat falls inside the action.
      const { r, inside } = await page.evaluate(
        async ([id, which]) => {
          const w = window as any;
          const list: number[] = w.ticks[which];
          const interval = which === 'clock' ? 1000 : 2000;
          await new Promise((res) => setTimeout(res, list[list.length - 1] + interval - performance.now() - 120));
          const n = list.length;
          const t0 = performance.now();
          const r = await w.__t.click(id);
          return { r, inside: list.length > n && list[n] >= t0 };
        },
        [idle, timer] as const,
      );
      if (!inside) continue;
      fell++;
      expect(r.noObservableEffect, `${timer}: ${r.text}`).toBe(true);
      expect(r.effect.mutations, `${timer}: ${r.text}`).toBe(0);
      expect(r.text).toMatch(/no visible effect/);
    }
    expect(fell, `${timer}: a beat fell inside an action`).toBeGreaterThan(0);
  }
  // The action changing the clock itself, off its beat, is the action's effect.
  await page.waitForFunction(() => {
    const list = (window as any).ticks.clock;
    const since = performance.now() - list[list.length - 1];
    return since > 300 && since < 500;
  });
  const refresh = await act(page, 'click', idOf(snapshot, /(nv_\w+) button "Refresh clock"/));
  expect(refresh.noObservableEffect, refresh.text).toBeUndefined();
  expect(refresh.effect.mutations).toBeGreaterThan(0);
});

test('a download with no file name: asked for by a script, or an answer that is a file — never a navigation told as done', async ({
  page,
}) => {
  await loadUrl(page, '/fixtures/results/beyond.html');
  await tool(page);
  const snapshot = await text(page);
  // A script's blob: URL on an anchor it never attaches: no link of the page was clicked.
  const saving = page.waitForEvent('download');
  const r = await act(page, 'click', idOf(snapshot, /(nv_\w+) button "Export table"/));
  await saving;
  expect(r.success).toBe(true);
  expect(r.noObservableEffect, r.text).toBeUndefined();
  expect(r.text).not.toMatch(BLAME);
  expect(r.text).toMatch(/download/);
  expect(r.effect.navigated).toBeUndefined();
  // A link the server answers with a file (Content-Disposition, with or without a name): the page
  // cannot know that yet; it says the navigation began, not that it arrived.
  for (const name of ['Archive of 2025', 'Export all reports']) {
    const downloading = page.waitForEvent('download');
    const link = await act(page, 'click', idOf(snapshot, new RegExp(`(nv_\\w+) link "${name}"`)));
    await downloading;
    expect(link.success).toBe(true);
    expect(link.text, name).not.toMatch(/navigated to/);
    expect(link.text, name).toMatch(/began navigating away.*saves it and this page stays/);
  }
  expect(page.url()).toContain('/fixtures/results/beyond.html');
});

test("inspect(id, kind) goes through the action's own checks: it agrees with the action on every kind (issue 30)", async ({
  page,
}) => {
  await loadUrl(page, '/fixtures/results/controls.html');
  await tool(page);
  const snapshot = await text(page);
  const express = idOf(snapshot, /(nv_\w+) radio "Express"/);
  const standard = idOf(snapshot, /(nv_\w+) radio "Standard"/);
  const street = idOf(snapshot, /(nv_\w+) textbox "Street"/);
  const bold = idOf(snapshot, /(nv_\w+) button "Bold"/);
  const cases: [string, string, string][] = [
    [bold, 'type', 'type'],
    [street, 'check', 'check'],
    [standard, 'uncheck', 'uncheck'],
    [street, 'type', 'type'],
    [express, 'check', 'check'],
    [bold, 'focus', 'focus'],
  ];
  for (const [id, kind, method] of cases) {
    const dry = await page.evaluate(([i, k]) => window.__t.inspect(i, k as InspectKind), [id, kind] as const);
    const args = method === 'type' ? [id, 'x'] : [id];
    const r = await act(page, method, ...args);
    expect(dry.actionable, `${kind} ${id}: ${JSON.stringify(dry.error)} vs ${r.text}`).toBe(r.success);
    if (!r.success) expect(dry.error?.code, kind).toBe(r.error.code);
    await text(page);
  }
  // A kind no action has: refused by the check (hence the cast past the type).
  const bad = await page.evaluate((i) => window.__t.inspect(i, 'fly' as InspectKind), bold);
  expect(bad.error?.code).toBe('VALIDATION_ERROR');
});
