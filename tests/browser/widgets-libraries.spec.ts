// Issue 32: the widgets real sites are built from, on apps built from the real npm
// packages (fixtures/apps/antd, virtual, jquery-ui). Each test acts the way an agent
// does — from the snapshot text, by id or by the text it read — and checks the app's own
// state, never the DOM alone.
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

async function snapshotText(page: Page): Promise<string> {
  return page.evaluate(async () =>
    (await (window as unknown as Record<string, any>).__tool.getSnapshot({ force: true })).toText(),
  );
}

/**
 * The id on the first line matching `line`, or on the line `below` lines under it. Looks again until the
 * line is there, as an agent would: a dropdown that animates in may not be on the first look of a busy machine.
 */
async function idOnLine(page: Page, line: RegExp, below = 0): Promise<string> {
  let text = '';
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        text = await snapshotText(page);
        const lines = text.split('\n');
        const at = lines.findIndex((l) => line.test(l));
        id = at >= 0 ? /\bnv_[0-9a-z_]+/.exec(lines[at + below] ?? '')?.[0] : undefined;
        return id !== undefined;
      },
      { timeout: 5000 },
    )
    .toBe(true)
    .catch(() => {
      throw new Error(`no id on the line ${line} (+${below}) in:\n${text}`);
    });
  return id!;
}

test.describe('scroll as a person scrolls', () => {
  test('antd Select: the wheel reaches the virtual dropdown (overflow hidden, its own wheel handler); the result says what moved', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/antd/', 'window.__ready');
    expect((await act(page, 'click', await findId(page, { role: 'combobox', name: 'City' }))).success).toBe(true);
    const option = await idOnLine(page, /clickable: City 3$/);
    const scrolled = await act(page, 'scroll', option, { direction: 'down' });
    expect(scrolled.success, JSON.stringify(scrolled)).toBe(true);
    const notes = scrolled.notes?.join(' ') ?? '';
    expect(notes).toContain('handled the wheel');
    expect(notes).toMatch(/Scrolled <div class="[^"]*list-holder[^"]*"> by 0px horizontally and \d+px vertically/);
    expect(scrolled.noObservableEffect).toBeUndefined();
    // Later options are rendered now, the page itself did not move.
    const after = await snapshotText(page);
    expect(after).not.toMatch(/clickable: City 1$/m);
    expect(after).toMatch(/clickable: City (9|1[0-9])$/m);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('antd Select: acting on the text of an option far down scrolls the virtual list until it is rendered', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/antd/', 'window.__ready');
    await act(page, 'click', await findId(page, { role: 'combobox', name: 'City' }));
    const picked = await act(page, 'click', { text: 'City 250' });
    expect(picked.success, JSON.stringify(picked)).toBe(true);
    expect(await appState(page, '__antd.city')).toBe('city-250');
  });

  test('react-window: a row far down a 10,000-row list is reached by its text; a native list scrolls by the wheel', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/virtual/', 'window.__ready');
    const row = await idOnLine(page, /listitem: Order #2$/);
    const scrolled = await act(page, 'scroll', row, { direction: 'down', amount: 320 });
    expect(scrolled.success).toBe(true);
    expect(scrolled.notes?.join(' ')).toMatch(/Scrolled .* by 0px horizontally and 320px vertically/);
    expect(await snapshotText(page)).toContain('Order #11\n');

    const opened = await act(page, 'click', { text: 'Order #345' });
    expect(opened.success, JSON.stringify(opened)).toBe(true);
    expect(await appState(page, '__virtual.opened')).toBe(344);
  });

  test('react-window: find(query, { reveal: true }) scrolls the list until the row is rendered, then answers its id (issue 32)', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/virtual/', 'window.__ready');
    const find = (query: string, options: Record<string, unknown>) =>
      page.evaluate(([q, o]) => (window as unknown as Record<string, any>).__tool.find(q, o), [
        query,
        options,
      ] as const) as Promise<{ total: number; matches: { id: string; line: string }[]; text: string }>;
    // Without reveal: only what is rendered is searched.
    expect((await find('Order #345', {})).total).toBe(0);
    const found = await find('Order #345', { reveal: true });
    expect(found.total, found.text).toBe(1);
    expect(found.matches[0].line).toContain('Order #345');
    const opened = await act(page, 'click', found.matches[0].id);
    expect(opened.success, opened.text).toBe(true);
    expect(await appState(page, '__virtual.opened')).toBe(344);
    // Not in the list at all: told so, after the same bounded search a { text } target makes.
    const none = await find('Order #99999', { reveal: true, limit: 5 });
    expect(none.total).toBe(0);
    expect(none.text).toMatch(/No element shows "Order #99999"/);
  });

  test('react-window: text that no row shows fails honestly, and the list is put back', async ({ page }) => {
    await openFixture(page, '/fixtures/apps/virtual/', 'window.__ready');
    const missing = await act(page, 'click', { text: 'Order #9999' });
    expect(missing.success).toBe(false);
    expect(missing.error?.code).toBe('ELEMENT_NOT_FOUND');
    expect(missing.error?.message).toContain('too long to scroll through');
    expect(await appState(page, '__virtual.opened')).toBeNull();
    expect(
      await page.evaluate(
        () => [...document.querySelectorAll('div')].find((d) => getComputedStyle(d).overflowY === 'auto')!.scrollTop,
      ),
    ).toBe(0);
  });
});

test.describe('expanders, handles and icon controls get ids', () => {
  test('antd Tree: the caret of a collapsed node has an id with the node state; clicking it expands the node', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/antd/', 'window.__ready');
    const caret = await idOnLine(page, /treeitem "caret-down Engineering" \[collapsed\]/, 1);
    expect(await snapshotText(page)).toMatch(new RegExp(`${caret} clickable \\[collapsed\\]`));
    expect((await act(page, 'click', caret)).success).toBe(true);
    expect(await appState(page, '__antd.expanded')).toEqual(['company', 'eng']);
    const text = await snapshotText(page);
    expect(text).toMatch(new RegExp(`${caret} clickable \\[expanded\\]`));
    expect(text).toContain('treeitem "Frontend"');
    // The item's title still selects it, it does not toggle.
    expect((await act(page, 'click', { text: 'Sales' })).success).toBe(true);
    expect(await appState(page, '__antd.selectedNode')).toBe('sales');
    expect(await appState(page, '__antd.expanded')).toEqual(['company', 'eng']);
  });

  test('antd Slider: type(60) on the handle steps it with keys and reads the value back', async ({ page }) => {
    await openFixture(page, '/fixtures/apps/antd/', 'window.__ready');
    const handle = await idOnLine(page, /slider \[now=20 range=0\.\.100/);
    const result = await act(page, 'type', handle, '60');
    expect(result.success).toBe(true);
    expect(result.effect?.valueAfter).toBe('60');
    expect(await appState(page, '__antd.volume')).toBe(60);
  });

  test('jQuery UI slider: the handle without ARIA is a slider at its position; keys move the value', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/jquery-ui/', 'window.__ready');
    const handle = await idOnLine(page, /slider \[valuetext="20% along the track"/);
    expect((await act(page, 'keypress', 'End', { id: handle })).success).toBe(true);
    expect(await appState(page, '__jq.volume')).toBe(100);
    expect((await act(page, 'keypress', 'ArrowLeft', { id: handle })).success).toBe(true);
    expect(await appState(page, '__jq.volume')).toBe(99);
    expect(await snapshotText(page)).toContain(`${handle} slider [focused valuetext="99% along the track"`);
  });

  test('jQuery UI slider: type(60) on the handle without ARIA steps it with keys, read back from the page (issue 32)', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/jquery-ui/', 'window.__ready');
    const handle = await idOnLine(page, /slider \[valuetext="20% along the track"/);
    const typed = await act(page, 'type', handle, '60');
    expect(typed.success, typed.text).toBe(true);
    expect(typed.effect?.valueAfter).toBe('60');
    expect(await appState(page, '__jq.volume')).toBe(60);
    expect(typed.text).toContain('Volume: 60');
    // Back down, and by position: what the snapshot line tells.
    expect((await act(page, 'type', handle, '35')).success).toBe(true);
    expect(await appState(page, '__jq.volume')).toBe(35);
    const placed = await act(page, 'type', handle, '80%');
    expect(placed.success, placed.text).toBe(true);
    expect(await appState(page, '__jq.volume')).toBe(80);
    expect(await snapshotText(page)).toContain(`${handle} slider [focused valuetext="80% along the track"`);
  });

  test('an icon-only "more" button inside a clickable row, handled by a listener on the list, has its own id', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/jquery-ui/', 'window.__ready');
    const more = await idOnLine(page, /Notes\.txt/, 1);
    expect(await snapshotText(page)).toContain(`${more} clickable [hint="more"]`);
    expect((await act(page, 'click', more)).success).toBe(true);
    expect(await appState(page, '__jq.menuFor')).toBe('notes.txt');
    expect(await appState(page, '__jq.opened')).toBeNull();
    expect((await act(page, 'click', { text: 'Delete' })).success).toBe(true);
    expect(await appState(page, '__jq.action')).toBe('delete notes.txt');
    // The row itself still opens the file.
    expect((await act(page, 'click', { text: 'Report.pdf' })).success).toBe(true);
    expect(await appState(page, '__jq.opened')).toBe('report.pdf');
  });
});

test.describe('selection keys as default actions', () => {
  test('TipTap: Control+Shift+ArrowLeft selects the last word, then Bold makes it bold in the editor', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/tiptap/', 'window.__ready');
    const editor = await findId(page, { role: 'textbox', name: 'Message' });
    expect((await act(page, 'keypress', 'End', { id: editor })).success).toBe(true);
    expect((await act(page, 'keypress', 'Control+Shift+ArrowLeft', { id: editor })).success).toBe(true);
    expect(await appState(page, '__tiptap.selected()')).toBe('world');
    expect((await act(page, 'click', await findId(page, { role: 'button', name: 'Bold' }))).success).toBe(true);
    expect(await appState(page, '__tiptap.html()')).toBe('<p>Hello brave new <strong>world</strong></p>');
    // Shift+Home from the end of "world" takes the whole line; Italic applies to all of it.
    expect((await act(page, 'keypress', 'ArrowRight', { id: editor })).success).toBe(true);
    expect((await act(page, 'keypress', 'Shift+Home', { id: editor })).success).toBe(true);
    expect(await appState(page, '__tiptap.selected()')).toBe('Hello brave new world');
    await act(page, 'click', await findId(page, { role: 'button', name: 'Italic' }));
    expect(await appState(page, '__tiptap.html()')).toBe(
      '<p><em>Hello brave new </em><strong><em>world</em></strong></p>',
    );
  });

  test('text fields: word and line selection with Shift and Control, then Backspace deletes what was selected', async ({
    page,
  }) => {
    await openFixture(page, '/fixtures/apps/tiptap/', 'window.__ready');
    const subject = await findId(page, { role: 'textbox', name: 'Subject' });
    await act(page, 'keypress', 'End', { id: subject });
    await act(page, 'keypress', 'Control+Shift+ArrowLeft', { id: subject });
    await act(page, 'keypress', 'Control+Shift+ArrowLeft', { id: subject });
    expect(
      await page.evaluate(() => {
        const f = document.getElementById('subject') as HTMLInputElement;
        return f.value.slice(f.selectionStart!, f.selectionEnd!);
      }),
    ).toBe('report draft');
    // Shift+ArrowRight shrinks the selection from its moving end (the anchor stays at the end).
    await act(page, 'keypress', 'Shift+ArrowRight', { id: subject });
    expect(
      await page.evaluate(() => {
        const f = document.getElementById('subject') as HTMLInputElement;
        return f.value.slice(f.selectionStart!, f.selectionEnd!);
      }),
    ).toBe('eport draft');
    await act(page, 'keypress', 'Backspace', { id: subject });
    expect(await page.evaluate(() => (document.getElementById('subject') as HTMLInputElement).value)).toBe(
      'Quarterly r',
    );

    const note = await findId(page, { role: 'textbox', name: 'Note' });
    await act(page, 'keypress', 'Control+End', { id: note });
    await act(page, 'keypress', 'Shift+Home', { id: note });
    expect(
      await page.evaluate(() => {
        const f = document.getElementById('note') as HTMLTextAreaElement;
        return f.value.slice(f.selectionStart, f.selectionEnd);
      }),
    ).toBe('second line here');
    await act(page, 'keypress', 'Shift+ArrowUp', { id: note });
    expect(
      await page.evaluate(() => {
        const f = document.getElementById('note') as HTMLTextAreaElement;
        return f.value.slice(f.selectionStart, f.selectionEnd);
      }),
    ).toBe('first line\nsecond line here');
  });
});
