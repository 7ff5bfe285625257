// Issue 32 §6, from running the W3C ARIA Authoring Practices examples (bench/apg.mjs):
// widgets drawn the way those examples draw them, on a self-written page
// (fixtures/widgets/drawn-widgets.html), each task checked on the page's own state.
//   - ARIA roles on SVG shapes: an <svg> holding widgets is their container, not an image
//     (the APG star rating, temperature, seek and multi-thumb sliders).
//   - A grid's cells with roving tabindex="-1" are targets (the APG date pickers' days).
//   - A spinbutton drawn as a div is set with Up/Down like a slider (the APG toolbar's
//     font size).
//   - A key in a listbox that keeps focus (aria-activedescendant) says which option it made
//     active (the APG scrollable listbox: before, only "the page handled ArrowDown").
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/widgets/drawn-widgets.html', 'window.__ready');
});

test('SVG star rating: the radios drawn as <g role=radio> are listed and clicked', async ({ page }) => {
  const star = await findId(page, { role: 'radio', name: 'three stars' });
  const result = await act(page, 'click', star);
  expect(result.success).toBe(true);
  expect(await appState(page, '__app.rating')).toBe(3);
});

test('SVG slider: typed to 25 with arrow keys, read back from aria-valuenow', async ({ page }) => {
  const slider = await findId(page, { role: 'slider', name: 'Temperature' });
  const result = await act(page, 'type', slider, '25');
  expect(result.success).toBe(true);
  expect(await appState(page, '__app.temp')).toBe(25);
});

test('calendar grid: a day with roving tabindex=-1 has an id and is picked', async ({ page }) => {
  const day = await findId(page, { role: 'gridcell', name: '5' });
  expect((await act(page, 'click', day)).success).toBe(true);
  expect(await appState(page, '__app.day')).toBe(5);
});

test('spinbutton drawn as a div: type(16) steps it with ArrowUp', async ({ page }) => {
  const size = await findId(page, { role: 'spinbutton', name: 'Font size' });
  const result = await act(page, 'type', size, '16');
  expect(result.success).toBe(true);
  expect(await appState(page, '__app.size')).toBe(16);
  // Past its maximum the keys stop moving it: said, not claimed.
  const over = await act(page, 'type', size, '99');
  expect(over.success).toBe(false);
  expect(await appState(page, '__app.size')).toBe(40);
});

test('listbox with aria-activedescendant: the keypress result names the option the key made active', async ({
  page,
}) => {
  const list = await findId(page, { role: 'listbox', name: 'Fruit' });
  const result = await act(page, 'keypress', 'ArrowDown', { id: list });
  expect(result.success).toBe(true);
  expect(await appState(page, '__app.fruit')).toBe('Pear');
  expect(result.text).toMatch(/ArrowDown moved the active item to option "Pear" \(nv_\w+\) \[selected\]/);
  // A key that moves nothing claims nothing.
  const tab = await act(page, 'keypress', 'a', { id: list });
  expect(tab.text).not.toContain('moved the active item');
});
