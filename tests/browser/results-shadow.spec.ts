// Issue 31 with web components (Lit 3, the real package): a change inside a component's
// own shadow root is the action's effect when the action caused it, and the page's own
// when it ticks there anyway. Neither is visible to an observer of the document alone:
// the action watches every open shadow root (and ones its changes attach), the churn
// monitor too.
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/apps/lit-churn/index.html', 'window.__shadow && window.__shadow.count === 0');
});

test("a light-DOM button that changes a component's shadow content is not told as without effect", async ({ page }) => {
  const add = await findId(page, { role: 'button', name: 'Add to cart' });
  for (let n = 1; n <= 3; n++) {
    const r = await act(page, 'click', add);
    expect(await appState(page, 'window.__shadow.count')).toBe(n);
    expect(r.noObservableEffect, r.text).toBeUndefined();
    expect(r.effect?.mutations, r.text).toBeGreaterThan(0);
    expect(r.text).not.toMatch(/no visible effect|synthetic/);
  }
});

test("a ticker inside a component's shadow root is background: a click next to it settles, with its own effect", async ({
  page,
}) => {
  const watch = await findId(page, { role: 'button', name: 'Watch' });
  const r = await act(page, 'click', watch);
  expect(await appState(page, 'window.__shadow.watching')).toBe(true);
  expect(r.effect?.settled, r.text).toBe(true);
  expect(r.text).not.toMatch(/busy|no visible effect/);
  expect(r.text).toMatch(/changed|On your watch list/);
});
