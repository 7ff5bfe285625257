// S12 for everything an agent reads: no secret field's value — the one it holds, nor one
// typed into it — appears in any action result (effect, notes, error message, text), in a
// delta, a find answer or the text snapshot, for every action on every secret field type.
import { expect, test } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

const FIELDS: Record<string, string> = {
  Password: 'hunter2-Secret!',
  'New password': 'Sw0rdfish-New',
  'One-time code': '482913',
  'Card number': '4111111111111111',
  'Security code': '737',
  Expiry: '09/29',
  PIN: '8642',
  'Locked password': 'L0cked-Secret',
};
/** What the test types into secret fields: as secret as what they held. */
const TYPED = ['Typed-Secret-77', '12ab34', '99x'];
const ALL = [...Object.values(FIELDS), ...TYPED, '1234'];

function leaks(value: unknown): string[] {
  // Numbers (durations, counts) are left out: a 3-digit code could match a duration by chance.
  const json = JSON.stringify(value, (_key, v) => (typeof v === 'number' ? 0 : v));
  return ALL.filter((secret) => json.includes(secret));
}

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/secrets/sign-in.html');
});

for (const label of Object.keys(FIELDS)) {
  test(`no action result carries the value of "${label}"`, async ({ page }) => {
    const results: Record<string, unknown> = {};
    const id = async () => findId(page, { name: label });
    results.focus = await act(page, 'focus', await id());
    results.hover = await act(page, 'hover', await id());
    results.click = await act(page, 'click', await id());
    results.keyA = await act(page, 'keypress', 'a', { id: await id() });
    results.backspace = await act(page, 'keypress', 'Backspace', { id: await id() });
    results.typeReplace = await act(page, 'type', await id(), TYPED[0]);
    results.typeAppend = await act(page, 'type', await id(), TYPED[2], { replace: false });
    results.typeMixed = await act(page, 'type', await id(), TYPED[1]);
    results.clear = await act(page, 'clear', await id());
    results.inspect = await page.evaluate(async (i) => window.__tool.inspect(i), await id());
    results.changes = await page.evaluate(async () => window.__tool.getChanges());
    results.find = await page.evaluate(async () => window.__tool.find('textbox'));
    results.text = await page.evaluate(async () => window.__tool.getText({ force: true }));
    for (const [what, result] of Object.entries(results))
      expect(leaks(result), `${label}: ${what}: ${JSON.stringify(result)}`).toEqual([]);
    // The actions did what they say (the redaction hides values, not effects).
    const typed = results.typeReplace as { success: boolean; effect?: { valueHidden?: boolean; valueAfter?: string } };
    if (label === 'Locked password') expect(typed.success).toBe(false);
    else {
      expect(typed.success).toBe(true);
      expect(typed.effect?.valueHidden).toBe(true);
      expect(typed.effect?.valueAfter).toBeUndefined();
    }
  });
}

test('a field that is not secret still reports its value', async ({ page }) => {
  const r = await act(page, 'type', await findId(page, { name: 'Notes' }), 'Ring twice');
  expect(r.success).toBe(true);
  expect(r.effect?.valueAfter).toBe('Ring twice');
});

test('a reformatting secret field explains what it read back without the values', async ({ page }) => {
  const r = await act(page, 'type', await findId(page, { name: 'PIN' }), '12ab34');
  expect(leaks(r)).toEqual([]);
  expect(JSON.stringify(r)).toContain('[hidden]');
});
