// Issue 30 item 4: the snapshot marks what the action layer would refuse, and the action
// layer does not refuse what the snapshot offers without a mark. Each case is a pattern
// the round trip over real pages found (bench/refusals.mjs): hover every id, compare the
// verdict with the line.
import { test, expect, type Page } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';

interface Verdict {
  line: string;
  ok: boolean;
  code?: string;
  clicks: number;
}

/** The line of the node named `name`, then a click on its id: the verdict and whether the element got the click. */
async function clickByName(page: Page, name: string): Promise<Verdict> {
  const { text } = await snapshot(page);
  const line = text.split('\n').find((l) => l.includes(name) && /nv_/.test(l)) ?? '';
  const id = /nv_[a-z0-9]+/.exec(line)?.[0] ?? '';
  expect(id, `an id for ${name} in\n${text}`).not.toBe('');
  return page
    .evaluate(
      async ({ id, name }) => {
        const w = window as unknown as {
          __domtoolTest: { click(id: string): Promise<{ success: boolean; error?: { code: string } }> };
          clicks: Record<string, number>;
        };
        const r = await w.__domtoolTest.click(id);
        return { line: '', ok: r.success, code: r.error?.code, clicks: w.clicks[name] ?? 0 };
      },
      { id, name },
    )
    .then((v) => ({ ...v, line }));
}

/** Counts the clicks each element with data-n receives, by that name. */
const COUNT = `<script>window.clicks={};document.addEventListener('click',e=>{const a=e.target.closest('[data-n]');if(a){e.preventDefault();clicks[a.dataset.n]=(clicks[a.dataset.n]||0)+1}},true)</script>`;

test('a link whose unsized icon is taller than the viewport, far below the fold, is scrolled into view and clicked', async ({
  page,
}) => {
  // An <svg> with a viewBox and no size takes the line's width: Chromium's scrollIntoView
  // centres the link together with the icon, which left the link's own box (its text on
  // the icon's baseline) below the fold: "could not be scrolled into the viewport".
  await loadHtml(
    page,
    `<!doctype html><body style="margin:0">${COUNT}<div style="height:3000px"></div>
    <ul><li><a href="#x" data-n="Home delivery"><svg viewBox="0 0 14 13"><rect width="14" height="13"></rect></svg>Home delivery</a></li></ul>
    <div style="height:3000px"></div></body>`,
  );
  const v = await clickByName(page, 'Home delivery');
  expect(v.line).not.toMatch(/covered by|unreachable/);
  expect(v).toMatchObject({ ok: true, clicks: 1 });
});

test('a fixed bar the scroll brings a link under: marked in the snapshot, refused by the action, both naming it', async ({
  page,
}) => {
  await loadHtml(
    page,
    `<!doctype html><body style="margin:0">${COUNT}
    <div style="height:2000px"></div><p style="margin:0;height:20px"><a href="#t" data-n="Terms">Terms</a></p><div style="height:2000px"></div>
    <div role="dialog" aria-label="Cookie consent" style="position:fixed;left:0;right:0;top:300px;height:120px;background:#fff">We use cookies <button>Accept</button></div></body>`,
  );
  const v = await clickByName(page, 'Terms');
  expect(v.line).toMatch(/covered by/);
  expect(v).toMatchObject({ ok: false, code: 'OBSCURED', clicks: 0 });
});

test('a fixed bar the scroll does not bring a link under leaves it unmarked, and the click goes through', async ({
  page,
}) => {
  await loadHtml(
    page,
    `<!doctype html><body style="margin:0">${COUNT}
    <div style="height:2000px"></div><p style="margin:0;height:20px"><a href="#t" data-n="Terms">Terms</a></p><div style="height:2000px"></div>
    <div role="dialog" aria-label="Cookie consent" style="position:fixed;left:0;right:0;bottom:0;height:80px;background:#fff">We use cookies <button>Accept</button></div></body>`,
  );
  const v = await clickByName(page, 'Terms');
  expect(v.line).not.toMatch(/covered by/);
  expect(v).toMatchObject({ ok: true, clicks: 1 });
});

test("a link under its own list item's overlay is not refused: an ancestor over it is its own box", async ({
  page,
}) => {
  await loadHtml(
    page,
    `<!doctype html><style>li{position:relative;list-style:none}li::before{content:"";position:absolute;inset:0;z-index:1}</style>${COUNT}
    <ul><li><a href="#s" data-n="Story">Story</a> text</li></ul>`,
  );
  const v = await clickByName(page, 'Story');
  expect(v.line).not.toMatch(/covered by/);
  expect(v).toMatchObject({ ok: true, clicks: 1 });
});
