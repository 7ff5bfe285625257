// Issue 18: a click that leaves the page reports where it goes (or that it is not known
// yet), never the URL of the page being left. The destinations answer slowly, so the
// result is read while the old document is still unloading — the case that misreported.
import { expect, test, type Page } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';

async function setup(p: Page, html: string): Promise<string> {
  await p.route('**/dest/**', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route
      .fulfill({ contentType: 'text/html', body: '<title>Destination</title><h1>Arrived</h1>' })
      .catch(() => {});
  });
  await openFixture(p, '/tests/browser/helpers/blank.html');
  await p.evaluate((h) => (document.body.innerHTML = h), html);
  return p.url();
}

test('a link click reports the link destination while the page unloads', async ({ page }) => {
  const before = await setup(page, '<a href="/dest/next?page=2">Next page</a>');
  const r = await act(page, 'click', await findId(page, { role: 'link', name: 'Next page' }));
  expect(r.success).toBe(true);
  expect(r.effect?.navigated).toBe(true);
  expect(r.effect?.urlAfter).toMatch(/\/dest\/next\?page=2$/);
  expect(r.effect?.leaving).toBe(before);
  expect(r.notes?.join(' ')).toContain('began navigating away');
  expect(r.text).not.toMatch(/navigated to/);
  expect(r.effect?.appeared?.navigated).toMatch(/\/dest\/next/);
});

test('a POST form reports its action; a GET form its action with the query', async ({ page }) => {
  await setup(
    page,
    `<form method="post" action="/dest/orders"><input name="q" aria-label="Item" value="tent"><button>Place order</button></form>`,
  );
  const post = await act(page, 'click', await findId(page, { role: 'button', name: 'Place order' }));
  expect(post.effect?.navigated).toBe(true);
  expect(post.effect?.urlAfter).toMatch(/\/dest\/orders$/);
  // The POST is still loading when the action answers: let it land before the next page (else goto is aborted).
  await page.waitForURL(/\/dest\/orders$/);

  await setup(
    page,
    `<form action="/dest/search"><input name="q" aria-label="Search" value="red tent"><button>Go</button></form>`,
  );
  const get = await act(page, 'click', await findId(page, { role: 'button', name: 'Go' }));
  expect(get.effect?.urlAfter).toMatch(/\/dest\/search\?q=red\+tent$/);
});

test('a script navigation is reported with its destination, never as the old URL', async ({ page }) => {
  const before = await setup(page, `<button onclick="location.assign('/dest/by-script')">Continue</button>`);
  const r = await act(page, 'click', await findId(page, { role: 'button', name: 'Continue' }));
  expect(r.effect?.navigated).toBe(true);
  expect(r.effect?.urlAfter).not.toBe(before);
  expect(r.effect?.leaving).toBe(before);
  // Chromium names it through the Navigation API; without one the note says it is not known yet.
  if (r.effect?.urlAfter !== undefined) expect(r.effect.urlAfter).toMatch(/\/dest\/by-script$/);
  else expect(r.notes?.join(' ')).toContain('destination not known yet');
});
