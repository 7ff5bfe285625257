// Issue 31, hostile worlds: a page that replaced built-ins before DomTool loaded (a
// bookmarklet or console injection comes late) or after it (a library loaded on demand).
// The action path — click, type, select, and the settling after each — must neither
// hang on timers that never fire nor throw on a replaced Math or Promise (R2).
import { expect, test, type Page } from '@playwright/test';
import { iifeBundle } from './integration-helpers';

const inline = (code: string) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`;

/** sinon-style fake timers: nothing scheduled runs until the page ticks the clock (it never does), time stands still. */
const FAKE_TIMERS = `
  window.__real = { setTimeout: window.setTimeout.bind(window) };
  const queue = [];
  window.setTimeout = function (fn) { queue.push(fn); return queue.length; };
  window.setInterval = function (fn) { queue.push(fn); return queue.length; };
  window.clearTimeout = window.clearInterval = function () {};
  window.requestAnimationFrame = function (fn) { queue.push(fn); return queue.length; };
  window.cancelAnimationFrame = function () {};
  performance.now = function () { return 1000; };
  Date.now = function () { return 1000; };
`;
const REPLACED_MATH = 'window.Math = { random: () => 0.5 };';
const REPLACED_PROMISE = 'window.Promise = function FakePromise() { throw new Error("no Promise"); };';

const PAGE =
  '<main><h1>Hostile</h1><p id="out">none</p>' +
  '<button type="button" onclick="document.getElementById(\'out\').textContent = \'clicked\'">Go</button>' +
  '<label>Name <input id="name"></label>' +
  '<label>Size <select id="size"><option>S</option><option>M</option></select></label></main>';

/** Runs click, type and select through `__t`, each raced against a real 8 s timer; answers what each returned. */
async function actAll(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const w = window as any;
    const wait = (w.__real?.setTimeout ?? setTimeout) as typeof setTimeout;
    const out: Record<string, string> = {};
    const text: string = await w.__t.getText();
    const id = (re: RegExp) => (re.exec(text) ?? [])[1];
    const calls: [string, () => Promise<any>][] = [
      ['click', () => w.__t.click(id(/(nv_\w+) button "Go"/))],
      ['type', () => w.__t.type(id(/(nv_\w+) textbox "Name"/), 'Ada')],
      ['select', () => w.__t.select(id(/(nv_\w+) combobox "Size"/), 'M')],
    ];
    for (const [name, call] of calls) {
      try {
        // The engine's own Promise (the page may have replaced the global one).
        const NativePromise = (async () => {})().constructor as PromiseConstructor;
        out[name] = await new NativePromise<string>((resolve) => {
          wait(() => resolve('hung'), 8000);
          call().then(
            (r: any) => resolve(r && r.success ? 'ok' : 'failed: ' + (r && r.text)),
            (e: any) => resolve('threw: ' + (e && e.message)),
          );
        });
      } catch (e: any) {
        out[name] = 'threw: ' + (e && e.message);
      }
    }
    out.page =
      document.getElementById('out')!.textContent +
      ' ' +
      (document.getElementById('name') as HTMLInputElement).value +
      ' ' +
      (document.getElementById('size') as HTMLSelectElement).value;
    return out;
  });
}

for (const [name, patch] of [
  ['fake timers and a frozen performance.now', FAKE_TIMERS],
  ['a replaced Math', REPLACED_MATH],
  ['a replaced Promise', REPLACED_PROMISE],
] as const) {
  test(`${name} installed before DomTool loads: click, type and select return`, async ({ page }) => {
    await page.goto('/tests/browser/helpers/blank.html');
    await page.setContent(
      PAGE + inline(patch) + inline(iifeBundle()) + inline('window.__t = new BrowserXDomTool.DomTool();'),
    );
    expect(await actAll(page)).toEqual({ click: 'ok', type: 'ok', select: 'ok', page: 'clicked Ada M' });
  });

  test(`${name} installed after DomTool loaded: click, type and select return`, async ({ page }) => {
    await page.goto('/tests/browser/helpers/blank.html');
    await page.setContent(
      PAGE + inline(iifeBundle()) + inline('window.__t = new BrowserXDomTool.DomTool();') + inline(patch),
    );
    expect(await actAll(page)).toEqual({ click: 'ok', type: 'ok', select: 'ok', page: 'clicked Ada M' });
  });
}
