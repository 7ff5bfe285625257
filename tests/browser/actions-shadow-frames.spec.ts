// Nested open shadow roots (Lit 3) and a same-origin iframe form: events must be
// composed and built in the element's own realm; state read from the components
// and from the frame's window.
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

test.describe('Lit nested shadow DOM', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/lit/index.html', 'window.__lit && window.__lit.count === 0');
  });

  test('click, type and check inside nested shadow roots; slotted light-DOM button', async ({ page }) => {
    const inc = await findId(page, { role: 'button', name: 'Increment' });
    const r = await act(page, 'click', inc);
    expect(r.success).toBe(true);
    expect(r.noObservableEffect).toBeUndefined();
    expect(await appState(page, 'window.__lit.count')).toBe(1);

    const nick = await findId(page, { role: 'textbox', name: 'Nickname' });
    expect((await act(page, 'type', nick, 'shadowy')).success).toBe(true);
    expect(await appState(page, 'window.__lit.nickname')).toBe('shadowy');

    const sub = await findId(page, { role: 'checkbox', name: 'Subscribe' });
    expect((await act(page, 'check', sub)).success).toBe(true);
    expect(await appState(page, 'window.__lit.subscribed')).toBe(true);

    const slotted = await findId(page, { role: 'button', name: 'Slotted action' });
    expect((await act(page, 'click', slotted)).success).toBe(true);
    expect(await appState(page, 'window.__lit.slotted')).toBe(1);

    // Remaining actions inside shadow roots: uncheck, clear, hover, scroll into view.
    expect((await act(page, 'uncheck', sub)).success).toBe(true);
    expect(await appState(page, 'window.__lit.subscribed')).toBe(false);
    expect((await act(page, 'clear', nick)).success).toBe(true);
    expect(await appState(page, 'window.__lit.nickname')).toBe('');
    expect((await act(page, 'hover', inc)).success).toBe(true);
    expect((await act(page, 'scroll', inc)).success).toBe(true);

    // Focus inside shadow roots: Tab from the nickname field reaches the checkbox.
    await act(page, 'focus', nick);
    const tab = await act(page, 'keypress', 'Tab');
    expect(tab.effect?.focused).toContain('Subscribe');
  });
});

test.describe('same-origin iframe form', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/iframe/index.html');
    await page.waitForFunction(() => {
      const f = document.querySelector('iframe') as HTMLIFrameElement;
      return !!(f.contentWindow as any)?.__frame;
    });
  });

  test('fill, select, check and submit inside the frame; events from the frame realm', async ({ page }) => {
    const frame = page.frames().find((f) => f.url().endsWith('frame.html'))!;
    expect(
      (await act(page, 'type', await findId(page, { role: 'textbox', name: 'Cardholder' }), 'Ada L')).success,
    ).toBe(true);
    expect((await act(page, 'select', await findId(page, { role: 'combobox', name: 'Plan' }), 'Yearly')).success).toBe(
      true,
    );
    expect(
      (await act(page, 'check', await findId(page, { role: 'checkbox', name: 'Email me a receipt' }))).success,
    ).toBe(true);
    const pay = await act(page, 'click', await findId(page, { role: 'button', name: 'Pay' }));
    expect(pay.success).toBe(true);
    expect(pay.notes?.join(' ')).toContain('form was submitted');
    expect(await appState(frame, 'window.__frame.submissions')).toEqual([
      { holder: 'Ada L', plan: 'y', receipt: true },
    ]);
    // `instanceof MouseEvent` in the frame is true only for events built from the frame's constructors.
    expect(await appState(frame, 'window.__frame.events')).toEqual([
      'pointerdown:true',
      'mousedown:true',
      'pointerup:true',
      'mouseup:true',
      'click:true',
    ]);
  });

  test('clear, uncheck, focus, hover and keypress inside the frame', async ({ page }) => {
    const frame = page.frames().find((f) => f.url().endsWith('frame.html'))!;
    const holder = await findId(page, { role: 'textbox', name: 'Cardholder' });
    await act(page, 'type', holder, 'Temp');
    expect((await act(page, 'clear', holder)).success).toBe(true);
    expect(await appState(frame, 'document.querySelector("[name=holder]").value')).toBe('');
    const receipt = await findId(page, { role: 'checkbox', name: 'Email me a receipt' });
    await act(page, 'check', receipt);
    expect((await act(page, 'uncheck', receipt)).success).toBe(true);
    expect(await appState(frame, 'document.querySelector("[name=receipt]").checked')).toBe(false);
    expect((await act(page, 'focus', holder)).success).toBe(true);
    expect(await appState(frame, 'document.activeElement.name')).toBe('holder');
    expect((await act(page, 'keypress', 'Z')).success).toBe(true);
    expect(await appState(frame, 'document.querySelector("[name=holder]").value')).toBe('Z');
    const tab = await act(page, 'keypress', 'Tab');
    expect(tab.effect?.focused).toContain('Plan');
    expect((await act(page, 'hover', await findId(page, { role: 'button', name: 'Pay' }))).success).toBe(true);
  });

  test('Enter in a frame field submits the frame form', async ({ page }) => {
    const frame = page.frames().find((f) => f.url().endsWith('frame.html'))!;
    const holder = await findId(page, { role: 'textbox', name: 'Cardholder' });
    expect((await act(page, 'type', holder, 'Grace', { pressEnter: true })).success).toBe(true);
    expect(await appState(frame, 'window.__frame.submissions.length')).toBe(1);
  });

  test('an element covered in the parent document is OBSCURED even though the frame itself is clear', async ({
    page,
  }) => {
    // The id comes from the look before the cover, as an agent's would.
    const pay = await findId(page, { role: 'button', name: 'Pay' });
    await page.evaluate(() => {
      const cover = document.createElement('div');
      cover.id = 'cover';
      cover.setAttribute('role', 'alert');
      cover.setAttribute('aria-label', 'Promo banner');
      cover.style.cssText = 'position:fixed;left:0;top:0;width:100%;height:100%;background:rgba(0,0,0,.2)';
      document.body.appendChild(cover);
    });
    const r = await act(page, 'click', pay);
    expect(r.error?.code).toBe('OBSCURED');
    expect(r.error?.message).toContain('Promo banner');
    // An empty dimmed layer is not a modal: the page under it stays listed (same id).
    expect(await findId(page, { role: 'button', name: 'Pay' })).toBe(pay);
  });
});
