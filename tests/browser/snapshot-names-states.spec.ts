// S4 accessible names of every labelling kind, S5 states and exact values, and S12
// privacy, in real Chromium.
import { test, expect } from '@playwright/test';
import { loadHtml, shape, snapshot } from './helpers/domtool';
import { allNodes, node } from './helpers/tree';

test('labels of every kind give the expected accessible names', async ({ page }) => {
  await loadHtml(
    page,
    `
    <label for="a">For label</label><input id="a">
    <label>Wrapping label <input></label>
    <span id="shown">Visible part</span><span id="gone" hidden>hidden part</span>
    <input aria-labelledby="shown gone">
    <input aria-label="Aria label">
    <fieldset><legend>Legend name</legend><input type="checkbox" aria-label="In fieldset"></fieldset>
    <table><caption>Caption name</caption><tr><td>Cell</td></tr></table>
    <img src="/a.png" alt="Alt name" width="20" height="20">
    <a href="/t" title="Title name"><img src="/i.png" alt="" width="16" height="16"></a>
    <input placeholder="Placeholder name">
    <input type="submit" value="Submit value">
    <input type="button" value="Button value">
    <button title="Title button" style="width:20px;height:20px"></button>
    <button aria-labelledby="self-lbl" id="self-lbl">Labelled by itself</button>`,
  );
  const { text, json } = await snapshot(page);
  const expected: [string, string][] = [
    ['For label', 'textbox'],
    ['Wrapping label', 'textbox'],
    ['Visible part hidden part', 'textbox'],
    ['Aria label', 'textbox'],
    ['Legend name', 'group'],
    ['In fieldset', 'checkbox'],
    ['Caption name', 'table'],
    ['Alt name', 'img'],
    ['Title name', 'link'],
    ['Placeholder name', 'textbox'],
    ['Submit value', 'button'],
    ['Button value', 'button'],
    ['Title button', 'button'],
    ['Labelled by itself', 'button'],
  ];
  for (const [name, role] of expected) expect(node(json, name, role).name).toBe(name);
  expect(shape(text)).toBe(
    [
      '@ textbox "For label"',
      '@ textbox "Wrapping label"',
      'Visible part',
      '@ textbox "Visible part hidden part"',
      '@ textbox "Aria label"',
      'group "Legend name"',
      '  @ checkbox "In fieldset" [unchecked]',
      'table "Caption name"',
      '  row: Cell',
      'img "Alt name"',
      '@ link "Title name"',
      '@ textbox "Placeholder name"',
      '@ button "Submit value"',
      '@ button "Button value"',
      '@ button "Title button"',
      '@ button "Labelled by itself"',
    ].join('\n'),
  );
});

test('icon-only controls without a name get a hint', async ({ page }) => {
  await loadHtml(
    page,
    `
    <svg style="display:none"><symbol id="icon-trash"><path d="M0 0h10v10H0z"/></symbol></svg>
    <button style="width:24px;height:24px"><svg width="16" height="16"><use href="#icon-trash"></use></svg></button>
    <button class="btn-close" style="width:24px;height:24px"></button>`,
  );
  const { json } = await snapshot(page);
  const hints = allNodes(json)
    .filter((n) => n.actionable)
    .map((n) => n.hint);
  expect(hints).toEqual(['trash', 'close']);
});

test('states: disabled (incl. fieldset[disabled]), checked/mixed, selected, pressed, expanded, required, readonly, invalid, level, valuenow', async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <button disabled>Dis</button>
    <fieldset disabled><legend>Locked</legend><input aria-label="In locked"><button>Locked button</button></fieldset>
    <input type="checkbox" aria-label="Chk" checked>
    <input type="checkbox" aria-label="Indeterminate" id="ind">
    <div role="checkbox" aria-checked="mixed" tabindex="0">Aria mixed</div>
    <div role="listbox" aria-label="Fruit"><div role="option" aria-selected="true">Apple</div><div role="option" aria-selected="false">Pear</div></div>
    <button aria-pressed="true">Bold</button>
    <button aria-pressed="mixed">Mixed press</button>
    <button aria-expanded="false">Menu</button>
    <button aria-expanded="true">Open menu</button>
    <input aria-label="Req" required>
    <input aria-label="RO" readonly value="r">
    <input aria-label="Inv" aria-invalid="true">
    <div role="heading" aria-level="4">Level four</div>
    <h3>Native three</h3>
    <div role="slider" aria-label="Volume" aria-valuenow="30" aria-valuemin="0" aria-valuemax="100" tabindex="0" style="width:100px;height:10px"></div>
    <input type="range" aria-label="Range" min="0" max="10" value="3">
    <progress aria-label="Upload" value="40" max="100"></progress>
    <script>document.getElementById('ind').indeterminate = true;</script>`,
  );
  const { text, json } = await snapshot(page);
  expect(node(json, 'In locked')).toMatchObject({ disabled: true });
  expect(node(json, 'Locked button')).toMatchObject({ disabled: true });
  expect(node(json, 'Chk').checked).toBe(true);
  expect(node(json, 'Indeterminate').checked).toBe('mixed');
  expect(node(json, 'Apple', 'option').selected).toBe(true);
  expect(node(json, 'Volume')).toMatchObject({ valuenow: 30, valuemin: 0, valuemax: 100 });
  expect(node(json, 'Level four', 'heading').level).toBe(4);
  expect(node(json, 'Native three', 'heading').level).toBe(3);
  expect(shape(text)).toBe(
    [
      '@ button "Dis" [disabled]',
      'group "Locked" [disabled]',
      '  @ textbox "In locked" [disabled]',
      '  @ button "Locked button" [disabled]',
      '@ checkbox "Chk" [checked]',
      '@ checkbox "Indeterminate" [checked=mixed]',
      '@ checkbox "Aria mixed" [checked=mixed]',
      '@ listbox "Fruit"',
      '  @ option "Apple" [selected]',
      '  @ option "Pear"',
      '@ button "Bold" [pressed]',
      '@ button "Mixed press" [pressed=mixed]',
      '@ button "Menu" [collapsed]',
      '@ button "Open menu" [expanded]',
      '@ textbox "Req" [required]',
      '@ textbox "RO" [value="r" readonly]',
      '@ textbox "Inv" [invalid]',
      'h4 "Level four"',
      'h3 "Native three"',
      '@ slider "Volume" [now=30 range=0..100]',
      '@ slider "Range" [value="3" now=3 range=0..10]',
      'progressbar "Upload" [now=40 range=0..100]',
    ].join('\n'),
  );
});

test('aria-disabled wherever the walk meets it: on <html>, after a control, or moved by aria-owns', async ({
  page,
}) => {
  // The snapshot reads aria-disabled up a described control's ancestors only when its walk has
  // met the attribute (semantics/disabled.ts watchAriaDisabled); each case must still show it.
  await loadHtml(page, '<button>Plain</button><div aria-disabled="true"><button>In group</button></div>');
  await page.evaluate(() => document.documentElement.setAttribute('aria-disabled', 'true'));
  expect(shape((await snapshot(page)).text)).toBe(
    ['@ button "Plain" [disabled]', '@ button "In group" [disabled]'].join('\n'),
  );
  await loadHtml(
    page,
    '<button>Before</button><div aria-disabled="true"><button>Inside</button></div><button>After</button>',
  );
  expect(shape((await snapshot(page)).text)).toBe(
    ['@ button "Before"', '@ button "Inside" [disabled]', '@ button "After"'].join('\n'),
  );
  // Walked under its owner before its own (aria-disabled) parent.
  await loadHtml(
    page,
    '<div aria-owns="moved"></div><div aria-disabled="true"><button id="moved">Moved</button></div>',
  );
  expect(shape((await snapshot(page)).text)).toBe('@ button "Moved" [disabled]');
});

test('values are reproduced exactly, trailing spaces included', async ({ page }) => {
  await loadHtml(
    page,
    `
    <input aria-label="Name" value="Ada Lovelace ">
    <input aria-label="Padded" value="  two  ">
    <textarea aria-label="Notes">line one
line two </textarea>
    <select aria-label="Country"><option>France</option><option selected>Germany</option></select>
    <select aria-label="Tags" multiple><option selected>red</option><option>green</option><option selected>blue</option></select>
    <input type="number" aria-label="Qty" value="3">
    <input aria-label="Typed">
    <script>document.querySelector('[aria-label=Typed]').value = 'set by script ';</script>`,
  );
  const { text, json } = await snapshot(page);
  expect(node(json, 'Name').value).toBe('Ada Lovelace ');
  expect(node(json, 'Padded').value).toBe('  two  ');
  expect(node(json, 'Notes').value).toBe('line one\nline two ');
  expect(node(json, 'Country').value).toBe('Germany');
  expect(node(json, 'Tags').value).toBe('red, blue');
  expect(node(json, 'Qty').value).toBe('3');
  expect(node(json, 'Typed').value).toBe('set by script ');
  expect(text).toContain('textbox "Name" [value="Ada Lovelace "]');
  expect(text).toContain('textbox "Padded" [value="  two  "]');
  expect(text).toContain('textbox "Typed" [value="set by script "]');
});

const SECRETS = `
  <input type="password" aria-label="Password" value="pw-secret-1">
  <input aria-label="Card" autocomplete="cc-number" value="4111111111111111">
  <input aria-label="Code" autocomplete="one-time-code" value="otc-secret-2">
  <input aria-label="Current" autocomplete="current-password" value="cur-secret-3">
  <input aria-label="New" autocomplete="new-password" value="new-secret-4">
  <input aria-label="CVC" autocomplete="cc-csc" value="csc-secret-5">
  <input aria-label="Billing card" autocomplete="section-pay billing cc-number" value="multi-secret-6">
  <input type="password" aria-label="Typed password">
  <input aria-label="User" value="ada">
  <script>document.querySelector('[aria-label="Typed password"]').value = 'typed-secret-7';</script>`;
const SECRET_VALUES = [
  'pw-secret-1',
  '4111111111111111',
  'otc-secret-2',
  'cur-secret-3',
  'new-secret-4',
  'csc-secret-5',
  'multi-secret-6',
  'typed-secret-7',
];

test('privacy: password and secret autocomplete values never appear in text or JSON', async ({ page }) => {
  await loadHtml(page, SECRETS);
  const { text, json } = await snapshot(page, { tokenBudget: 0 });
  const payload = JSON.stringify(json);
  for (const secret of SECRET_VALUES) {
    expect(text).not.toContain(secret);
    expect(payload).not.toContain(secret);
  }
  // The fields themselves are still there, usable, without their value.
  for (const name of ['Password', 'Card', 'Code', 'Current', 'New', 'CVC', 'Billing card', 'Typed password']) {
    const field = node(json, name, 'textbox');
    expect(field.actionable).toBe(true);
    expect(field.value).toBeUndefined();
  }
  expect(node(json, 'User').value).toBe('ada');
});

test("privacy: a secret field inside another control's label lends it no value (accname 2C), a plain one does", async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <label><input type="checkbox"> Remember <input type="password" value="pw-in-label-8"></label>
    <label><input type="checkbox"> Charge <input autocomplete="cc-number" value="4222222222222222"> monthly</label>
    <label><input type="checkbox"> Send to <input value="ada@example.org"></label>`,
  );
  const { text, json } = await snapshot(page, { tokenBudget: 0 });
  const payload = JSON.stringify(json);
  for (const secret of ['pw-in-label-8', '4222222222222222']) {
    expect(text).not.toContain(secret);
    expect(payload).not.toContain(secret);
  }
  expect(node(json, 'Charge monthly', 'checkbox').actionable).toBe(true);
  expect(node(json, 'Send to ada@example.org', 'checkbox').actionable).toBe(true);
});

test('privacy: allowSensitiveValues: true shows the values', async ({ page }) => {
  await loadHtml(page, SECRETS);
  const { text, json } = await snapshot(page, { allowSensitiveValues: true });
  for (const secret of SECRET_VALUES) expect(text).toContain(`value="${secret}"`);
  expect(node(json, 'Password').value).toBe('pw-secret-1');
  expect(node(json, 'Typed password').value).toBe('typed-secret-7');
});

test('text of inline siblings separated by whitespace keeps the space', async ({ page }) => {
  await loadHtml(page, `<p><span class="price">$79</span> <span class="old">$119</span></p>`);
  const { text } = await snapshot(page);
  expect(shape(text)).toBe('$79 $119');
});

test("generated content: none from a replaced element, every descendant's from a descendant rule", async ({ page }) => {
  await loadHtml(
    page,
    `<style>.kids > *::before { content: "[B]"; } .every *::before { content: "»"; }</style>
    <a href="/1" class="kids">Go <img alt="" src="/i.png" width="8" height="8"> on</a>
    <a href="/2" class="kids">Go <input type="checkbox"> up</a>
    <a href="/3" class="every">Go <i></i> in</a>`,
  );
  const { json } = await snapshot(page);
  // The names Chromium's own tree gives (aria-chromium.spec.ts, names-generated.html).
  expect(node(json, 'Go on', 'link').name).toBe('Go on');
  expect(node(json, 'Go up', 'link').name).toBe('Go up');
  expect(node(json, 'Go » in', 'link').name).toBe('Go » in');
});
