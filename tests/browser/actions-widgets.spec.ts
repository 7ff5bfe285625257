// Custom ARIA comboboxes, modal overlays (OBSCURED), native <dialog> + Escape.
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

test.describe('ARIA combobox', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/combobox/index.html', 'window.__combo');
  });

  test('select-only combobox: opens the popup, clicks the exact option (not a fuzzy match)', async ({ page }) => {
    const fruit = await findId(page, { role: 'combobox', name: 'Fruit' });
    const r = await act(page, 'select', fruit, 'Apple');
    expect(r.success).toBe(true);
    expect(await appState(page, 'window.__combo.fruit')).toBe('apple');
    expect(await appState(page, 'document.getElementById("fruit-lb").hidden')).toBe(true);

    expect((await act(page, 'select', fruit, 'banana')).success).toBe(true);
    expect(await appState(page, 'window.__combo.fruit')).toBe('banana');

    const disabled = await act(page, 'select', fruit, 'Durian');
    expect(disabled.error?.code).toBe('NOT_ACTIONABLE');
    const missing = await act(page, 'select', fruit, 'Mango');
    expect(missing.error?.code).toBe('VALIDATION_ERROR');
    expect(missing.error?.message).toContain('"Pineapple"');
    expect(await appState(page, 'window.__combo.fruit')).toBe('banana');
  });

  test('editable combobox with a portalled, filtered list', async ({ page }) => {
    const city = await findId(page, { role: 'combobox', name: 'City' });
    const r = await act(page, 'select', city, 'Brno');
    expect(r.success).toBe(true);
    expect(await appState(page, 'window.__combo.city')).toBe('Brno');
    expect(await appState(page, 'document.getElementById("city").value')).toBe('Brno');
  });
});

test.describe('modal overlay', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/modal/index.html', 'window.__modal');
  });

  test('the page under an ARIA-modal cookie dialog is out of the snapshot; a click with an older id is OBSCURED, naming the dialog; after dismissing it the click works', async ({
    page,
  }) => {
    // Like content under a native modal <dialog> (S14): only the dialog is there to use.
    expect(await findId(page, { role: 'button', name: 'Buy now' }).catch(() => null)).toBeNull();
    // An id the agent got before the dialog (re)opened.
    await page.evaluate(() => {
      document.getElementById('cookie')!.hidden = true;
    });
    const buy = await findId(page, { role: 'button', name: 'Buy now' });
    await page.evaluate(() => {
      document.getElementById('cookie')!.hidden = false;
    });
    const r = await act(page, 'click', buy);
    expect(r.success).toBe(false);
    expect(r.error?.code).toBe('OBSCURED');
    expect(r.error?.message).toContain('dialog "Cookie consent"');
    expect(r.error?.recoverable).toBe(true);
    expect(r.snapshotInvalidated).toBe(true);
    expect(await appState(page, 'window.__modal.bought')).toBe(0);

    const accept = await findId(page, { role: 'button', name: 'Accept all' });
    expect((await act(page, 'click', accept)).success).toBe(true);
    const again = await act(page, 'click', await findId(page, { role: 'button', name: 'Buy now' }));
    expect(again.success).toBe(true);
    expect(await appState(page, 'window.__modal.bought')).toBe(1);
  });

  test('native modal dialog: outside is OBSCURED; Escape cancels and closes it', async ({ page }) => {
    await act(page, 'click', await findId(page, { role: 'button', name: 'Accept all' }));
    await act(page, 'click', await findId(page, { role: 'button', name: 'Open settings' }));
    expect(await appState(page, 'document.getElementById("settings").open')).toBe(true);
    const buy = await findId(page, { role: 'button', name: 'Buy now' }).catch(() => null);
    if (buy) {
      const r = await act(page, 'click', buy);
      expect(r.success).toBe(false);
      expect(['OBSCURED', 'NOT_ACTIONABLE', 'ELEMENT_NOT_FOUND']).toContain(r.error?.code);
    }
    const esc = await act(page, 'keypress', 'Escape');
    expect(esc.success).toBe(true);
    expect(await appState(page, 'document.getElementById("settings").open')).toBe(false);
    expect(await appState(page, 'window.__modal.dialogCancelled')).toBe(1);
  });
});
