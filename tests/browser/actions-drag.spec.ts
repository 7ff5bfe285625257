// drag() against real drag-and-drop libraries bundled from node_modules: dnd-kit
// (pointer sensor: sortable list, two-column kanban), SortableJS (native HTML5
// mode), a hand-written native draggable list, a native range and a pointer-capture
// ARIA slider. Every assertion reads the app's own state; a drag after which
// nothing moved must come back as a failure.
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

type Board = { todo: string[]; done: string[] };
const dnd = (page: Page) => appState<{ list: string[]; board: Board; ends: number }>(page, 'window.__dnd');
const sortable = (page: Page) =>
  appState<{ sortable: string[]; native: string[]; volume: number; brightness: number }>(page, 'window.__sortable');

test.describe('dnd-kit', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/dnd-kit/index.html', 'window.__dnd && window.__dnd.list.length');
  });

  test('sortable list: drag an item onto another reorders the list', async ({ page }) => {
    const alpha = await findId(page, { role: 'button', name: 'Alpha' });
    const charlie = await findId(page, { role: 'button', name: 'Charlie' });
    const r = await act(page, 'drag', alpha, charlie);
    expect(r.error).toBeUndefined();
    expect(r.success).toBe(true);
    expect((await dnd(page)).list).toEqual(['Bravo', 'Charlie', 'Alpha', 'Delta']);
    expect(r.effect?.moved).toContain('position 1 to 3');
    // And back up, by offset.
    const alpha2 = await findId(page, { role: 'button', name: 'Alpha' });
    const bravo = await findId(page, { role: 'button', name: 'Bravo' });
    expect((await act(page, 'drag', alpha2, bravo)).success).toBe(true);
    expect((await dnd(page)).list).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });

  test('kanban: a card moves to the other column', async ({ page }) => {
    const card = await findId(page, { role: 'button', name: 'Fix bug' });
    const done = await findId(page, { role: 'region', name: 'Done' });
    const r = await act(page, 'drag', card, done);
    expect(r.error).toBeUndefined();
    expect(r.success).toBe(true);
    const board = (await dnd(page)).board;
    expect(board.todo).toEqual(['Write spec', 'Ship it']);
    expect(board.done).toContain('Fix bug');
    expect(r.effect?.moved).toBeTruthy();
  });

  test('kanban: the destination named by the text the agent read (the column title), as a person drops on it', async ({
    page,
  }) => {
    const card = await findId(page, { role: 'button', name: 'Ship it' });
    const r = await act(page, 'drag', card, { text: 'Done' });
    expect(r.error).toBeUndefined();
    expect(r.success).toBe(true);
    expect((await dnd(page)).board.done).toContain('Ship it');
    // Text that is nowhere on the page is refused, and nothing moves.
    const spec = await findId(page, { role: 'button', name: 'Write spec' });
    const missing = await act(page, 'drag', spec, { text: 'Archive' });
    expect(missing.success).toBe(false);
    expect(missing.error?.code).toBe('ELEMENT_NOT_FOUND');
    expect((await dnd(page)).board.todo).toContain('Write spec');
  });

  test('a drag that moves nothing is a failure, not a success', async ({ page }) => {
    const alpha = await findId(page, { role: 'button', name: 'Alpha' });
    // 2 px: below dnd-kit's 5 px activation distance, so no drag starts.
    const r = await act(page, 'drag', alpha, { dx: 0, dy: 2 });
    expect(r.success).toBe(false);
    expect(r.error?.code).toBe('ACTION_FAILED');
    expect(r.error?.message).toContain('nothing moved');
    expect((await dnd(page)).list).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });
});

test.describe('HTML5 and sliders', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/sortable/index.html', 'window.__sortable');
  });

  test('SortableJS list reorders (native drag events, one DataTransfer)', async ({ page }) => {
    const one = await findId(page, { role: 'listitem', text: 'One' });
    const three = await findId(page, { role: 'listitem', text: 'Three' });
    const r = await act(page, 'drag', one, three);
    expect(r.error).toBeUndefined();
    expect(r.success).toBe(true);
    expect((await sortable(page)).sortable).toEqual(['Two', 'Three', 'One', 'Four']);
  });

  test('native draggable list reads the dragged index from the shared DataTransfer', async ({ page }) => {
    const blue = await findId(page, { role: 'listitem', text: 'Blue' });
    const red = await findId(page, { role: 'listitem', text: 'Red' });
    const r = await act(page, 'drag', blue, red);
    expect(r.error).toBeUndefined();
    expect((await sortable(page)).native).toEqual(['Blue', 'Red', 'Green']);
    expect(r.effect?.moved).toBeTruthy();
  });

  test('native range: drag the thumb, or type a number', async ({ page }) => {
    const volume = await findId(page, { role: 'slider', name: 'Volume' });
    const r = await act(page, 'drag', volume, { dx: 60, dy: 0 });
    expect(r.error).toBeUndefined();
    const after = (await sortable(page)).volume;
    expect(after).toBeGreaterThan(20);
    expect(r.effect?.moved).toContain('slider value');
    const t = await act(page, 'type', volume, '75');
    expect(t.success).toBe(true);
    expect((await sortable(page)).volume).toBe(75);
  });

  test('pointer-capture ARIA slider: moves go to the thumb; type uses arrow keys', async ({ page }) => {
    const thumb = await findId(page, { role: 'slider', name: 'Brightness' });
    const r = await act(page, 'drag', thumb, { dx: 90, dy: 0 });
    expect(r.error).toBeUndefined();
    expect((await sortable(page)).brightness).toBeGreaterThanOrEqual(75);
    const t = await act(page, 'type', thumb, '40');
    expect(t.error).toBeUndefined();
    expect((await sortable(page)).brightness).toBe(40);
  });
});
