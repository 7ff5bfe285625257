// Keyboard events as a US keyboard makes them, checked against Chromium's own
// (trusted) keyboard: the same key/code/keyCode/which/location/modifier fields and
// getModifierState, modifier keys going down and up around the key, auto-repeat;
// and Tab / Shift+Tab order across shadow scopes and positive tabindex, compared
// with the order the browser itself computes.
import { expect, test, type Page } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';

const PAGE = '/fixtures/apps/keyboard/index.html';

test.beforeEach(async ({ page }) => {
  await openFixture(page, PAGE, 'window.__keys');
});

/** id of the deepest focused element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a ? a.id || a.localName : null;
  });

/** Focus sequence from a fresh start (nothing focused, or `from` focused). */
async function order(page: Page, press: () => Promise<unknown>, n: number, from?: string): Promise<(string | null)[]> {
  await page.reload();
  await page.waitForFunction('window.__keys');
  await page.addScriptTag({ path: '.cache/actions-fixtures/domtool.js' });
  await page.evaluate(() => {
    const w = window as unknown as Record<string, any>;
    w.__tool = new w.__DomToolActions.DomTool({});
  });
  if (from) await page.focus(from);
  const out: (string | null)[] = [];
  for (let i = 0; i < n; i++) {
    await press();
    out.push(await focused(page));
  }
  return out;
}

test('Tab and Shift+Tab follow the browser order across shadow scopes and positive tabindex', async ({ page }) => {
  const trusted = await order(page, () => page.keyboard.press('Tab'), 9);
  const ours = await order(page, () => act(page, 'keypress', 'Tab'), 9);
  expect(ours).toEqual(trusted);
  // Scoped: the shadow root's tabindex 1/2 come after the document's tabindex 1 and 3.
  expect(trusted.slice(0, 2)).toEqual(['early', 'late']);
  expect(ours).not.toContain('hidden-scope');
  // Backwards from the last field, through the whole cycle (7 stops) — before the browser would leave for its UI.
  const trustedBack = await order(page, () => page.keyboard.press('Shift+Tab'), 7, '#log-target');
  const oursBack = await order(page, () => act(page, 'keypress', 'Shift+Tab'), 7, '#log-target');
  expect(oursBack).toEqual(trustedBack);
});

test('a chord sends the same events, fields and modifier states as the real keyboard', async ({ page }) => {
  const target = await findId(page, { name: 'Log target' });
  await page.focus('#log-target');
  await page.evaluate(() => ((window as unknown as { __keys: string[] }).__keys.length = 0));
  await page.keyboard.press('Control+Shift+K');
  await page.keyboard.press('Shift+Digit1');
  await page.keyboard.press('Enter');
  const trusted = await page.evaluate(() => (window as unknown as { __keys: string[] }).__keys.splice(0));
  expect((await act(page, 'keypress', 'Control+Shift+K', { id: target })).success).toBe(true);
  expect((await act(page, 'keypress', 'Shift+!', { id: target })).success).toBe(true);
  expect((await act(page, 'keypress', 'Enter', { id: target })).success).toBe(true);
  const ours = await page.evaluate(() => (window as unknown as { __keys: string[] }).__keys.splice(0));
  expect(ours).toEqual(trusted);
});

test('repeat holds the key: keydowns with repeat=true, one keyup', async ({ page }) => {
  const target = await findId(page, { name: 'Log target' });
  await page.evaluate(() => ((window as unknown as { __keys: string[] }).__keys.length = 0));
  const r = await act(page, 'keypress', 'ArrowLeft', { id: target, repeat: 2 });
  expect(r.success).toBe(true);
  const ours = await page.evaluate(() => (window as unknown as { __keys: string[] }).__keys.splice(0));
  expect(ours.map((l) => l.split(' ')[0] + ':' + l.split(' ').pop())).toEqual([
    'keydown:false',
    'keydown:true',
    'keydown:true',
    'keyup:false',
  ]);
});

test("Playwright's modifier names: ControlOrMeta in a chord, and modifiers held during a click", async ({ page }) => {
  const target = await findId(page, { name: 'Log target' });
  await page.evaluate(() => {
    const log = (window as unknown as { __keys: string[] }).__keys;
    const t = document.getElementById('log-target')!;
    for (const type of ['mousedown', 'mouseup', 'click'])
      t.addEventListener(type, (e) => {
        const m = e as MouseEvent;
        log.push([m.type, m.ctrlKey, m.shiftKey, m.altKey, m.metaKey, m.getModifierState('Shift')].join(' '));
      });
    log.length = 0;
  });
  const drain = () => page.evaluate(() => (window as unknown as { __keys: string[] }).__keys.splice(0));
  // Playwright takes ControlOrMeta as Meta on macOS and Control elsewhere: the page here is Linux.
  await page.focus('#log-target');
  await page.keyboard.press('ControlOrMeta+K');
  const trustedChord = await drain();
  expect((await act(page, 'keypress', 'ControlOrMeta+K', { id: target })).success).toBe(true);
  expect(await drain()).toEqual(trustedChord);

  await page.click('#log-target', { modifiers: ['Shift', 'ControlOrMeta'] });
  const trustedClick = (await drain()).filter((l) => /^(mousedown|mouseup|click) /.test(l));
  expect(trustedClick).toEqual([
    'mousedown true true false false true',
    'mouseup true true false false true',
    'click true true false false true',
  ]);
  expect((await act(page, 'click', target, { modifiers: ['Shift', 'ControlOrMeta'] })).success).toBe(true);
  expect((await drain()).filter((l) => /^(mousedown|mouseup|click) /.test(l))).toEqual(trustedClick);
});
