// Native controls under a custom look (issue 8): listed as the control with its state;
// acting on the id clicks what a person clicks (the control at opacity 0, or its label
// when the control is clipped away / pointer-events:none / zero-size). The result is
// read from the app's own state.
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

test('TodoMVC toggles (opacity 0 over a drawn circle) are checkboxes with their state; clicking one toggles the todo', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/widgets/custom-look.html', 'window.__ready');
  const text: string = await page.evaluate(async () => (await window.__tool.getSnapshot({ force: true })).toText());
  expect(text).toMatch(/nv_\w+ checkbox \[checked hint="todo"\]\n\s+Buy milk/);
  const walk = await findId(page, { role: 'checkbox', nth: 1 });
  const r = await act(page, 'click', walk);
  expect(r.success).toBe(true);
  expect(await appState(page, '__app.todos')).toEqual([true, true]);
  expect((await act(page, 'uncheck', await findId(page, { role: 'checkbox', nth: 0 }))).success).toBe(true);
  expect(await appState(page, '__app.todos')).toEqual([false, true]);
});

test('Bootstrap checkable list group: clipped pointer-events:none radios are listed with state and chosen through their label', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/widgets/custom-look.html', 'window.__ready');
  const text: string = await page.evaluate(async () => (await window.__tool.getSnapshot({ force: true })).toText());
  expect(text).toContain('radio "Basic plan Free forever" [checked]');
  expect(text).toContain('radio "Pro plan $9 a month" [unchecked]');
  // The labels are the stand-ins: no second id for them.
  expect(text).not.toMatch(/clickable: (Basic|Pro) plan/);
  const pro = await findId(page, { role: 'radio', name: 'Pro plan $9 a month' });
  const r = await act(page, 'click', pro);
  expect(r.success).toBe(true);
  expect(await appState(page, '__app.plan')).toBe('pro');
  const after: string = await page.evaluate(async () => (await window.__tool.getSnapshot({ force: true })).toText());
  expect(after).toMatch(/radio "Pro plan \$9 a month" \[checked/);
});

test('Bootstrap disabled "Loading…" buttons (spinner + text, pointer-events:none) are listed [disabled] and refused', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/widgets/custom-look.html', 'window.__ready');
  const text: string = await page.evaluate(async () => (await window.__tool.getSnapshot({ force: true })).toText());
  expect(text.match(/button "Loading\.\.\." \[disabled\]/g)).toHaveLength(2);
  const r = await act(page, 'click', await findId(page, { role: 'button', name: 'Loading...' }));
  expect(r.success).toBe(false);
  expect(r.error?.code).toBe('NOT_ACTIONABLE');
});

test('a switch drawn over a zero-size checkbox: listed as the checkbox; click and check go through its label', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/widgets/inline-switch.html', 'window.__ready');
  const dark = await findId(page, { role: 'checkbox', name: 'Dark mode' });
  expect((await act(page, 'click', dark)).success).toBe(true);
  expect(await appState(page, '__app.dark')).toBe(true);
  expect((await act(page, 'uncheck', dark)).success).toBe(true);
  expect(await appState(page, '__app.dark')).toBe(false);
});
