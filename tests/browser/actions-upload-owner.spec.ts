// A3 for upload(): the files go to a file input that the id's element owns (itself, its
// label's, one inside it, one it names in aria-controls, or the hidden input of a lone
// "Choose file" button) — never to another control that merely sits nearby.
import { expect, test, type Page } from '@playwright/test';
import { act, findId, openFixture } from './actions-helpers';

async function page(p: Page, html: string): Promise<void> {
  await openFixture(p, '/tests/browser/helpers/blank.html');
  await p.evaluate((h) => {
    document.body.innerHTML = h;
    (window as any).__got = {};
    for (const input of document.querySelectorAll('input[type=file]'))
      input.addEventListener(
        'change',
        () => ((window as any).__got[input.id] = [...(input as HTMLInputElement).files!].map((f) => f.name)),
      );
  }, html);
}
const got = (p: Page) => p.evaluate(() => (window as any).__got as Record<string, string[]>);
const FILE = { name: 'me.png', data: 'x' };

test('a "Save profile" button next to a visible, labelled file input is refused, naming the input to use', async ({
  page: p,
}) => {
  await page(
    p,
    `<form><div class="row">
    <label for="avatar">Avatar</label> <input type="file" id="avatar">
    <button type="button" id="save">Save profile</button></div></form>`,
  );
  const save = await findId(p, { role: 'button', name: 'Save profile' });
  const avatar = await findId(p, { name: 'Avatar' });
  const r = await act(p, 'upload', save, FILE);
  expect(r.success).toBe(false);
  expect(r.error?.code).toBe('VALIDATION_ERROR');
  expect(r.error?.message).toContain(avatar);
  expect(await got(p)).toEqual({});
  const ok = await act(p, 'upload', avatar, FILE);
  expect(ok.success).toBe(true);
  expect(await got(p)).toEqual({ avatar: ['me.png'] });
});

test('a hidden input between "Choose photo" and "Save": the chooser owns it, the other button does not', async ({
  page: p,
}) => {
  await page(
    p,
    `<div class="uploader">
    <input type="file" id="photo" hidden>
    <button type="button" onclick="photo.click()">Choose photo</button>
    <button type="button">Save</button></div>`,
  );
  const save = await act(p, 'upload', await findId(p, { role: 'button', name: 'Save' }), FILE);
  expect(save.error?.code).toBe('VALIDATION_ERROR');
  expect(await got(p)).toEqual({});
  const choose = await act(p, 'upload', await findId(p, { role: 'button', name: 'Choose photo' }), FILE);
  expect(choose.success).toBe(true);
  expect(await got(p)).toEqual({ photo: ['me.png'] });
});

test('a lone icon button beside a hidden input, and a button naming its input in aria-controls, stand for it', async ({
  page: p,
}) => {
  await page(
    p,
    `<div><input type="file" id="a" style="display:none"><button type="button" aria-label="Paperclip">📎</button></div>
    <section><button type="button" aria-controls="b">Go</button><button type="button">Cancel</button><input type="file" id="b" hidden></section>`,
  );
  const clip = await act(p, 'upload', await findId(p, { role: 'button', name: 'Paperclip' }), FILE);
  expect(clip.success).toBe(true);
  const go = await act(p, 'upload', await findId(p, { role: 'button', name: 'Go' }), { name: 'b.txt', data: 'b' });
  expect(go.success).toBe(true);
  expect(await got(p)).toEqual({ a: ['me.png'], b: ['b.txt'] });
  const cancel = await act(p, 'upload', await findId(p, { role: 'button', name: 'Cancel' }), FILE);
  expect(cancel.success).toBe(false);
});
