// Issue 32, part 4: content a CSS :hover rule reveals. Pure.css (real npm package) opens
// its submenus only on :hover; admin tables show row actions only on row hover. The
// snapshot lists them under their trigger ("on hover:") from the page's style sheets
// without touching the page (S11), and clicking one works as hover-then-click.
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

async function snapshotText(page: Page): Promise<string> {
  return page.evaluate(async () =>
    (await (window as unknown as Record<string, any>).__tool.getSnapshot({ force: true })).toText(),
  );
}

test('Pure.css :hover submenu: listed under "Products" as on hover; clicking "Phones" picks it', async ({ page }) => {
  await openFixture(page, '/fixtures/apps/hover-menu/', 'window.__ready');
  const before = await page.evaluate(() => document.documentElement.outerHTML);
  const text = await snapshotText(page);
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
  // A menu item's line: its link, then what hovering it shows, with ids.
  expect(text).toMatch(/\[Products▾\]\(nv_\w+\) on hover: \[Laptops\]\(nv_\w+\) \[Phones\]\(nv_\w+\)/);
  const phones = await findId(page, { role: 'link', name: 'Phones' });
  const clicked = await act(page, 'click', phones);
  expect(clicked.success, JSON.stringify(clicked)).toBe(true);
  expect(clicked.notes?.join(' ')).toContain('CSS :hover');
  expect(await appState(page, '__menu.picked')).toBe('Phones');
});

test('row actions shown on row hover (opacity): each row lists its "Archive" on hover, with an id that archives that row', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/apps/hover-menu/', 'window.__ready');
  const text = await snapshotText(page);
  expect(text).toMatch(/Invoice B-04[^\n]*\n\s+on hover:\n\s+nv_\w+ button "Archive"/);
  const archive = await findId(page, { role: 'button', name: 'Archive', nth: 1 });
  expect((await act(page, 'click', archive)).success).toBe(true);
  expect(await appState(page, '__menu.archived')).toEqual(['b']);
});

test('inspect(id) answers for a hover-only item as its click would: reached through a hover, and actionable (issue 30)', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/apps/hover-menu/', 'window.__ready');
  await snapshotText(page);
  const phones = await findId(page, { role: 'link', name: 'Phones' });
  const inspect = (kind?: string) =>
    page.evaluate(([id, k]) => (window as unknown as Record<string, any>).__tool.inspect(id, k), [
      phones,
      kind,
    ] as const);
  const click = await inspect();
  expect(click.actionable, JSON.stringify(click)).toBe(true);
  expect(click.notes?.join(' ')).toMatch(/Shown only while the pointer is over listitem \(nv_\w+\)/);
  // A hover alone cannot make :hover match: hover() is refused, and inspect(id, 'hover') says the same.
  const hovered = await inspect('hover');
  const hoverAction = await act(page, 'hover', phones);
  expect(hovered.error?.code).toBe(hoverAction.error?.code);
  expect(hovered.error?.code).toBe('NOT_ACTIONABLE');
  expect(await appState(page, '__menu.picked')).toBeFalsy();
});
