// S6 text and S8 aria-owns in a real browser: list bullets and numbers, the
// contentEditable cap, text order around inline links, and owned elements placed
// under their owner (with a cycle guard).
import { expect, test } from '@playwright/test';
import { loadHtml, shape, snapshot } from './helpers/domtool';
import { allNodes } from './helpers/tree';

test('list items keep a bullet or number hint; inline links stay in reading order', async ({ page }) => {
  await loadHtml(
    page,
    `
    <ul><li>Apples</li><li>Pears</li></ul>
    <ol><li>Preheat</li><li>Bake</li></ol>
    <p>Read the <a href="/terms">terms</a> before you <a href="/buy">buy</a>.</p>`,
  );
  const { text } = await snapshot(page);
  expect(shape(text)).toBe(
    ['- Apples', '- Pears', '1. Preheat', '2. Bake', 'Read the [terms](@) before you [buy](@).'].join('\n'),
  );
});

test('contentEditable text is capped at 1,000 characters and marked', async ({ page }) => {
  await loadHtml(page, `<div contenteditable="true" aria-label="Notes">${'word '.repeat(400)}</div>`);
  const { json } = await snapshot(page, { tokenBudget: 0 });
  const editor = allNodes(json).find((n) => n.name === 'Notes')!;
  expect(editor.actionable).toBe(true);
  expect(editor.value!.length).toBe(1000);
  expect(editor.text_overflow).toBe(true);
});

test('aria-owns moves the owned element under its owner; a cycle does not loop', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div role="listbox" aria-label="Fruit" aria-owns="far-option" id="lb"><div role="option">Apple</div></div>
    <p>Unrelated text</p>
    <div role="option" id="far-option">Banana</div>
    <div id="a" aria-owns="b" role="group" aria-label="A"><button>In A</button></div>
    <div id="b" aria-owns="a" role="group" aria-label="B"><button>In B</button></div>`,
  );
  const { json } = await snapshot(page);
  const listbox = allNodes(json).find((n) => n.role === 'listbox')!;
  const inside = allNodes(listbox)
    .map((n) => n.name ?? n.text ?? '')
    .join(' | ');
  expect(inside).toContain('Apple');
  expect(inside).toContain('Banana');
  // It is not also listed at its DOM position.
  const outside = allNodes(json).filter((n) => (n.name ?? n.text ?? '').includes('Banana'));
  expect(outside.length).toBe(allNodes(listbox).filter((n) => (n.name ?? n.text ?? '').includes('Banana')).length);
  // Each button appears exactly once despite the ownership cycle.
  const buttons = allNodes(json)
    .filter((n) => n.role === 'button')
    .map((n) => n.name);
  expect(buttons.sort()).toEqual(['In A', 'In B']);
});

test('an owner that cannot hold children (an input) leaves what it owns in place, once', async ({ page }) => {
  // A combobox input owning its popup (the listbox sits elsewhere, before or after it), and
  // an owner the walk never enters (display:none): the owned elements are still listed once.
  await loadHtml(
    page,
    `
    <ul role="listbox" id="before" aria-label="Early"><li role="option">Cherry</li></ul>
    <label>Fruit <input role="combobox" aria-expanded="true" aria-owns="before after"></label>
    <p>Between</p>
    <ul role="listbox" id="after" aria-label="Late"><li role="option">Damson</li></ul>
    <div aria-owns="loose" style="display:none"></div>
    <button id="loose">Elder</button>`,
  );
  const { json, text } = await snapshot(page);
  const count = (name: string) => allNodes(json).filter((n) => n.role === 'option' && n.name === name).length;
  expect(count('Cherry')).toBe(1);
  expect(count('Damson')).toBe(1);
  expect(allNodes(json).filter((n) => n.role === 'button' && n.name === 'Elder').length).toBe(1);
  // Where they are: reading order is the DOM's.
  const order = ['Cherry', 'Fruit', 'Between', 'Damson', 'Elder'].map((w) => text.indexOf(w));
  expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]))).toBe(true);
});

test('a long select lists its first options, says how many more, and shows the chosen one exactly', async ({
  page,
}) => {
  const options = Array.from(
    { length: 120 },
    (_, i) => `<option${i === 99 ? ' selected' : ''}>Country ${i + 1}</option>`,
  ).join('');
  await loadHtml(page, `<label>Country <select>${options}</select></label>`);
  const { json, text } = await snapshot(page);
  const select = allNodes(json).find((n) => n.role === 'combobox')! as {
    value?: string;
    options?: string[];
    optionsTotal?: number;
  };
  expect(select.value).toBe('Country 100');
  // The first 50 labels, and the count of all of them (no marker entry to parse back).
  expect(select.options!.length).toBe(50);
  expect(select.options![49]).toBe('Country 50');
  expect(select.optionsTotal).toBe(120);
  expect(shape(text)).toContain(
    '@ combobox "Country" [value="Country 100" options=["Country 1", "Country 2", "Country 3", "Country 4", "Country 5", "Country 6", "Country 7", "Country 8", +112 more]]',
  );
});
