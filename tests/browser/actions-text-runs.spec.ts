// Every id the library hands out works (issue 8): the JSON gives text runs ids; acting
// on one is refused with a message that names the target holding the text (or says no
// target holds it) instead of ELEMENT_NOT_FOUND ("no element with id … exists").
import { expect, test } from '@playwright/test';
import { act, idForLabel, openFixture } from './actions-helpers';
import type { VirtualNode } from '../../src/types';
import type {} from './helpers/page-globals';

test('a text run id names the target that holds the text; free text says it is not clickable', async ({ page }) => {
  await openFixture(page, '/fixtures/widgets/inline-switch.html', 'window.__ready');
  const ids = await page.evaluate(async () => {
    const snap = await window.__tool.getSnapshot({ force: true });
    const out: Record<string, string> = {};
    const walk = (n: VirtualNode, holder: string) => {
      if (n.tag === '#text' && n.text) out[n.text.trim()] = n.node_id + ' ' + holder;
      for (const c of n.children ?? []) walk(c, n.actionable ? n.node_id : holder);
    };
    walk(snap.virtualDom, '');
    return out;
  });
  const [archived, notice] = ids['Item archived.'].split(' ');
  expect(notice).toMatch(/^nv_/);
  const r = await act(page, 'click', archived);
  expect(r.success).toBe(false);
  expect(r.error?.code).toBe('VALIDATION_ERROR');
  expect(r.error?.message).toContain('"Item archived."');
  expect(r.error?.message).toContain(notice);
  expect(await page.evaluate('__app.dismissed')).toBe(0);

  const [free] = ids['We ship worldwide.'].split(' ');
  const f = await act(page, 'click', free);
  expect(f.error?.code).toBe('VALIDATION_ERROR');
  expect(f.error?.message).toContain('No target holds this text');
});

test('select() on a div dropdown picks the listed option by its text, or names the option ids to click', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/widgets/dropdowns.html', 'window.__ready');
  const guests = (await idForLabel(page, 'Guests:')).id!;
  const closed = await act(page, 'select', guests, '4 people');
  expect(closed.error?.code).toBe('VALIDATION_ERROR');
  expect(closed.error?.message).toContain('shows no options now');
  expect((await act(page, 'click', guests)).success).toBe(true);
  await page.evaluate(async () => window.__tool.getSnapshot({ force: true }));
  const missing = await act(page, 'select', guests, '9 people');
  expect(missing.error?.code).toBe('VALIDATION_ERROR');
  const fourId = (await idForLabel(page, '4 people')).id!;
  expect(missing.error?.message).toContain(fourId);
  expect(missing.error?.message).toContain('4 people');
  const r = await act(page, 'select', guests, '4 people');
  expect(r.success).toBe(true);
  expect(await page.evaluate('__app.guests')).toBe(4);
});
