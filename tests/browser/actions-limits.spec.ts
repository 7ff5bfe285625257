// Known limits, and what the library reports for them (never a false success).
import { expect, test } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

const PORT = Number(process.env.DOMTOOL_TEST_PORT ?? 4173);

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/apps/modal/index.html', 'window.__modal');
  await page.evaluate(() => (document.getElementById('cookie')!.hidden = true));
});

test('a click handler that ignores untrusted events → success with noObservableEffect and a note', async ({ page }) => {
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.textContent = 'Trusted clicks only';
    b.addEventListener('click', (e) => {
      if (e.isTrusted) b.textContent = 'Clicked';
    });
    document.body.appendChild(b);
  });
  const r = await act(page, 'click', await findId(page, { role: 'button', name: 'Trusted clicks only' }));
  expect(r.success).toBe(true);
  expect(r.noObservableEffect).toBe(true);
  expect(r.notes?.join(' ')).toContain('untrusted');
});

test('file inputs cannot be typed into (VALIDATION_ERROR); clicking one opens no picker and says so', async ({
  page,
}) => {
  await page.evaluate(() => {
    const l = document.createElement('label');
    l.textContent = 'Attachment ';
    const i = document.createElement('input');
    i.type = 'file';
    l.appendChild(i);
    document.body.appendChild(l);
  });
  const file = await findId(page, { name: 'Attachment' });
  const t = await act(page, 'type', file, 'C:/x.txt');
  expect(t.error?.code).toBe('VALIDATION_ERROR');
  const c = await act(page, 'click', file);
  expect(c.success).toBe(true);
  expect(c.noObservableEffect).toBe(true);
});

test('a cross-origin iframe is CROSS_ORIGIN, not recoverable', async ({ page }) => {
  await page.evaluate((port) => {
    const f = document.createElement('iframe');
    f.src = `http://127.0.0.1:${port + 1}/fixtures/apps/iframe/frame.html`;
    f.title = 'Foreign';
    document.body.appendChild(f);
    return new Promise((r) => (f.onload = r));
  }, PORT);
  const frame = await findId(page, { tag: 'iframe' });
  const r = await act(page, 'click', frame);
  expect(r.error?.code, r.error?.message).toBe('CROSS_ORIGIN');
  expect(r.error?.recoverable).toBe(false);
});

test('hidden elements are NOT_ACTIONABLE with advice', async ({ page }) => {
  const buy = await findId(page, { role: 'button', name: 'Buy now' });
  await page.evaluate(() => (document.getElementById('buy')!.style.visibility = 'hidden'));
  const r = await act(page, 'click', buy);
  expect(r.error?.code).toBe('NOT_ACTIONABLE');
  expect(r.error?.message).toContain('not visible');
  expect(await page.evaluate(() => (window as any).__modal.bought)).toBe(0);
});

test('actions survive a hostile page world (patched Array.from, polluted prototypes)', async ({ page }) => {
  await page.evaluate(() => {
    (Array as any).from = () => [];
    (Object.prototype as any).polluted = 'x';
    (Array.prototype as any).extra = function () {};
    (Array.prototype as any).toJSON = function () {
      return 'broken';
    };
    const i = document.createElement('input');
    i.setAttribute('aria-label', 'Hostile field');
    document.body.appendChild(i);
    const s = document.createElement('select');
    s.setAttribute('aria-label', 'Hostile select');
    s.innerHTML = '<option>One</option><option>Two</option>';
    document.body.appendChild(s);
  });
  const field = await findId(page, { role: 'textbox', name: 'Hostile field' });
  const t = await page.evaluate(async (id) => {
    const r = await window.__tool.type(id, 'ok');
    return {
      success: r.success,
      value: (document.querySelector('input[aria-label="Hostile field"]') as HTMLInputElement).value,
    };
  }, field);
  expect(t).toEqual({ success: true, value: 'ok' });
  const sel = await findId(page, { role: 'combobox', name: 'Hostile select' });
  const s = await page.evaluate(async (id) => (await window.__tool.select(id, 'Two')).success, sel);
  expect(s).toBe(true);
  const buy = await findId(page, { role: 'button', name: 'Buy now' });
  const c = await page.evaluate(async (id) => (await window.__tool.click(id)).success, buy);
  expect(c).toBe(true);
  expect(await page.evaluate(() => (window as any).__modal.bought)).toBe(1);
});
