// Inputs with a value format, in React 19 (controlled): type() reads natural dates,
// times, months, weeks and colours into the canonical value and React's state gets
// it; the snapshot shows the format. A native <select multiple>, and a custom
// calendar (react-day-picker from npm) whose day cells carry ids and full-date names.
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

type Fields = Record<'date' | 'time' | 'meeting' | 'month' | 'week' | 'color', string>;
const state = (page: Page) =>
  appState<{ fields: Fields; toppings: string[]; picked: string | null }>(page, 'window.__dates');

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/apps/dates/index.html', 'window.__dates');
});

test('the snapshot shows the value format of date/time/colour inputs', async ({ page }) => {
  const text = await page.evaluate(async () =>
    (window as unknown as { __tool: { getText(o: object): Promise<string> } }).__tool.getText({ force: true }),
  );
  expect(text).toMatch(/"Start date" \[[^\]]*format=YYYY-MM-DD/);
  expect(text).toMatch(/"Start time" \[[^\]]*format=HH:MM/);
  expect(text).toMatch(/"Sprint week" \[[^\]]*format=YYYY-Www/);
  expect(text).toMatch(/"Theme colour" \[[^\]]*format=#rrggbb/);
});

test('natural values land in React state in the format the input expects', async ({ page }) => {
  const date = await findId(page, { name: 'Start date' });
  const r = await act(page, 'type', date, 'Nov 22, 2026');
  expect(r.error).toBeUndefined();
  expect(r.effect?.valueAfter).toBe('2026-11-22');
  expect(r.notes?.join(' ')).toContain('2026-11-22');
  expect((await state(page)).fields.date).toBe('2026-11-22');
  expect((await act(page, 'type', date, '2026-12-01')).success).toBe(true);
  expect((await state(page)).fields.date).toBe('2026-12-01');

  const ambiguous = await act(page, 'type', date, '03/04/2026');
  expect(ambiguous.error?.code).toBe('VALIDATION_ERROR');
  expect(ambiguous.error?.message).toContain('ambiguous');
  expect((await state(page)).fields.date).toBe('2026-12-01');

  expect((await act(page, 'type', await findId(page, { name: 'Start time' }), '3:30 pm')).success).toBe(true);
  expect((await act(page, 'type', await findId(page, { name: 'Meeting' }), 'Nov 22, 2026 at 9:15 am')).success).toBe(
    true,
  );
  expect((await act(page, 'type', await findId(page, { name: 'Billing month' }), 'November 2026')).success).toBe(true);
  expect((await act(page, 'type', await findId(page, { name: 'Sprint week' }), '2026-11-22')).success).toBe(true);
  expect((await act(page, 'type', await findId(page, { name: 'Theme colour' }), 'rebeccapurple')).success).toBe(true);
  expect((await state(page)).fields).toEqual({
    date: '2026-12-01',
    time: '15:30',
    meeting: '2026-11-22T09:15',
    month: '2026-11',
    week: '2026-W47',
    color: '#663399',
  });
});

test('native select multiple: several options by label', async ({ page }) => {
  const toppings = await findId(page, { name: 'Toppings' });
  const r = await act(page, 'select', toppings, ['Olives', 'Basil']);
  expect(r.error).toBeUndefined();
  expect((await state(page)).toppings).toEqual(['olives', 'basil']);
});

test('custom calendar: day cells have ids and full-date names; clicking one picks it', async ({ page }) => {
  await act(page, 'click', await findId(page, { role: 'button', name: 'Choose delivery date' }));
  const text = await page.evaluate(async () =>
    (window as unknown as { __tool: { getText(o: object): Promise<string> } }).__tool.getText({ force: true }),
  );
  expect(text).toMatch(/nv_\w+ button "[^"]*November 24(th)?, 2026"/);
  const day = await findId(page, { role: 'button', name: /November 24(th)?, 2026/ });
  const r = await act(page, 'click', day);
  expect(r.error).toBeUndefined();
  expect((await state(page)).picked).toBe('2026-11-24');
});
