// Lists that change between snapshot and action: an id must never act on the wrong
// row. Keyed rows that move keep their id (same element); rows re-labelled in place
// are refused with STALE_NODE; replaced rows get one refresh + retry (F4).
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/apps/reorder/index.html', 'window.__list && window.__list.rotate');
});

test('index-keyed list re-labelled in place → STALE_NODE, nothing removed', async ({ page }) => {
  const xenon = await findId(page, { role: 'button', name: 'Remove Xenon' });
  await page.evaluate(() => (window as any).__list.rotate());
  // The DOM node behind the id now reads "Remove Zinc".
  const r = await act(page, 'click', xenon);
  expect(r.success).toBe(false);
  expect(r.error?.code).toBe('STALE_NODE');
  expect(r.error?.message).toContain('The page changed since the snapshot; take a fresh snapshot');
  expect(r.error?.message).toContain('Remove Xenon');
  expect(r.retrySuggested).toBe(true);
  expect(r.snapshotInvalidated).toBe(true);
  expect(await appState(page, 'window.__list.removed')).toEqual([]);

  // A fresh snapshot gives the right id again.
  const fresh = await findId(page, { role: 'button', name: 'Remove Xenon' });
  expect((await act(page, 'click', fresh)).success).toBe(true);
  expect(await appState(page, 'window.__list.removed')).toEqual(['Xenon']);
});

test('keyed list reordered (DOM nodes moved) → the id still acts on the same row', async ({ page }) => {
  const apple = await findId(page, { role: 'button', name: 'Remove Apple' });
  await page.evaluate(() => (window as any).__list.rotate());
  expect(await appState(page, 'window.__list.keyed')).toEqual(['Cherry', 'Apple', 'Banana']);
  const r = await act(page, 'click', apple);
  expect(r.success).toBe(true);
  expect(await appState(page, 'window.__list.removed')).toEqual(['Apple']);
  expect(await appState(page, 'window.__list.keyed')).toEqual(['Cherry', 'Banana']);
});

test('rows replaced by new elements → refresh + retry acts on the matching row or refuses; never another row', async ({
  page,
}) => {
  const banana = await findId(page, { role: 'button', name: 'Remove Banana' });
  await page.evaluate(() => (window as any).__list.replace());
  const r = await act(page, 'click', banana);
  const removed = await appState<string[]>(page, 'window.__list.removed');
  if (r.success) expect(removed).toEqual(['Banana']);
  else {
    expect(['STALE_NODE', 'ELEMENT_NOT_FOUND']).toContain(r.error?.code);
    expect(removed).toEqual([]);
  }
});

test('replaced rows in a different order: the same id is refused rather than removing another fruit', async ({
  page,
}) => {
  const apple = await findId(page, { role: 'button', name: 'Remove Apple' });
  await page.evaluate(() => {
    (window as any).__list.replace();
    (window as any).__list.rotate();
  });
  const r = await act(page, 'click', apple);
  const removed = await appState<string[]>(page, 'window.__list.removed');
  expect(removed.filter((x) => x !== 'Apple')).toEqual([]);
  if (!r.success) expect(['STALE_NODE', 'ELEMENT_NOT_FOUND']).toContain(r.error?.code);
});

test('an unknown id gets one refresh, then ELEMENT_NOT_FOUND; a malformed id is a VALIDATION_ERROR', async ({
  page,
}) => {
  await findId(page, { role: 'button', name: 'Remove Apple' });
  const builds = await page.evaluate(async () => {
    const w = window as any;
    let n = 0;
    w.__tool = new w.__DomToolActions.DomTool({ metricsCollector: (e: any) => e.kind === 'snapshot' && n++ });
    await w.__tool.getSnapshot();
    const r = await w.__tool.click('nv_doesnotexist');
    return { n, r };
  });
  expect(builds.r.error.code).toBe('ELEMENT_NOT_FOUND');
  expect(builds.r.error.message).toContain('Take a fresh snapshot');
  expect(builds.n).toBe(2);
  const bad = await act(page, 'click', 'not an id!');
  expect(bad.error?.code).toBe('VALIDATION_ERROR');
});
