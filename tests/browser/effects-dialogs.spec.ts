// A10 in real Chromium (page world, the IIFE): the alert / confirm / prompt an action
// raises is answered without showing it, with a safe default (Cancel) unless the caller
// says otherwise, and the result reports its text and the answer — in `effect.dialogs`
// and in the one-line `text`.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';

const PAGE = `
  <main>
    <ul id="rows"><li>Invoice 1 <button type="button" class="del">Delete account</button></li></ul>
    <button type="button" id="hello">Say hello</button>
    <button type="button" id="rename">Rename</button>
    <p id="name">Ada</p>
    <button type="button" id="plain">Plain</button>
  </main>
  <script>
    document.querySelector('.del').addEventListener('click', (e) => {
      if (window.confirm('Delete your account? This cannot be undone.')) e.target.closest('li').remove();
    });
    document.getElementById('hello').addEventListener('click', () => alert('Hello there'));
    document.getElementById('rename').addEventListener('click', () => {
      const v = prompt('New name?', 'Grace');
      if (v !== null) document.getElementById('name').textContent = v;
    });
  </script>`;

async function setup(page: Page): Promise<void> {
  await loadHtml(page, PAGE);
  await page.evaluate(async () => {
    const w = window as any;
    w.__t = new w.BrowserXDomTool.DomTool();
    w.__text = await w.__t.getText();
  });
  // A native dialog would be a failure of the guard: make it visible to the test.
  page.on('dialog', (d) => {
    (page as any).__nativeDialog = d.message();
    void d.dismiss();
  });
}

function click(page: Page, name: string, options?: object): Promise<any> {
  return page.evaluate(
    async ([name, options]) => {
      const w = window as any;
      const id = new RegExp('(nv_\\w+) button "' + name + '"').exec(w.__text)![1];
      return w.__t.click(id, options);
    },
    [name, options] as const,
  );
}

test('a destructive confirm is answered Cancel by default, and said so', async ({ page }) => {
  await setup(page);
  const r = await click(page, 'Delete account');
  expect(r.success).toBe(true);
  expect(r.effect.dialogs).toEqual([
    { type: 'confirm', message: 'Delete your account? This cannot be undone.', accepted: false },
  ]);
  expect(r.noObservableEffect).toBeUndefined();
  expect(r.text).toBe(
    'ok; confirm "Delete your account? This cannot be undone." answered Cancel (to answer OK, repeat with dialog: "accept")',
  );
  await expect(page.locator('#rows li')).toHaveCount(1);
  expect((page as any).__nativeDialog).toBeUndefined();
});

test('the caller can accept a confirm: the page gets OK and the result says so', async ({ page }) => {
  await setup(page);
  const r = await click(page, 'Delete account', { dialog: 'accept' });
  expect(r.effect.dialogs).toEqual([
    { type: 'confirm', message: 'Delete your account? This cannot be undone.', accepted: true },
  ]);
  expect(r.text).toContain('answered OK');
  await expect(page.locator('#rows li')).toHaveCount(0);
});

test("an alert is reported with its text; a prompt gets the caller's text or Cancel", async ({ page }) => {
  await setup(page);
  const hello = await click(page, 'Say hello');
  expect(hello.effect.dialogs).toEqual([{ type: 'alert', message: 'Hello there', accepted: true }]);
  expect(hello.text).toBe('ok; alert "Hello there"');
  const cancelled = await click(page, 'Rename');
  expect(cancelled.effect.dialogs).toEqual([{ type: 'prompt', message: 'New name?', accepted: false }]);
  await expect(page.locator('#name')).toHaveText('Ada');
  const renamed = await click(page, 'Rename', { dialog: 'accept', promptText: 'Hopper' });
  expect(renamed.effect.dialogs).toEqual([{ type: 'prompt', message: 'New name?', accepted: true, value: 'Hopper' }]);
  await expect(page.locator('#name')).toHaveText('Hopper');
  expect((page as any).__nativeDialog).toBeUndefined();
});

test("outside an action the page's dialogs are its own (the guard passes through)", async ({ page }) => {
  await setup(page);
  const shown = page.waitForEvent('dialog');
  void page.evaluate(() => setTimeout(() => alert('from the page'), 0));
  expect((await shown).message()).toBe('from the page');
});

test('a click with nothing notable reads "ok" in a few tokens', async ({ page }) => {
  await setup(page);
  const r = await click(page, 'Plain');
  expect(r.text).toMatch(/^ok; no visible effect/);
});
