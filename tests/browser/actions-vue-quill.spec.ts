// Vue 3 (real v-model directives) and Quill 2 (contentEditable editor): assertions
// read the Vue reactive state and Quill's own document model.
import { expect, test } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

test.describe('Vue 3', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/vue-app/index.html', 'window.__vue && document.querySelector("#draft")');
  });

  test('type + Enter adds todos through v-model and the form submit handler', async ({ page }) => {
    const draft = await findId(page, { role: 'textbox', name: 'New todo' });
    const r = await act(page, 'type', draft, 'Buy milk\n');
    expect(r.success).toBe(true);
    expect(await appState(page, 'window.__vue.todos.map(t => t.text)')).toEqual(['Buy milk']);
    expect(await appState(page, 'window.__vue.draft')).toBe('');

    await act(page, 'type', draft, 'Walk dog');
    expect(await appState(page, 'window.__vue.draft')).toBe('Walk dog');
    const add = await findId(page, { role: 'button', name: 'Add' });
    expect((await act(page, 'click', add)).success).toBe(true);
    expect(await appState(page, 'window.__vue.todos.length')).toBe(2);
  });

  test('check a v-model checkbox, select a v-model select, lazy v-model commits on change', async ({ page }) => {
    await act(page, 'type', await findId(page, { role: 'textbox', name: 'New todo' }), 'Task A\n');
    const box = await findId(page, { role: 'checkbox', name: 'Task A' });
    expect((await act(page, 'check', box)).success).toBe(true);
    expect(await appState(page, 'window.__vue.todos[0].done')).toBe(true);

    const show = await findId(page, { role: 'combobox', name: /^Show/ });
    expect((await act(page, 'select', show, 'Open')).success).toBe(true);
    expect(await appState(page, 'window.__vue.filter')).toBe('open');
    expect(await appState(page, 'document.querySelectorAll("li").length')).toBe(0);

    const nick = await findId(page, { role: 'textbox', name: /^Nickname/ });
    expect((await act(page, 'type', nick, 'zed')).success).toBe(true);
    expect((await act(page, 'select', show, 'All')).success).toBe(true);
    const again = await findId(page, { role: 'checkbox', name: 'Task A' });
    expect((await act(page, 'uncheck', again)).success).toBe(true);
    expect(await appState(page, 'window.__vue.todos[0].done')).toBe(false);
    // v-model.lazy listens to `change`: it must have fired once, on commit.
    expect(await appState(page, 'window.__vue.nickname')).toBe('zed');
    expect(await appState(page, 'window.__vue.nicknameChanges')).toBe(1);
    expect((await act(page, 'clear', nick)).success).toBe(true);
    expect(await appState(page, 'window.__vue.nickname')).toBe('');
    const draft = await findId(page, { role: 'textbox', name: 'New todo' });
    expect((await act(page, 'focus', draft)).success).toBe(true);
    await act(page, 'keypress', 'Q');
    expect(await appState(page, 'window.__vue.draft')).toBe('Q');
    expect((await act(page, 'hover', await findId(page, { role: 'button', name: 'Add' }))).success).toBe(true);
  });
});

test.describe('Quill 2', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/quill/index.html', 'window.__quill');
  });

  test('typing goes into the Quill model; Enter makes a new paragraph; replace and clear work', async ({ page }) => {
    // The snapshot shows Quill's .ql-editor as a nameless editable region with a hint.
    const editor = await findId(page, { hint: 'ql editor' });
    const r = await act(page, 'type', editor, 'Hello world');
    expect(r.success).toBe(true);
    expect(await appState(page, 'window.__quill.getText()')).toBe('Hello world\n');

    const more = await act(page, 'type', editor, ' again', { replace: false, pressEnter: true });
    expect(more.success).toBe(true);
    await act(page, 'keypress', 'x');
    expect(await appState(page, 'window.__quill.getText()')).toBe('Hello world again\nx\n');
    expect(await appState(page, 'window.__quill.getLines().length')).toBe(2);

    expect((await act(page, 'type', editor, 'Fresh start')).success).toBe(true);
    expect(await appState(page, 'window.__quill.getText()')).toBe('Fresh start\n');

    expect((await act(page, 'clear', editor)).success).toBe(true);
    expect(await appState(page, 'window.__quill.getText()')).toBe('\n');
  });
});
