// Issue 18: type() with long text is bounded — past KEYED_TYPING_LIMIT it goes in as one
// paste (the page sees insertFromPaste once, the value is exact), past MAX_TYPED_LENGTH it
// is refused with a short message (no megabyte echoed back).
import { expect, test } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/tests/browser/helpers/blank.html');
  await page.evaluate(() => {
    document.body.innerHTML = `<label>Essay <textarea id="essay"></textarea></label>
      <label>Title <input id="title"></label>
      <div id="ed" contenteditable="true" role="textbox" aria-label="Body"></div>`;
    const w = window as any;
    w.__inputs = [];
    for (const el of document.querySelectorAll('textarea, input, [contenteditable]'))
      el.addEventListener('input', (e) => w.__inputs.push([(el as HTMLElement).id, (e as InputEvent).inputType]));
  });
});

test('a 20,000-character text goes into a textarea, an input and an editor as one paste, exactly', async ({ page }) => {
  const long = 'All work and no play. '.repeat(1000).slice(0, 20000);
  const essay = await act(page, 'type', await findId(page, { name: 'Essay' }), long);
  expect(essay.success).toBe(true);
  expect(essay.notes?.join(' ')).toContain('one paste');
  expect(await page.evaluate(() => (document.getElementById('essay') as HTMLTextAreaElement).value)).toBe(long);
  const title = await act(page, 'type', await findId(page, { name: 'Title' }), long);
  expect(title.success).toBe(true);
  expect(await page.evaluate(() => (document.getElementById('title') as HTMLInputElement).value)).toBe(long);
  const body = await act(page, 'type', await findId(page, { name: 'Body' }), long);
  expect(body.success).toBe(true);
  expect(await page.evaluate(() => document.getElementById('ed')!.textContent)).toBe(long);
  const inputs: [string, string][] = await page.evaluate(() => (window as any).__inputs);
  expect(inputs.filter(([id]) => id === 'essay')).toEqual([['essay', 'insertFromPaste']]);
  expect(inputs.filter(([id]) => id === 'title')).toEqual([['title', 'insertFromPaste']]);
  // Every result stays small: nothing echoes the text.
  for (const r of [essay, title, body]) expect(JSON.stringify(r).length).toBeLessThan(long.length / 2 + 2000);
});

test('short text is still typed key by key', async ({ page }) => {
  await act(page, 'type', await findId(page, { name: 'Title' }), 'Hello');
  const inputs: [string, string][] = await page.evaluate(() => (window as any).__inputs);
  expect(inputs.filter(([id]) => id === 'title')).toHaveLength(5);
});

test('a megabyte is refused at once with a short message', async ({ page }) => {
  const r = await page.evaluate(async () => {
    const w = window;
    const snap = await w.__tool.getSnapshot({ force: true });
    const id = /(nv_\w+) textbox "Essay"/.exec(snap.toText())![1];
    return w.__tool.type(id, 'x'.repeat(1 << 20));
  });
  expect(r.success).toBe(false);
  expect(r.error?.code).toBe('VALIDATION_ERROR');
  expect(r.error!.message.length).toBeLessThan(300);
  expect(await page.evaluate(() => (document.getElementById('essay') as HTMLTextAreaElement).value)).toBe('');
});
