// upload() against a React page with react-dropzone (real npm package): a visible
// file input with accept, a hidden multiple input behind a "Choose photos" button,
// the dropzone's own input and a drop target without input that reads the bytes.
import { expect, test, type Page } from '@playwright/test';
import { act, appState, findId, openFixture } from './actions-helpers';

interface Got {
  name: string;
  type: string;
  size: number;
  text: string;
}
const state = (page: Page) =>
  appState<{ resume: Got[]; photos: Got[]; zone: Got[]; bare: Got[]; bareHex: string }>(page, 'window.__upload');
const PNG_HEADER = 'iVBORw0KGgo='; // base64 of 89 50 4e 47 0d 0a 1a 0a

test.beforeEach(async ({ page }) => {
  await openFixture(page, '/fixtures/apps/upload/index.html', 'window.__upload');
});

test('a visible file input receives a text file; accept and multiple are enforced', async ({ page }) => {
  const resume = await findId(page, { name: 'Resume' });
  const r = await act(page, 'upload', resume, { name: 'cv.txt', type: 'text/plain', data: 'Ada Lovelace, analyst' });
  expect(r.error).toBeUndefined();
  expect(r.effect?.files).toEqual(['cv.txt']);
  await expect
    .poll(async () => (await state(page)).resume)
    .toEqual([{ name: 'cv.txt', type: 'text/plain', size: 21, text: 'Ada Lovelace, analyst' }]);

  const wrongType = await act(page, 'upload', resume, { name: 'virus.exe', data: 'MZ' });
  expect(wrongType.error?.code).toBe('VALIDATION_ERROR');
  expect(wrongType.error?.message).toContain('accept=".pdf,.txt"');
  const two = await act(page, 'upload', resume, [
    { name: 'a.txt', data: 'a' },
    { name: 'b.txt', data: 'b' },
  ]);
  expect(two.error?.code).toBe('VALIDATION_ERROR');
  expect(two.error?.message).toContain('one file');
  expect((await state(page)).resume.map((f) => f.name)).toEqual(['cv.txt']);
});

test('a "Choose photos" button stands for its hidden multiple input (base64 data)', async ({ page }) => {
  const button = await findId(page, { role: 'button', name: 'Choose photos' });
  const r = await act(page, 'upload', button, [
    { name: 'a.png', data: PNG_HEADER, encoding: 'base64' },
    { name: 'b.png', type: 'image/png', data: PNG_HEADER, encoding: 'base64' },
  ]);
  expect(r.error).toBeUndefined();
  expect(r.success).toBe(true);
  expect(r.notes?.join(' ')).toContain('file input that');
  await expect
    .poll(async () => (await state(page)).photos.map((f) => [f.name, f.type, f.size]))
    .toEqual([
      ['a.png', 'image/png', 8],
      ['b.png', 'image/png', 8],
    ]);
  const notImage = await act(page, 'upload', button, { name: 'notes.txt', data: 'x' });
  expect(notImage.error?.code).toBe('VALIDATION_ERROR');
});

test('react-dropzone: through its input, and by dropping files on it', async ({ page }) => {
  const zone = await findId(page, { name: /Attachments dropzone/ });
  const r = await act(page, 'upload', zone, { name: 'report.csv', data: 'a,b\n1,2\n' });
  expect(r.error).toBeUndefined();
  await expect.poll(async () => (await state(page)).zone.map((f) => f.text)).toEqual(['a,b\n1,2\n']);

  const dropped = await act(page, 'upload', zone, { name: 'dropped.json', data: '{"ok":true}' }, { via: 'drop' });
  expect(dropped.error).toBeUndefined();
  expect(dropped.effect?.files).toEqual(['dropped.json']);
  await expect
    .poll(async () => (await state(page)).zone.map((f) => [f.name, f.type, f.text]))
    .toEqual([['dropped.json', 'application/json', '{"ok":true}']]);
});

test('a drop zone named by its text ("Drop a file on the bin") takes the files, as a person drops them there', async ({
  page,
}) => {
  const r = await act(
    page,
    'upload',
    { text: 'Drop a file on the bin' },
    { name: 'logo.png', data: 'data:image/png;base64,' + PNG_HEADER },
  );
  expect(r.error).toBeUndefined();
  expect(r.success).toBe(true);
  await expect.poll(async () => (await state(page)).bareHex).toBe('89504e470d0a1a0a');
  // A text with no drop handler behind it refuses (nothing reacted), never a false success.
  const refused = await act(page, 'upload', { text: 'Nothing to drop here' }, { name: 'x.txt', data: 'x' });
  expect(refused.success).toBe(false);
  expect(refused.error?.code).toBe('ACTION_FAILED');
});

test('a drop target without input reads the dropped bytes; a plain box refuses', async ({ page }) => {
  const bin = await findId(page, { role: 'region', name: 'Bin' });
  const r = await act(page, 'upload', bin, { name: 'logo.png', data: 'data:image/png;base64,' + PNG_HEADER });
  expect(r.error).toBeUndefined();
  expect(r.success).toBe(true);
  await expect.poll(async () => (await state(page)).bareHex).toBe('89504e470d0a1a0a');
  expect((await state(page)).bare[0]).toMatchObject({ name: 'logo.png', type: 'image/png', size: 8 });

  const box = await findId(page, { role: 'region', name: 'Plain box' });
  const refused = await act(page, 'upload', box, { name: 'x.txt', data: 'x' });
  expect(refused, JSON.stringify(refused)).toMatchObject({ success: false });
  expect(refused.error?.code).toBe('ACTION_FAILED');
  expect(refused.error?.message).toContain('did not accept dropped files');
});
