// Issue 33: one vocabulary. Every action that takes an element takes `{ text }` (the text
// the agent read, A9) as well as a node id; keypress takes its element first; every
// result says `ok` (with `success`, deprecated, the same value). The older forms still
// work for one release: each test drives the page and reads the page's own state.
import { expect, test, type Page } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';
import type { InspectResult } from '../../src/types';

const FORM = `
  <label>Email <input id="email" value="old@example.com"></label>
  <label>Country <select id="country"><option>Chile</option><option>France</option><option>Peru</option></select></label>
  <label><input type="checkbox" id="terms"> I accept the terms</label>
  <label>Search <input id="search"></label>
  <div id="log" aria-live="polite"></div>
  <div id="box" style="height:80px;overflow:auto;border:1px solid #999"><div style="height:600px">Reviews<br>Tall content</div></div>
  <button id="buy" type="button">Buy now</button>`;
const SCRIPT = `
  window.__keys = [];
  document.getElementById('search').addEventListener('keydown', (e) => window.__keys.push('search:' + e.key));
  document.addEventListener('keydown', (e) => { if (e.target === document.body) window.__keys.push('body:' + e.key); });
  document.getElementById('buy').addEventListener('click', () => { document.getElementById('log').textContent = 'bought'; });`;

async function setup(page: Page): Promise<void> {
  await openFixture(page, '/tests/browser/helpers/blank.html');
  await page.evaluate(
    ({ html, script }) => {
      document.body.innerHTML = html;
      new Function(script)();
    },
    { html: FORM, script: SCRIPT },
  );
  await call(page, 'getText', { force: true });
}

/** A DomTool request other than an action (getText, inspect, find…), in the page. */
function call<T>(
  page: Page,
  method: 'getText' | 'inspect' | 'find' | 'getChanges' | 'highlight' | 'waitForStable',
  ...args: unknown[]
): Promise<T> {
  return page.evaluate(
    ({ method, args }) =>
      (window as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<T>>>).__tool[method](...args),
    { method, args },
  );
}

const value = (page: Page, id: string) =>
  page.evaluate((id) => (document.getElementById(id) as HTMLInputElement).value, id);

test('type, select, check, uncheck, focus and clear take { text }', async ({ page }) => {
  await setup(page);
  const typed = await act(page, 'type', { text: 'Email' }, 'ada@example.com');
  expect(typed.ok, JSON.stringify(typed)).toBe(true);
  expect(typed.success).toBe(typed.ok);
  expect(await value(page, 'email')).toBe('ada@example.com');

  const selected = await act(page, 'select', { text: 'Country' }, ['France']);
  expect(selected.ok, JSON.stringify(selected)).toBe(true);
  expect(await value(page, 'country')).toBe('France');

  expect((await act(page, 'check', { text: 'I accept the terms' })).ok).toBe(true);
  expect(await page.evaluate(() => (document.getElementById('terms') as HTMLInputElement).checked)).toBe(true);
  expect((await act(page, 'uncheck', { text: 'I accept the terms' })).ok).toBe(true);
  expect(await page.evaluate(() => (document.getElementById('terms') as HTMLInputElement).checked)).toBe(false);

  expect((await act(page, 'focus', { text: 'Search' })).ok).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');

  expect((await act(page, 'clear', { text: 'Email' })).ok).toBe(true);
  expect(await value(page, 'email')).toBe('');
});

test('keypress takes its element first ({ text }, an id, or null for the focus); the old form still works', async ({
  page,
}) => {
  await setup(page);
  const keys = () => page.evaluate(() => (window as unknown as { __keys: string[] }).__keys.slice());
  const byText = await act(page, 'keypress', { text: 'Search' }, 'a');
  expect(byText.ok, JSON.stringify(byText)).toBe(true);
  expect(await keys()).toEqual(['search:a']);
  const search = await findId(page, { role: 'textbox', name: 'Search' });
  expect((await act(page, 'keypress', search, 'b')).ok).toBe(true);
  expect(await keys()).toEqual(['search:a', 'search:b']);
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  expect((await act(page, 'keypress', null, 'Escape')).ok).toBe(true);
  expect(await keys()).toEqual(['search:a', 'search:b', 'body:Escape']);
  // Deprecated: keypress(key, { id }).
  expect((await act(page, 'keypress', 'c', { id: search })).ok).toBe(true);
  expect(await keys()).toEqual(['search:a', 'search:b', 'body:Escape', 'search:c']);
  // A wrong element is refused before any key is pressed.
  const bad = await act(page, 'keypress', { text: '' }, 'd');
  expect(bad).toMatchObject({ ok: false, success: false, error: { code: 'VALIDATION_ERROR' } });
  expect(await keys()).toHaveLength(4);
});

test('scroll and inspect take { text }; inspect says ok', async ({ page }) => {
  await setup(page);
  const scrolled = await act(page, 'scroll', { text: 'Tall content' }, { direction: 'down', amount: 100 });
  expect(scrolled.ok, JSON.stringify(scrolled)).toBe(true);
  expect(await page.evaluate(() => document.getElementById('box')!.scrollTop)).toBe(100);

  const buy = await findId(page, { role: 'button', name: 'Buy now' });
  const inspected = await call<InspectResult>(page, 'inspect', { text: 'Buy now' });
  expect(inspected).toMatchObject({ ok: true, id: buy, found: true, actionable: true });
  const missing = await call<InspectResult>(page, 'inspect', { text: 'Nothing like this' });
  expect(missing).toMatchObject({ ok: false, found: false, error: { code: 'ELEMENT_NOT_FOUND' } });
  expect(await page.evaluate(() => document.getElementById('log')!.textContent)).toBe('');
});

test('select takes `values`, and the result text is always set', async ({ page }) => {
  await setup(page);
  const country = await findId(page, { role: 'combobox', name: 'Country' });
  const r = await act(page, 'select', country, 'Peru');
  expect(r.ok).toBe(true);
  expect(typeof r.text).toBe('string');
  expect(r.text.length).toBeGreaterThan(0);
  expect(await value(page, 'country')).toBe('Peru');
  const refused = await act(page, 'select', country, [3]);
  expect(refused).toMatchObject({
    ok: false,
    success: false,
    error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('values') },
  });
});

test('find, getChanges, highlight and waitForStable say ok; a refusal says ok: false and why', async ({ page }) => {
  await setup(page);
  type Answer = { ok: boolean; error?: { code: string; message: string; recoverable: boolean } };
  const found = await call<Answer & { total: number }>(page, 'find', 'Buy now');
  expect(found).toMatchObject({ ok: true, total: 1 });
  expect(found.error).toBeUndefined();
  // No match is still a search that ran.
  expect(await call<Answer>(page, 'find', 'Nothing like this')).toMatchObject({ ok: true, total: 0 });
  await act(page, 'click', { text: 'Buy now' });
  const changes = await call<Answer & { text: string }>(page, 'getChanges');
  expect(changes.ok, JSON.stringify(changes)).toBe(true);
  expect(changes.text).toContain('bought');
  expect(await call<Answer & { shown: number }>(page, 'highlight', 'all')).toMatchObject({ ok: true });
  const stable = await call<Answer & { settled: boolean }>(page, 'waitForStable', { timeoutMs: 2000 });
  expect(stable).toMatchObject({ ok: true, settled: true });

  const refusal = { ok: false, error: { code: 'VALIDATION_ERROR', recoverable: true } };
  expect(await call<Answer>(page, 'find', '')).toMatchObject(refusal);
  expect(await call<Answer>(page, 'getChanges', { maxRatio: 'most' })).toMatchObject(refusal);
  expect(await call<Answer>(page, 'highlight', [42])).toMatchObject(refusal);
  expect(await call<Answer>(page, 'waitForStable', { timeoutMs: 'soon' })).toMatchObject({
    ...refusal,
    settled: false,
  });
});
