// Actions on a real React 19 form (controlled inputs): every assertion reads
// React's own state (window.__app.state / submissions).
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';
import type { FormState } from '../../fixtures/apps/react-form/state';

const state = (page: Page) => appState<FormState>(page, 'window.__app.state');

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/apps/react-form/index.html', 'window.__app && window.__app.state');
});

test('type into controlled inputs updates React state', async ({ page }) => {
  const name = await findId(page, { role: 'textbox', name: 'Full name' });
  const r = await act(page, 'type', name, 'Ada Lovelace');
  expect(r.success).toBe(true);
  expect(r.snapshotInvalidated).toBe(true);
  expect(r.effect?.valueAfter).toBe('Ada Lovelace');
  expect((await state(page)).name).toBe('Ada Lovelace');

  const email = await findId(page, { role: 'textbox', name: 'Email' });
  expect((await act(page, 'type', email, 'ada@example.com')).success).toBe(true);
  expect((await state(page)).email).toBe('ada@example.com');

  // replace is the default; replace:false appends.
  expect((await act(page, 'type', name, ' King', { replace: false })).success).toBe(true);
  expect((await state(page)).name).toBe('Ada Lovelace King');
  expect((await act(page, 'type', name, 'Grace')).success).toBe(true);
  expect((await state(page)).name).toBe('Grace');
});

test('textarea keeps newlines; maxlength and page reformatting are reported honestly', async ({ page }) => {
  const notes = await findId(page, { role: 'textbox', name: 'Notes' });
  expect((await act(page, 'type', notes, 'line one\nline two', { replace: true })).success).toBe(true);
  expect((await state(page)).notes).toBe('line one\nline two');

  const code = await findId(page, { role: 'textbox', name: 'Promo code' });
  const r = await act(page, 'type', code, 'spring2025');
  expect(r.success).toBe(true);
  expect((await state(page)).code).toBe('SPRING');
  expect(r.notes?.join(' ')).toContain('at most 6');
});

test('a field that rejects input is a failure, not a success', async ({ page }) => {
  const locked = await findId(page, { role: 'textbox', name: 'Locked field' });
  const r = await act(page, 'type', locked, 'hello');
  expect(r.success).toBe(false);
  expect(r.error?.code).toBe('ACTION_FAILED');
  expect(r.error?.message).toContain('holds ""');
  expect(r.snapshotInvalidated).toBe(true);
});

test('clear empties a controlled input', async ({ page }) => {
  const name = await findId(page, { role: 'textbox', name: 'Full name' });
  await act(page, 'type', name, 'Someone');
  const r = await act(page, 'clear', name);
  expect(r.success).toBe(true);
  expect((await state(page)).name).toBe('');
});

test('select by label and by value; disabled and unknown options are refused', async ({ page }) => {
  const country = await findId(page, { role: 'combobox', name: 'Country' });
  expect((await act(page, 'select', country, 'Germany')).success).toBe(true);
  expect((await state(page)).country).toBe('de');
  expect((await act(page, 'select', country, 'cz')).success).toBe(true);
  expect((await state(page)).country).toBe('cz');
  const again = await act(page, 'select', country, 'Czechia');
  expect(again.success).toBe(true);
  expect(again.notes?.join(' ')).toContain('already selected');

  const bad = await act(page, 'select', country, 'Narnia');
  expect(bad.error?.code).toBe('VALIDATION_ERROR');
  expect(bad.error?.message).toContain('"France"');
  const disabled = await act(page, 'select', country, 'Atlantis');
  expect(disabled.error?.code).toBe('NOT_ACTIONABLE');
  expect((await state(page)).country).toBe('cz');
});

test('check/uncheck are idempotent and drive React state; radios via check', async ({ page }) => {
  const agree = await findId(page, { role: 'checkbox', name: 'I agree to the terms' });
  const r1 = await act(page, 'check', agree);
  expect(r1.success).toBe(true);
  expect(r1.effect?.checkedAfter).toBe(true);
  expect((await state(page)).agree).toBe(true);
  const r2 = await act(page, 'check', agree);
  expect(r2.success).toBe(true);
  expect(r2.notes?.join(' ')).toContain('Already checked');
  expect((await state(page)).agree).toBe(true);
  expect((await act(page, 'uncheck', agree)).success).toBe(true);
  expect((await state(page)).agree).toBe(false);

  const pro = await findId(page, { role: 'radio', name: 'Pro' });
  expect((await act(page, 'check', pro)).success).toBe(true);
  expect((await state(page)).plan).toBe('pro');
  const un = await act(page, 'uncheck', pro);
  expect(un.error?.code).toBe('VALIDATION_ERROR');
});

test('click runs the React handler; a dead button reports noObservableEffect', async ({ page }) => {
  const inc = await findId(page, { role: 'button', name: 'Increment' });
  const r = await act(page, 'click', inc);
  expect(r.success).toBe(true);
  expect(r.noObservableEffect).toBeUndefined();
  expect((await state(page)).clicks).toBe(1);
  await act(page, 'click', inc);
  expect((await state(page)).clicks).toBe(2);

  const dead = await findId(page, { role: 'button', name: 'Does nothing' });
  const d = await act(page, 'click', dead);
  expect(d.success).toBe(true);
  expect(d.noObservableEffect).toBe(true);
  expect(d.notes?.join(' ')).toContain('synthetic');
});

test('disabled (fieldset) and aria-disabled buttons are NOT_ACTIONABLE', async ({ page }) => {
  const unavailable = await findId(page, { role: 'button', name: 'Unavailable' });
  const r = await act(page, 'click', unavailable);
  expect(r.error?.code).toBe('NOT_ACTIONABLE');
  expect(r.error?.message).toContain('fieldset');
  const soft = await findId(page, { role: 'button', name: 'Soft disabled' });
  expect((await act(page, 'click', soft)).error?.code).toBe('NOT_ACTIONABLE');
  expect((await state(page)).clicks).toBe(0);
});

test('hover triggers React onMouseEnter (emulated by React from mouseover)', async ({ page }) => {
  const more = await findId(page, { role: 'button', name: 'More options' });
  const r = await act(page, 'hover', more);
  expect(r.success).toBe(true);
  expect((await state(page)).menuOpen).toBe(true);
  // Moving to another element leaves the first: the menu closes.
  const inc = await findId(page, { role: 'button', name: 'Increment' });
  await act(page, 'hover', inc);
  expect((await state(page)).menuOpen).toBe(false);
});

test('submit by click and by Enter (implicit submission) with the right data', async ({ page }) => {
  await act(page, 'type', await findId(page, { role: 'textbox', name: 'Full name' }), 'Ada');
  await act(page, 'check', await findId(page, { role: 'checkbox', name: 'I agree to the terms' }));
  const submit = await findId(page, { role: 'button', name: 'Submit' });
  const r = await act(page, 'click', submit);
  expect(r.success).toBe(true);
  let subs = await appState<FormState[]>(page, 'window.__app.submissions');
  expect(subs).toHaveLength(1);
  expect(subs[0]).toMatchObject({ name: 'Ada', agree: true, plan: 'basic' });

  // type(..., "\n") presses Enter → implicit submission through the default button.
  const email = await findId(page, { role: 'textbox', name: 'Email' });
  const t = await act(page, 'type', email, 'a@b.c\n');
  expect(t.success).toBe(true);
  subs = await appState<FormState[]>(page, 'window.__app.submissions');
  expect(subs).toHaveLength(2);
  expect(subs[1]).toMatchObject({ name: 'Ada', email: 'a@b.c' });
});

test('keyboard: Tab order, Space toggles, arrows move radio and select, Enter submits', async ({ page }) => {
  const name = await findId(page, { role: 'textbox', name: 'Full name' });
  await act(page, 'focus', name);
  const tab = await act(page, 'keypress', 'Tab');
  expect(tab.success).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
  const back = await act(page, 'keypress', 'Tab', { modifiers: { shift: true } });
  expect(back.effect?.focused).toContain('Full name');

  const agree = await findId(page, { role: 'checkbox', name: 'I agree to the terms' });
  const sp = await act(page, 'keypress', ' ', { id: agree });
  expect(sp.success).toBe(true);
  expect((await state(page)).agree).toBe(true);

  const basic = await findId(page, { role: 'radio', name: 'Basic' });
  await act(page, 'keypress', 'ArrowDown', { id: basic });
  expect((await state(page)).plan).toBe('pro');
  await act(page, 'keypress', 'ArrowDown');
  expect((await state(page)).plan).toBe('enterprise');

  const country = await findId(page, { role: 'combobox', name: 'Country' });
  await act(page, 'keypress', 'ArrowDown', { id: country });
  expect((await state(page)).country).toBe('de');

  // Typing single keys into a focused field.
  await act(page, 'focus', name);
  await act(page, 'keypress', 'A');
  await act(page, 'keypress', 'b');
  await act(page, 'keypress', 'Backspace');
  expect((await state(page)).name).toBe('A');
  const enter = await act(page, 'keypress', 'Enter');
  expect(enter.success).toBe(true);
  const subs = await appState<FormState[]>(page, 'window.__app.submissions');
  expect(subs).toHaveLength(1);
  expect(subs[0]).toMatchObject({ name: 'A', agree: true, plan: 'enterprise', country: 'de' });
});

test('events arrive in the browser order with coordinates at the element centre', async ({ page }) => {
  const inc = await findId(page, { role: 'button', name: 'Increment' });
  const log = await page.evaluate(async (id) => {
    const w = window as unknown as Record<string, any>;
    const el = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Increment')!;
    const events: string[] = [];
    const types = [
      'pointerover',
      'pointerenter',
      'mouseover',
      'mouseenter',
      'pointermove',
      'mousemove',
      'pointerdown',
      'mousedown',
      'focus',
      'pointerup',
      'mouseup',
      'click',
    ];
    for (const t of types)
      el.addEventListener(t, (e) => {
        const m = e as MouseEvent;
        events.push(`${t}:${m.button ?? ''}:${m.buttons ?? ''}:${m.detail ?? ''}:${e.composed}`);
        if (t === 'click') {
          const r = el.getBoundingClientRect();
          events.push(
            `at-centre:${Math.abs(m.clientX - (r.left + r.width / 2)) <= 1 && Math.abs(m.clientY - (r.top + r.height / 2)) <= 1}`,
          );
        }
      });
    await w.__tool.click(id);
    return events;
  }, inc);
  expect(log.map((e) => e.split(':')[0])).toEqual([
    'pointerover',
    'pointerenter',
    'mouseover',
    'mouseenter',
    'pointermove',
    'mousemove',
    'pointerdown',
    'mousedown',
    'focus',
    'pointerup',
    'mouseup',
    'click',
    'at-centre',
  ]);
  expect(log).toContain('pointerdown:0:1:1:true');
  expect(log).toContain('mouseup:0:0:1:true');
  expect(log).toContain('click:0:0:1:true');
  expect(log).toContain('at-centre:true');
});
