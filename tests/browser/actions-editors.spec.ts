// Typing into code and rich-text editors lands in the editor's own model: CodeMirror 6,
// Lexical (contentEditable, beforeinput-driven) and Monaco (hidden textarea), all
// from npm. Every assertion reads the editor's model, not the DOM.
import { expect, test, type Page } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';

const cm = (page: Page) => page.evaluate(() => (window as unknown as { __editors: { cm(): string } }).__editors.cm());
const lexical = (page: Page) =>
  page.evaluate(() => (window as unknown as { __editors: { lexical(): string } }).__editors.lexical());
const monaco = (page: Page) =>
  page.evaluate(() => (window as unknown as { __monaco: { value(): string } }).__monaco.value());

test.describe('CodeMirror 6 and Lexical', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/editors/index.html', 'window.__editors');
  });

  test('CodeMirror: replace, append and multi-line text go into the document', async ({ page }) => {
    const code = await findId(page, { name: 'Code' });
    const r = await act(page, 'type', code, 'let b = 2;');
    expect(r.error).toBeUndefined();
    expect(await cm(page)).toBe('let b = 2;');
    expect(r.effect?.valueAfter).toBe('let b = 2;');
    expect((await act(page, 'type', code, '\nb += 1;', { replace: false })).success).toBe(true);
    expect(await cm(page)).toBe('let b = 2;\nb += 1;');
    expect((await act(page, 'clear', code)).success).toBe(true);
    expect(await cm(page)).toBe('');
  });

  test('Lexical: typing lands in the editor state', async ({ page }) => {
    const notes = await findId(page, { name: 'Lexical notes' });
    const r = await act(page, 'type', notes, 'Hello Lexical');
    expect(r.error).toBeUndefined();
    expect(await lexical(page)).toBe('Hello Lexical');
    expect((await act(page, 'type', notes, ' again', { replace: false })).success).toBe(true);
    expect(await lexical(page)).toBe('Hello Lexical again');
  });
});

test.describe('Monaco', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/apps/monaco/index.html', 'window.__monaco');
  });

  test('typing goes through its EditContext into the model; clear empties it', async ({ page }) => {
    const text = await page.evaluate(async () =>
      (window as unknown as { __tool: { getText(o: object): Promise<string> } }).__tool.getText({ force: true }),
    );
    // The snapshot shows Monaco only through its IME textarea (the EditContext element is
    // 0 px wide): any element of the editor stands for it.
    const editor = await findId(page, { role: 'textbox' });
    const r = await act(page, 'type', editor, 'const y = 2;');
    expect(r.error, text).toBeUndefined();
    expect(await monaco(page)).toBe('const y = 2;');
    expect((await act(page, 'type', editor, '\ny++', { replace: false })).success).toBe(true);
    expect(await monaco(page)).toBe('const y = 2;\ny++');
    expect((await act(page, 'clear', editor)).success).toBe(true);
    expect(await monaco(page)).toBe('');
  });
});
