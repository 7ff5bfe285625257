// Tier-2 listener signals read from the page world (issue 8): jQuery's private data
// (direct and delegated handlers), Preact 11's handler map, and the pluggable
// hasClickListener option (an extension's page-world listener recorder). Real
// packages from node_modules; each signal is the only one the element has.
import { expect, test } from '@playwright/test';
import { ROOT, loadHtml, shape, snapshot } from './helpers/domtool';
import { allNodes } from './helpers/tree';
import { act, appState, idForLabel, openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

const JQUERY = ROOT + 'node_modules/jquery/dist/jquery.min.js';

test('jQuery: direct handlers and handlers delegated by the document or a container mark their elements', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <div id="direct">Direct handler</div>
    <div id="plain">No handler</div>
    <ul id="menu"><li class="entry">Delegated one</li><li class="entry">Delegated two</li><li class="sep">Not matched</li></ul>
    <p><span class="chip">Tents<span class="x">x</span></span></p>
    <div id="hover">Hover only</div>`,
  );
  await page.addScriptTag({ path: JQUERY });
  await page.evaluate(() => {
    const $ = (window as unknown as { jQuery: any }).jQuery;
    $('#direct').on('click', () => 0);
    $('#menu').on('click', '.entry', () => 0);
    $(document).on('mousedown', '.chip .x', () => 0);
    $('#hover').on('mouseenter', () => 0);
  });
  const { text, json } = await snapshot(page, { fresh: true });
  expect(shape(text)).toBe(
    [
      '@ clickable: Direct handler',
      'No handler',
      '@ listitem: Delegated one',
      '@ listitem: Delegated two',
      '- Not matched',
      'Tents',
      '@ clickable: x',
      'Hover only',
    ].join('\n'),
  );
  expect(
    allNodes(json)
      .filter((n) => n.actionable)
      .map((n) => n.reason),
  ).toEqual(['listener', 'listener', 'listener', 'listener']);
});

test('a jQuery UI-style datepicker: <a> without href and empty icon spans with delegated handlers get ids that work', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/widgets/datepicker.html', 'window.__ready');
  expect((await act(page, 'click', (await idForLabel(page, 'Prev')).id)).success).toBe(true);
  expect(await appState(page, '__app.month')).toBe(1);
  // The chips' remove icons are empty spans: their ids follow the chip text in the snapshot.
  const text: string = await page.evaluate(async () => (await window.__tool.getSnapshot({ force: true })).toText());
  const lines = text.split('\n');
  const icon = lines[lines.findIndex((l) => l.trim() === 'Stoves') + 1].trim().split(' ')[0];
  expect(icon).toMatch(/^nv_/);
  const r = await act(page, 'click', icon);
  expect(r.success).toBe(true);
  expect(await appState(page, '__app.removed')).toEqual(['Stoves']);
});

test('Preact 11: an onClick prop is the only signal of a div; it gets an id and the click reaches the handler', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/apps/preact/index.html', 'window.__ready');
  const text: string = await page.evaluate(async () => (await window.__tool.getSnapshot({ force: true })).toText());
  expect(text).toMatch(/nv_\w+ clickable: North\n(nv_\w+) clickable: South\nnv_\w+ clickable: East/);
  const id = text.match(/(nv_\w+) clickable: South/)![1];
  expect((await act(page, 'click', id)).success).toBe(true);
  expect(await appState(page, '__preact.picked')).toBe('South');
});

test('hasClickListener: an embedder-supplied listener source is a tier-2 signal; a throwing one is ignored', async ({
  page,
}) => {
  await loadHtml(page, `<div id="a">Recorded listener</div><div id="b">Nothing recorded</div>`);
  const result = await page.evaluate(async () => {
    const W = window.BrowserXDomTool;
    const recorded = new Set<Element>([document.getElementById('a')!]);
    const ok = await new W.DomTool({ hasClickListener: (el: Element) => recorded.has(el) }).getSnapshot({
      force: true,
    });
    const bad = await new W.DomTool({
      hasClickListener: () => {
        throw new Error('boom');
      },
    }).getSnapshot({ force: true });
    return { ok: ok.toText(), bad: bad.toText() };
  });
  expect(shape(result.ok)).toBe('@ clickable: Recorded listener\nNothing recorded');
  expect(shape(result.bad)).toBe('Recorded listener\nNothing recorded');
});

test('jQuery 1.x (handlers in jQuery.cache): a title-only <a> without href, an icon span and a document-delegated star get ids that work', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <div class="cal"><a class="prev" title="Prev"><span class="icon" style="display:inline-block;width:16px;height:16px;background:#ccc"></span></a><span id="month">January</span></div>
    <div class="mail"><span class="icon-reply" title="Reply" style="display:inline-block;width:16px;height:16px;background:#888"></span>
      <span class="star" title="Star" style="display:inline-block;width:16px;height:16px;background:#fc0"></span></div>
    <div id="plain">No handler</div>`,
  );
  await page.addScriptTag({ path: ROOT + 'node_modules/jquery1/dist/jquery.min.js' });
  await page.evaluate(() => {
    const $ = (window as unknown as { jQuery: any }).jQuery;
    const w = window as unknown as { __log: string[] };
    w.__log = [];
    $('.prev').click(() => {
      w.__log.push('prev');
      $('#month').text('December');
    });
    $('.icon-reply').on('click', () => w.__log.push('reply'));
    $(document).on('click', '.star', () => w.__log.push('star'));
  });
  expect(await page.evaluate(() => (window as any).jQuery.fn.jquery)).toBe('1.12.4');
  const { text } = await snapshot(page, { fresh: true });
  const idOf = (re: RegExp) => {
    const m = text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => re.test(l));
    expect(m, text).toBeTruthy();
    return m!.split(' ')[0];
  };
  const ids = [idOf(/"Prev"/), idOf(/"Reply"/), idOf(/"Star"/)];
  for (const id of ids) expect(id).toMatch(/^nv_/);
  expect(text).not.toMatch(/nv_\w+ .*No handler/);
  for (const id of ids) {
    const r = await page.evaluate(async (i) => (await (window as any).__domtoolTest.click(i)).success, id);
    expect(r).toBe(true);
  }
  expect(await page.evaluate(() => (window as any).__log)).toEqual(['prev', 'reply', 'star']);
  await expect(page.locator('#month')).toHaveText('December');
});
