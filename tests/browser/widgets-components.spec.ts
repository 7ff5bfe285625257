// Issue 32, part 6: scripted tasks on component libraries (apps built from the real
// packages), phrased as an agent would from the snapshot and checked on the app's own
// state. Headless UI 2 and react-select 5 here (fixtures/apps/libs); antd, react-window,
// jQuery UI and TipTap in widgets-libraries.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

async function snapshotText(page: Page): Promise<string> {
  return page.evaluate(async () => (await (window as unknown as Record<string, any>).__tool.getSnapshot({ force: true })).toText());
}

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/apps/libs/', 'window.__ready');
});

test('Headless UI Listbox: pick "Wade Cooper" from the Assignee listbox', async ({ page }) => {
  const button = await findId(page, { role: 'button', name: /Assignee/ });
  expect((await act(page, 'click', button)).success).toBe(true);
  const option = await findId(page, { role: 'option', name: 'Wade Cooper' });
  expect((await act(page, 'click', option)).success).toBe(true);
  expect(await appState(page, '__libs.assignee')).toBe('Wade Cooper');
});

test('Headless UI Menu: "Archive" from the Options menu', async ({ page }) => {
  expect((await act(page, 'click', await findId(page, { role: 'button', name: 'Options' }))).success).toBe(true);
  expect((await act(page, 'click', await findId(page, { role: 'menuitem', name: 'Archive' }))).success).toBe(true);
  expect(await appState(page, '__libs.menu')).toBe('Archive');
});

test('Headless UI Disclosure: open the refund policy and read it', async ({ page }) => {
  const button = await findId(page, { role: 'button', name: 'What is your refund policy?' });
  expect(await snapshotText(page)).toContain(`${button} button "What is your refund policy?" [collapsed]`);
  expect((await act(page, 'click', button)).success).toBe(true);
  expect(await appState(page, '__libs.disclosure')).toBe(true);
  expect(await snapshotText(page)).toContain('Refunds within 30 days.');
});

test('react-select: open the Flavour select and pick "Strawberry"; search and pick with Enter', async ({ page }) => {
  const input = await findId(page, { role: 'combobox', name: 'Flavour' });
  expect((await act(page, 'click', input)).success).toBe(true);
  expect((await act(page, 'click', await findId(page, { role: 'option', name: 'Strawberry' }))).success).toBe(true);
  expect(await appState(page, '__libs.flavour')).toBe('strawberry');
  expect((await act(page, 'type', input, 'choc')).success).toBe(true);
  expect((await act(page, 'keypress', 'Enter', { id: input })).success).toBe(true);
  expect(await appState(page, '__libs.flavour')).toBe('chocolate');
});
