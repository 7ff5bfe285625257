// S3 actionability in real Chromium: native controls (tier 1) and custom clickable
// elements found by heuristics (tier 2); computed pointer-events:none and an
// inherited cursor do not make something a separate target.
import { test, expect } from '@playwright/test';
import { loadHtml, shape, snapshot } from './helpers/domtool';
import { allNodes, node } from './helpers/tree';

test('custom clickable divs: onclick, own cursor:pointer, tabindex=0, role=button', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div onclick="void 0">Onclick div</div>
    <div style="cursor:pointer">Cursor div <span>inherits the cursor</span></div>
    <div tabindex="0">Tabindex zero</div>
    <div tabindex="-1">Tabindex minus one</div>
    <div role="button">Role button</div>
    <span data-testid="close-dialog">Test id</span>
    <div class="btn-primary">Class btn</div>`,
  );
  const { text, json } = await snapshot(page);
  expect(shape(text)).toBe(
    [
      '@ clickable: Onclick div',
      '@ clickable: Cursor div inherits the cursor',
      '@ focusable: Tabindex zero',
      'Tabindex minus one',
      '@ button "Role button"',
      '@ clickable: Test id',
      '@ clickable: Class btn',
    ].join('\n'),
  );
  const clickables = allNodes(json).filter((n) => n.actionable);
  expect(clickables.map((n) => [n.tag, n.tier, n.reason ?? null])).toEqual([
    ['div', 2, 'onclick'],
    ['div', 2, 'cursor'],
    ['div', 2, 'tabindex'],
    ['div', 1, null],
    ['span', 2, 'testid'],
    ['div', 2, 'class'],
  ]);
  // The span only inherits cursor:pointer: it is part of its parent's target.
  expect(allNodes(json).filter((n) => n.tag === 'span' && n.actionable)).toHaveLength(1);
});

test('pointer-events:none is not actionable, on the element or inherited', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div onclick="void 0" style="pointer-events:none">No pointer onclick</div>
    <div style="cursor:pointer;pointer-events:none">No pointer cursor</div>
    <button style="pointer-events:none">No pointer button</button>
    <div style="pointer-events:none"><a href="/x">Inherited none link</a></div>
    <div style="pointer-events:none"><a href="/y" style="pointer-events:auto">Re-enabled link</a></div>`,
  );
  const { text, json } = await snapshot(page);
  expect(
    allNodes(json)
      .filter((n) => n.actionable)
      .map((n) => n.name),
  ).toEqual(['Re-enabled link']);
  expect(shape(text)).toBe(
    [
      'No pointer onclick',
      'No pointer cursor',
      'No pointer button',
      'Inherited none link',
      '@ link "Re-enabled link"',
    ].join('\n'),
  );
});

test('cursor inherited inside a link is not a separate id', async ({ page }) => {
  await loadHtml(
    page,
    `
    <a href="/product"><span style="cursor:pointer">Nice tent</span> <img src="/t.png" alt="" width="20" height="20"> <b>$249</b></a>
    <div style="cursor:pointer" onclick="void 0"><span>Card title</span><span style="cursor:pointer">Card price</span></div>`,
  );
  const { text, json } = await snapshot(page);
  expect(
    allNodes(json)
      .filter((n) => n.actionable)
      .map((n) => n.tag),
  ).toEqual(['a', 'div']);
  expect(shape(text)).toBe(['@ link "Nice tent $249"', '@ clickable: Card titleCard price'].join('\n'));
});

test('native controls are tier 1 with implicit roles; a disabled control stays listed', async ({ page }) => {
  await loadHtml(
    page,
    `
    <a href="/home">Home</a> <a>No href anchor</a>
    <button>Plain button</button>
    <input aria-label="Text"> <input type="search" aria-label="Search"> <input type="number" aria-label="Qty">
    <input type="checkbox" aria-label="Check"> <input type="radio" aria-label="Radio">
    <input type="range" aria-label="Range"> <input type="hidden" value="h">
    <select aria-label="Choice"><option>One</option></select>
    <textarea aria-label="Area"></textarea>
    <div contenteditable="true" aria-label="Editor"><p>Rich <b>text</b></p></div>
    <button disabled>Disabled button</button>`,
  );
  const { json } = await snapshot(page);
  const rows = allNodes(json)
    .filter((n) => n.actionable)
    .map((n) => `${n.tag}:${n.role}:${n.tier}`);
  expect(rows).toEqual([
    'a:link:1',
    'button:button:1',
    'input:textbox:1',
    'input:searchbox:1',
    'input:spinbutton:1',
    'input:checkbox:1',
    'input:radio:1',
    'input:slider:1',
    'select:combobox:1',
    'textarea:textbox:1',
    // A contenteditable host keeps no role (HTML-AAM maps none); it is tier 1 by contenteditable.
    'div:undefined:1',
    'button:button:1',
  ]);
  expect(node(json, 'Editor')).toMatchObject({ value: 'Rich text' });
  expect(node(json, 'Disabled button')).toMatchObject({ disabled: true, actionable: true });
});

test('a checkbox drawn invisible is listed as the checkbox (its label is the stand-in); a label of a display:none control is the target', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <style>.vh { position:absolute; opacity:0; width:0; height:0 }</style>
    <input type="checkbox" id="c1" class="vh" checked><label for="c1">Custom toggle</label>
    <label for="c2">Visible control label</label><input type="checkbox" id="c2">
    <input type="checkbox" id="c3" style="display:none"><label for="c3">CSS-only toggle</label>`,
  );
  const { text, json } = await snapshot(page);
  const actionable = allNodes(json)
    .filter((n) => n.actionable)
    .map((n) => `${n.tag}:${n.name ?? n.text}`);
  expect(actionable).toEqual(['input:Custom toggle', 'input:Visible control label', 'label:CSS-only toggle']);
  expect(shape(text)).toBe(
    [
      '@ checkbox "Custom toggle" [checked]',
      '@ checkbox "Visible control label" [unchecked]',
      '@ clickable: CSS-only toggle',
    ].join('\n'),
  );
});
