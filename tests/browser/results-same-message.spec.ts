// A message set again in the same words — a sign-in form whose submit sets the same error
// in its role=alert region, a second "Add to watchlist" — is told as such: the region's
// text was replaced (assistive technology is told so), a person sees the same message.
// Not "page changed", which says nothing, and not a new message.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';

const PAGE = `
  <main id="main">
    <h1>Sign in</h1>
    <form id="login" novalidate>
      <label>Email <input id="email" type="email"></label>
      <button type="submit">Sign in</button>
      <p id="error" role="alert"></p>
    </form>
    <button id="watch" type="button">Add to watchlist</button>
    <div aria-live="polite" id="toast"></div>
    <button id="theme" type="button">Dark theme</button>
  </main>
  <script>
    document.getElementById('login').addEventListener('submit', (e) => {
      e.preventDefault();
      if (!document.getElementById('email').value) document.getElementById('error').textContent = 'Enter your email address';
    });
    document.getElementById('watch').addEventListener('click', () => {
      // Cleared, then set a frame later: the usual way to make a screen reader say it again.
      const toast = document.getElementById('toast');
      toast.textContent = '';
      requestAnimationFrame(() => { toast.textContent = 'Added to your watchlist'; });
    });
    document.getElementById('theme').addEventListener('click', () => document.getElementById('main').classList.toggle('dark'));
  </script>`;

async function setup(page: Page): Promise<void> {
  await loadHtml(page, PAGE);
  await page.evaluate(async () => {
    const w = window as any;
    w.__t = new w.BrowserXDomTool.DomTool({ settleTimeoutMs: 10_000, timeBudgetMs: 10_000 });
  });
}

/** Clicks the button after a fresh look, as an agent does. */
async function click(page: Page, name: string): Promise<any> {
  return page.evaluate(async (name) => {
    const w = window as any;
    const text: string = await w.__t.getText();
    return w.__t.click(new RegExp('(nv_\\w+) button "' + name + '"').exec(text)![1]);
  }, name);
}

test('a submit that sets the same error again says so, not "page changed"', async ({ page }) => {
  await setup(page);
  const first = await click(page, 'Sign in');
  expect(first.text).toBe('ok; message "Enter your email address"');
  const second = await click(page, 'Sign in');
  expect(await page.evaluate(() => document.getElementById('error')!.textContent)).toBe('Enter your email address');
  expect(second.effect.appeared?.repeated).toEqual(['Enter your email address']);
  expect(second.effect.appeared?.alerts).toBeUndefined();
  expect(second.text).toBe('ok; message "Enter your email address" set again (same text)');
});

test('a toast cleared and set again to the same words is a message, not "page changed"', async ({ page }) => {
  await setup(page);
  const first = await click(page, 'Add to watchlist');
  expect(first.text).toBe('ok; message "Added to your watchlist"');
  const second = await click(page, 'Add to watchlist');
  // Its text node is new (cleared, then set): told as the message shown again, in either wording.
  expect(second.text).toMatch(/^ok; message "Added to your watchlist"( set again \(same text\))?$/);
});

test('a class changed around a message does not set it again', async ({ page }) => {
  await setup(page);
  await click(page, 'Sign in');
  const theme = await click(page, 'Dark theme');
  expect(await page.evaluate(() => document.getElementById('main')!.className)).toBe('dark');
  expect(theme.effect.appeared?.repeated).toBeUndefined();
  expect(theme.text).not.toMatch(/message/);
});
