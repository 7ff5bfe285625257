// Issue 32, part 6: scripted tasks on component libraries (apps built from the real
// packages), phrased as an agent would from the snapshot and checked on the app's own
// state. Headless UI 2 and react-select 5 (fixtures/apps/libs), MUI 7 (apps/mui) and Radix
// UI primitives (apps/radix) here; antd, react-window, jQuery UI and TipTap in
// widgets-libraries.spec.ts, Pure.css in widgets-hover.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

async function snapshotText(page: Page): Promise<string> {
  return page.evaluate(async () =>
    (await (window as unknown as Record<string, any>).__tool.getSnapshot({ force: true })).toText(),
  );
}

test.describe('Headless UI and react-select', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/libs/', 'window.__ready');
  });

  test('Headless UI Listbox: pick "Wade Cooper" from the Assignee listbox', async ({ page }) => {
    // Named as Chromium names it (accname 2B: the button refers to itself, read from its content).
    const button = await findId(page, { role: 'button', name: 'Assignee Tom Cook' });
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
});

test.describe('MUI', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/mui/', 'window.__ready');
  });

  test('Select: pick "Thirty" for Age', async ({ page }) => {
    expect((await act(page, 'click', await findId(page, { role: 'combobox', name: 'Age' }))).success).toBe(true);
    expect((await act(page, 'click', await findId(page, { role: 'option', name: 'Thirty' }))).success).toBe(true);
    expect(await appState(page, '__mui.age')).toBe(30);
  });

  test('Autocomplete: type "god" and pick "The Godfather"', async ({ page }) => {
    const input = await findId(page, { role: 'combobox', name: 'Movie' });
    expect((await act(page, 'type', input, 'god')).success).toBe(true);
    expect((await act(page, 'click', await findId(page, { role: 'option', name: 'The Godfather' }))).success).toBe(
      true,
    );
    expect(await appState(page, '__mui.movie')).toBe('The Godfather');
  });

  test('Slider: Volume to 60, then up with keys; Tabs: open Billing; Checkbox: Remember me', async ({ page }) => {
    // MUI draws its range input clipped to nothing inside the thumb: type() sets the
    // native range as its thumb would (value, input, change), keys reach it too.
    const slider = await findId(page, { role: 'slider', name: 'Volume' });
    const typed = await act(page, 'type', slider, '60');
    expect(typed.success).toBe(true);
    expect(await appState(page, '__mui.volume')).toBe(60);
    expect((await act(page, 'keypress', 'End', { id: slider })).success).toBe(true);
    expect(await appState(page, '__mui.volume')).toBe(100);
    expect((await act(page, 'keypress', 'ArrowLeft', { id: slider })).success).toBe(true);
    expect(await appState(page, '__mui.volume')).toBe(99);
    // The tab reads as Chromium names it (text-transform: uppercase); the agent may quote either case.
    expect((await act(page, 'click', { text: 'Billing' })).success).toBe(true);
    expect(await appState(page, '__mui.tab')).toBe(1);
    expect((await act(page, 'check', await findId(page, { role: 'checkbox', name: 'Remember me' }))).success).toBe(
      true,
    );
    expect(await appState(page, '__mui.remember')).toBe(true);
  });
});

test.describe('Radix UI', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/radix/', 'window.__ready');
  });

  test('DropdownMenu: "Rename" from Options (opens on pointerdown)', async ({ page }) => {
    expect((await act(page, 'click', await findId(page, { role: 'button', name: 'Options' }))).success).toBe(true);
    expect((await act(page, 'click', await findId(page, { role: 'menuitem', name: 'Rename' }))).success).toBe(true);
    expect(await appState(page, '__radix.action')).toBe('Rename');
  });

  test('Select: pick "Banana" for Fruit', async ({ page }) => {
    expect((await act(page, 'click', await findId(page, { role: 'combobox', name: 'Fruit' }))).success).toBe(true);
    expect((await act(page, 'click', await findId(page, { role: 'option', name: 'Banana' }))).success).toBe(true);
    expect(await appState(page, '__radix.fruit')).toBe('banana');
  });

  test('Tabs: open Password and read its panel; Slider: Brightness to 75', async ({ page }) => {
    expect(await snapshotText(page)).toMatch(/tabpanel "Account": Make changes to your account\./);
    expect((await act(page, 'click', await findId(page, { role: 'tab', name: 'Password' }))).success).toBe(true);
    expect(await appState(page, '__radix.tab')).toBe('password');
    // The panel is a tab stop named by its tab (tabindex=0, aria-labelledby): its text is content, not its name.
    expect(await snapshotText(page)).toMatch(/tabpanel "Password": Change your password\./);
    const slider = await findId(page, { role: 'slider', name: 'Brightness' });
    expect((await act(page, 'type', slider, '75')).success).toBe(true);
    expect(await appState(page, '__radix.brightness')).toBe(75);
  });
});
