// accname 1.2 steps in real Chromium (issue 20): each test is one step or one cause where
// DomTool's name differed from the specification (and from Chromium's own tree).
// Pages are written here; the WPT conformance pages are run by bench/accname.mjs.
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
let bundle = '';

test.beforeAll(async () => {
  const result = await build({
    entryPoints: [resolve(here, '../../src/semantics/index.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'DomToolAria',
  });
  bundle = result.outputFiles[0].text;
});

/** Names of every [data-n] element after `html` is loaded, keyed by data-n. */
async function names(page: Page, html: string): Promise<Record<string, string>> {
  await page.goto('/fixtures/demo.html');
  await page.setContent(html);
  await page.addScriptTag({ content: bundle });
  return page.evaluate(() => {
    const api = (window as unknown as { DomToolAria: typeof import('../../src/semantics/index') }).DomToolAria;
    const out: Record<string, string> = {};
    document.querySelectorAll('[data-n]').forEach((el) => {
      out[el.getAttribute('data-n')!] = api.getAccessibleName(el);
    });
    return out;
  });
}

test('2F.ii/iv: generated content with alternative text uses the alternative, not both', async ({ page }) => {
  const n = await names(
    page,
    `<style>
    .alt::before { content: "★" / "Rated "; } .alt::after { content: "→" / " next"; }
    .mix::before { content: "x" / "go " attr(data-what) " now "; }
    .none::before { content: "decor" / ""; }
  </style>
  <button data-n="alt" class="alt">five</button>
  <a href="#" data-n="mix" class="mix" data-what="home">link</a>
  <h2 data-n="none" class="none">Title</h2>`,
  );
  expect(n.alt).toBe('Rated five next');
  expect(n.mix).toBe('go home now link');
  expect(n.none).toBe('Title');
});

test('2F.ii: a replaced element gives no generated content, as in Chromium', async ({ page }) => {
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const n = await names(
    page,
    `<style>a > *::before { content: "[B]"; } a > *::after { content: "[A]"; }</style>
  <a href="#" data-n="img">Go <img alt="" src="${png}" width="8" height="8"> now</a>
  <a href="#" data-n="box">Go <input type="checkbox"> now</a>
  <a href="#" data-n="canvas">Go <canvas width="8" height="8"></canvas> now</a>
  <a href="#" data-n="icon">Go <i></i> now</a>`,
  );
  // Chromium's own tree (aria-chromium.spec.ts, names-generated.html): the same names.
  expect(n.img).toBe('Go now');
  expect(n.box).toBe('Go now');
  expect(n.canvas).toBe('Go now');
  expect(n.icon).toBe('Go [B][A] now');
});

test('2F.ii: a rule for every descendant (`.x *::before`) gives the descendants content, not .x', async ({ page }) => {
  const n = await names(
    page,
    `<style>.every *::before { content: "»"; }</style>
  <a href="#" data-n="kid" class="every">Go <span></span> now</a>
  <a href="#" data-n="self" class="every">Alone</a>`,
  );
  // Chromium's tree says "Go » now" (the rule serialises as `.every ::before`).
  expect(n.kid).toBe('Go » now');
  expect(n.self).toBe('Alone');
});

test('2F.ii: a rule whose selector list nests commas (`:is(.p, .q)::before`) still gives content', async ({ page }) => {
  const n = await names(
    page,
    `<style>:is(.p, .q)::before { content: "»"; } [data-k="a,b"]::after { content: "«"; }</style>
  <a href="#" data-n="is">Go <span class="q"></span> now</a>
  <a href="#" data-n="attr">Go <span data-k="a,b"></span> now</a>`,
  );
  // Split at every comma, the list became ':is(.p' and ' .q)::before': neither matched anything.
  expect(n.is).toBe('Go » now');
  expect(n.attr).toBe('Go « now');
});

test('2F.ii: generated content on a <label> that has text of its own names the field', async ({ page }) => {
  const n = await names(
    page,
    `<style>label::before { content: "Your "; } label::after { content: attr(data-unit); }</style>
  <label for="f" data-unit=" (kg)">weight</label><input id="f" data-n="f">`,
  );
  expect(n.f).toBe('Your weight (kg)');
});

test('2F.iii: a space carried by a nested inline element separates the words', async ({ page }) => {
  const n = await names(
    page,
    `<button data-n="b">button<span><i> </i></span>label</button>
    <a href="#" data-n="a">link<b><span> </span></b>label</a>`,
  );
  expect(n.b).toBe('button label');
  expect(n.a).toBe('link label');
});

test('2E/2I: a presentational image adds no title to its ancestor name', async ({ page }) => {
  const n = await names(
    page,
    `<div role="link" tabindex="0" data-n="l">My name is
    <div><img src="data:," title="Bryan" alt="" role="presentation"></div> Eli</div>`,
  );
  expect(n.l).toBe('My name is Eli');
});

test('2D: aria-label on a <slot> is not used in place of the slotted text', async ({ page }) => {
  await page.goto('/fixtures/demo.html');
  await page.setContent(`<span id="ref">foo <x-host><span>slotted</span></x-host> bar</span><button aria-labelledby="ref" data-n="b"></button>
    <span id="ref2">foo <x-host></x-host> bar</span><button aria-labelledby="ref2" data-n="b2"></button>`);
  await page.evaluate(() => {
    for (const host of document.querySelectorAll('x-host'))
      host.attachShadow({ mode: 'open' }).innerHTML = '<slot aria-label="label">default</slot>';
  });
  await page.addScriptTag({ content: bundle });
  const n = await page.evaluate(() => {
    const api = (window as unknown as { DomToolAria: typeof import('../../src/semantics/index') }).DomToolAria;
    return [...document.querySelectorAll('[data-n]')].map((el) => api.getAccessibleName(el));
  });
  expect(n).toEqual(['foo slotted bar', 'foo default bar']);
});

test('2F.ii: block-level generated content is separated from the text next to it', async ({ page }) => {
  const n = await names(
    page,
    `<style>.b::before { content: "Step"; display: block; } .b::after { content: "!"; }</style>
  <h3 class="b" data-n="h">one</h3>`,
  );
  expect(n.h).toBe('Step one!');
});

test('2F.iii: the control inside its own label separates the words around it (inline-block)', async ({ page }) => {
  const n = await names(
    page,
    `<style>label.pseudo::before { content: "Send"; } label.pseudo::after { content: "copies"; }</style>
  <label class="pseudo"><input type="checkbox" data-n="pseudo"></label>
  <label>Ship<input type="checkbox" data-n="text">today</label>`,
  );
  expect(n.pseudo).toBe('Send copies');
  expect(n.text).toBe('Ship today');
});

test('2C: an embedded combobox gives its value — its text, its selected option, an option of a listbox it owns', async ({
  page,
}) => {
  const n = await names(
    page,
    `
  <label><input type="checkbox" data-n="text"> Repeat <span role="combobox" tabindex="0" aria-label="count">4</span> times</label>
  <input type="radio" id="r1" data-n="owned">
  <label for="r1">Remind me <span aria-owns="cb1">every</span> days</label>
  <div><div id="cb1" role="combobox"><div role="textbox"></div>
    <ul role="listbox"><li role="option">2</li><li role="option" aria-selected="true">7</li></ul></div></div>
  <input type="radio" id="r2" data-n="ownsList">
  <label for="r2">Keep <span aria-owns="cb2">the last</span> backups</label>
  <div id="cb2" role="combobox" aria-owns="lb2"><div role="textbox"></div></div>
  <ul id="lb2" role="listbox"><li role="option">1</li><li role="option" aria-selected="true">5</li></ul>`,
  );
  expect(n.text).toBe('Repeat 4 times');
  expect(n.owned).toBe('Remind me every 7 days');
  expect(n.ownsList).toBe('Keep the last 5 backups');
});
