// The W3C ARIA Authoring Practices examples (issue 32 §6) run through DomTool's actions,
// beside the same tasks through Playwright's trusted input. No npm package carries the
// examples, so this reads a local checkout (CI cannot fetch one): tasks an agent would
// phrase from what it sees ("open the Actions menu and pick Action 3"), each target
// looked up by role and name in the snapshot (DomTool) or with getByRole (trusted), and
// each checked on the widget's own state (aria-* attributes, values) as the APG's own
// regression tests check it.
//   git -C <aria-practices> archive HEAD content | tar -x -C /tmp/apg   (or a work tree)
//   npm run build && node bench/apg.mjs --apg=/tmp/apg [--port=4282] [--only=slider] [--mode=domtool|trusted]
//     [--lib=path/to/domtool.iife.js]   (another build, e.g. main's, for a before/after)
import { chromium } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../scripts/serve.mjs';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = Object.fromEntries(process.argv.slice(2).map((s) => s.replace(/^--/, '').split('=')));
const apg = resolve(args.apg ?? process.env.APG_DIR ?? '/tmp/apg');
const content = existsSync(join(apg, 'content/patterns')) ? join(apg, 'content') : apg;
if (!existsSync(join(content, 'patterns'))) {
  console.error(`No APG checkout at ${apg} (expected content/patterns/*/examples). See the header of bench/apg.mjs.`);
  process.exit(2);
}
const port = Number(args.port ?? process.env.BENCH_PORT ?? 4282);
const LIB = readFileSync(resolve(ROOT, args.lib ?? 'dist/domtool.iife.js'), 'utf8');

// A step: [action, { role, name }, argument?]. Checks run in the page: `q(role, name)` finds the
// element as the APG's tests do (role attribute or native element, name from aria-label,
// aria-labelledby, a label or the text), independent of DomTool.
const T = (page, task, steps, check) => ({ page, task, steps, check });
const btn = (name) => ({ role: 'button', name });
const TASKS = [
  T(
    'accordion/examples/accordion.html',
    'expand Billing Address',
    [['click', btn('Billing Address')]],
    () => q('button', 'Billing Address').getAttribute('aria-expanded') === 'true',
  ),
  T('alert/examples/alert.html', 'trigger the alert', [['click', btn('Trigger Alert')]], () =>
    /\S/.test(document.querySelector('[role=alert]').textContent),
  ),
  T(
    'alertdialog/examples/alertdialog.html',
    'discard the notes, confirm with Yes',
    [
      ['click', btn('Discard')],
      ['click', btn('Yes')],
    ],
    () => document.querySelector('#notes').value === '',
  ),
  T(
    'button/examples/button.html',
    'press Mute',
    [['click', btn('Mute')]],
    () => q('button', 'Mute').getAttribute('aria-pressed') === 'true',
  ),
  T(
    'carousel/examples/carousel-1-prev-next.html',
    'stop rotation, show the next slide',
    [
      ['click', btn('Stop automatic slide show')],
      ['click', btn('Next Slide')],
    ],
    () =>
      // Stopped wherever rotation was, then one forward: the shown slide is past the first and rotation is off.
      document.querySelector('.carousel-item.active').getAttribute('aria-label') !== '1 of 6' &&
      /Start/.test(document.querySelector('.rotation').getAttribute('aria-label')),
  ),
  T(
    'carousel/examples/carousel-2-tablist.html',
    'stop rotation, show slide 4',
    [
      ['click', btn('Stop automatic slide show')],
      ['click', { role: 'tab', name: 'Slide 4' }],
    ],
    () => q('tab', 'Slide 4').getAttribute('aria-selected') === 'true',
  ),
  T(
    'checkbox/examples/checkbox.html',
    'check Lettuce, uncheck Tomato',
    [
      ['check', { role: 'checkbox', name: 'Lettuce' }],
      ['uncheck', { role: 'checkbox', name: 'Tomato' }],
    ],
    () =>
      q('checkbox', 'Lettuce').getAttribute('aria-checked') === 'true' &&
      q('checkbox', 'Tomato').getAttribute('aria-checked') === 'false',
  ),
  T(
    'checkbox/examples/checkbox-mixed.html',
    'check all condiments',
    [['click', { role: 'checkbox', name: 'All condiments' }]],
    () => ['Lettuce', 'Tomato', 'Mustard', 'Sprouts'].every((n) => q('checkbox', n).checked),
  ),
  T(
    'combobox/examples/combobox-autocomplete-list.html',
    'type "Ala" in State, pick Alaska',
    [
      ['type', { role: 'combobox', name: 'State' }, 'Ala'],
      ['click', { role: 'option', name: 'Alaska' }],
    ],
    () => document.querySelector('#cb1-input').value === 'Alaska',
  ),
  T(
    'combobox/examples/combobox-autocomplete-both.html',
    'type "Cal" in State, pick California',
    [
      ['type', { role: 'combobox', name: 'State' }, 'Cal'],
      ['click', { role: 'option', name: 'California' }],
    ],
    () => document.querySelector('#cb1-input').value === 'California',
  ),
  T(
    'combobox/examples/combobox-autocomplete-none.html',
    'open Previous Searches, pick "weather"',
    [
      ['click', btn('Previous Searches')],
      ['click', { role: 'option', name: 'weather' }],
    ],
    () => document.querySelector('#cb1-input').value === 'weather',
  ),
  T(
    'combobox/examples/combobox-select-only.html',
    'open Favorite Fruit, pick Banana',
    [
      ['click', { role: 'combobox', name: 'Favorite Fruit' }],
      ['click', { role: 'option', name: 'Banana' }],
    ],
    () => document.querySelector('#combo1').textContent.trim() === 'Banana',
  ),
  T(
    'combobox/examples/combobox-select-only.html',
    'Favorite Fruit: ArrowDown twice, Enter',
    [
      ['keypress', { role: 'combobox', name: 'Favorite Fruit' }, 'ArrowDown'],
      ['keypress', { role: 'combobox', name: 'Favorite Fruit' }, 'ArrowDown'],
      ['keypress', { role: 'combobox', name: 'Favorite Fruit' }, 'Enter'],
    ],
    () => document.querySelector('#combo1').textContent.trim() === 'Apple',
  ),
  T(
    'combobox/examples/grid-combo.html',
    'type "ap", pick Apple',
    [
      ['type', { role: 'combobox', name: 'Fruits and vegetables' }, 'ap'],
      ['click', { role: 'gridcell', name: 'Apple' }],
    ],
    () => document.querySelector('#ex1-input').value === 'Apple',
  ),
  T(
    'combobox/examples/combobox-datepicker.html',
    'choose date: the 15th',
    [
      ['click', btn('Choose Date')],
      ['click', { role: 'gridcell', name: '15' }],
    ],
    () => /\/15\//.test(document.querySelector('#cb-textbox-1').value),
  ),
  T(
    'dialog-modal/examples/datepicker-dialog.html',
    'choose date: the 20th',
    [
      ['click', btn('Choose Date')],
      ['click', { role: 'gridcell', name: '20' }],
    ],
    () => /\/20\//.test(document.querySelector('#id-textbox-1').value),
  ),
  T(
    'dialog-modal/examples/dialog.html',
    'add a delivery address, then cancel',
    [
      ['click', btn('Add Delivery Address')],
      ['type', { role: 'textbox', name: 'Street:' }, '1 Main St'],
      ['click', btn('Cancel')],
    ],
    () =>
      document.querySelector('#dialog1').closest('.dialog-backdrop') === null ||
      getComputedStyle(document.querySelector('#dialog1')).display === 'none',
  ),
  T(
    'disclosure/examples/disclosure-faq.html',
    'open the lost-permit answer',
    [['click', btn('What do I do if I lose my permit or if my permit is stolen?')]],
    () =>
      q('button', 'What do I do if I lose my permit or if my permit is stolen?').getAttribute('aria-expanded') ===
      'true',
  ),
  T(
    'disclosure/examples/disclosure-card.html',
    'show the Folk Futures details',
    [['click', btn('Folk Futures: Tradition in the Classroom Details')]],
    () => q('button', 'Folk Futures: Tradition in the Classroom Details').getAttribute('aria-expanded') === 'true',
  ),
  T(
    'disclosure/examples/disclosure-image-description.html',
    'show the Minard data table',
    [['click', btn("Data Table for Minard's Chart")]],
    () => q('button', "Data Table for Minard's Chart").getAttribute('aria-expanded') === 'true',
  ),
  T(
    'disclosure/examples/disclosure-navigation.html',
    'Admissions → Apply',
    [
      ['click', btn('Admissions')],
      ['click', { role: 'link', name: 'Apply' }],
    ],
    () => q('link', 'Apply').getAttribute('aria-current') === 'page',
  ),
  T(
    'listbox/examples/listbox-scrollable.html',
    'select Curium',
    [['click', { role: 'option', name: 'Curium' }]],
    () => q('option', 'Curium').getAttribute('aria-selected') === 'true',
  ),
  T(
    'listbox/examples/listbox-scrollable.html',
    'select Oganesson (last, scrolled)',
    [['click', { role: 'option', name: 'Oganesson' }]],
    () => q('option', 'Oganesson').getAttribute('aria-selected') === 'true',
  ),
  T(
    'listbox/examples/listbox-scrollable.html',
    'listbox: End selects the last',
    [['keypress', { role: 'listbox', name: 'Transuranium elements:' }, 'End']],
    () => q('option', 'Oganesson').getAttribute('aria-selected') === 'true',
  ),
  T(
    'listbox/examples/listbox-collapsible.html',
    'open the element list, pick Curium',
    [
      ['click', btn('Choose an element: Neptunium')],
      ['click', { role: 'option', name: 'Curium' }],
    ],
    () => document.querySelector('#exp_button').textContent.trim() === 'Curium',
  ),
  T(
    'listbox/examples/listbox-grouped.html',
    'select Dolphin',
    [['click', { role: 'option', name: 'Dolphin' }]],
    () => q('option', 'Dolphin').getAttribute('aria-selected') === 'true',
  ),
  T(
    'listbox/examples/listbox-rearrangeable.html',
    'move "fast food" up',
    [
      ['click', { role: 'option', name: 'Proximity of fast food' }],
      ['click', btn('Up')],
    ],
    () => document.querySelectorAll('#ss_imp_list [role=option]')[2].textContent.trim() === 'Proximity of fast food',
  ),
  T(
    'listbox/examples/listbox-rearrangeable.html',
    'add Leather seats and Front sun roof',
    [
      ['click', { role: 'option', name: 'Leather seats' }],
      ['click', { role: 'option', name: 'Front sun roof' }],
      ['click', btn('Add')],
    ],
    () =>
      [...document.querySelectorAll('#ms_unimp_list [role=option]')].map((o) => o.textContent.trim()).join() ===
      'Leather seats,Front sun roof',
  ),
  T(
    'menu-button/examples/menu-button-actions.html',
    'Actions → Action 3',
    [
      ['click', btn('Actions')],
      ['click', { role: 'menuitem', name: 'Action 3' }],
    ],
    () => document.querySelector('#action_output').value === 'Action 3',
  ),
  T(
    'menu-button/examples/menu-button-actions-active-descendant.html',
    'Actions → Action 2',
    [
      ['click', btn('Actions')],
      ['click', { role: 'menuitem', name: 'Action 2' }],
    ],
    () => document.querySelector('#action_output').value === 'Action 2',
  ),
  T(
    'menubar/examples/menubar-editor.html',
    'Font → Monospace',
    [
      ['click', { role: 'menuitem', name: 'Font' }],
      ['click', { role: 'menuitemradio', name: 'Monospace' }],
    ],
    () => q('menuitemradio', 'Monospace').getAttribute('aria-checked') === 'true',
  ),
  T(
    'menubar/examples/menubar-editor.html',
    'Style/Color → Bold',
    [
      ['click', { role: 'menuitem', name: 'Style/Color' }],
      ['click', { role: 'menuitemcheckbox', name: 'Bold' }],
    ],
    () => q('menuitemcheckbox', 'Bold').getAttribute('aria-checked') === 'true',
  ),
  T(
    'menubar/examples/menubar-navigation.html',
    'About → Overview',
    [
      ['click', { role: 'menuitem', name: 'About' }],
      ['click', { role: 'menuitem', name: 'Overview' }],
    ],
    () => q('menuitem', 'Overview').getAttribute('aria-current') === 'page',
  ),
  T('meter/examples/meter.html', 'pause the updates', [['click', btn('Pause Updates')]], () =>
    /Start/.test(document.querySelector('.play-meters').textContent),
  ),
  T(
    'radio/examples/radio.html',
    'Deep dish, Home Delivery',
    [
      ['check', { role: 'radio', name: 'Deep dish' }],
      ['click', { role: 'radio', name: 'Home Delivery' }],
    ],
    () =>
      q('radio', 'Deep dish').getAttribute('aria-checked') === 'true' &&
      q('radio', 'Home Delivery').getAttribute('aria-checked') === 'true',
  ),
  T(
    'radio/examples/radio-activedescendant.html',
    'Thin crust',
    [['click', { role: 'radio', name: 'Thin crust' }]],
    () => q('radio', 'Thin crust').getAttribute('aria-checked') === 'true',
  ),
  T(
    'radio/examples/radio-rating.html',
    'rate three stars',
    [['click', { role: 'radio', name: 'three stars' }]],
    () => q('radio', 'three stars').getAttribute('aria-checked') === 'true',
  ),
  T(
    'slider/examples/slider-color-viewer.html',
    'Red to 200',
    [['type', { role: 'slider', name: 'Red' }, '200']],
    () => q('slider', 'Red').getAttribute('aria-valuenow') === '200',
  ),
  T(
    'slider/examples/slider-rating.html',
    'rate 7',
    [['type', { role: 'slider', name: /^Rate your satisfaction/ }, '7']],
    () => document.querySelector('[role=slider]').getAttribute('aria-valuenow') === '7',
  ),
  T(
    'slider/examples/slider-temperature.html',
    'temperature to 30',
    [['type', { role: 'slider', name: 'Temperature' }, '30']],
    () => Number(document.querySelector('[role=slider]').getAttribute('aria-valuenow')) === 30,
  ),
  T(
    'slider/examples/slider-seek.html',
    'seek one step right',
    [['keypress', { role: 'slider', name: 'Seek' }, 'ArrowRight']],
    () => Number(document.querySelector('[role=slider]').getAttribute('aria-valuenow')) > 90,
  ),
  T(
    'slider-multithumb/examples/slider-multithumb.html',
    'hotel minimum price to its maximum',
    [['keypress', { role: 'slider', name: 'Hotel Minimum Price in US dollars' }, 'End']],
    () =>
      document.querySelector('[role=slider]').getAttribute('aria-valuenow') ===
      document.querySelector('[role=slider]').getAttribute('aria-valuemax'),
  ),
  T(
    'spinbutton/examples/quantity-spinbutton.html',
    'two more adults, 3 kids',
    [
      ['click', btn('Add adult')],
      ['click', btn('Add adult')],
      ['type', { role: 'spinbutton', name: 'Kids' }, '3'],
    ],
    () => q('spinbutton', 'Adults').value === '3' && q('spinbutton', 'Kids').value === '3',
  ),
  T(
    'spinbutton/examples/datepicker-spinbuttons.html',
    'next year',
    [['click', btn('next year')]],
    () => Number(q('spinbutton', 'Year').getAttribute('aria-valuenow')) === new Date().getFullYear() + 1,
  ),
  T(
    'switch/examples/switch.html',
    'turn Notifications on',
    [['click', { role: 'switch', name: 'Notifications' }]],
    () => q('switch', 'Notifications').getAttribute('aria-checked') === 'true',
  ),
  T(
    'switch/examples/switch-button.html',
    'Outdoor Lights on',
    [['click', { role: 'switch', name: 'Outdoor Lights' }]],
    () => q('switch', 'Outdoor Lights').getAttribute('aria-checked') === 'true',
  ),
  T(
    'switch/examples/switch-checkbox.html',
    'Show captions on',
    [['check', { role: 'switch', name: 'Show captions' }]],
    () => q('switch', 'Show captions').checked === true,
  ),
  T('table/examples/sortable-table.html', 'sort by Last Name', [['click', btn('Last Name')]], () =>
    [...document.querySelectorAll('th[aria-sort=descending]')].some((th) => th.textContent.includes('Last Name')),
  ),
  T(
    'tabs/examples/tabs-automatic.html',
    'open Carl Andersen',
    [['click', { role: 'tab', name: 'Carl Andersen' }]],
    () => q('tab', 'Carl Andersen').getAttribute('aria-selected') === 'true',
  ),
  T(
    'tabs/examples/tabs-manual.html',
    'open Peter Müller',
    [['click', { role: 'tab', name: 'Peter Müller' }]],
    () => q('tab', 'Peter Müller').getAttribute('aria-selected') === 'true',
  ),
  T(
    'tabs/examples/tabs-manual.html',
    'tabs: ArrowRight then Enter',
    [
      ['keypress', { role: 'tab', name: 'Maria Ahlefeldt' }, 'ArrowRight'],
      ['keypress', { role: 'tab', name: 'Carl Andersen' }, 'Enter'],
    ],
    () => q('tab', 'Carl Andersen').getAttribute('aria-selected') === 'true',
  ),
  T(
    'toolbar/examples/toolbar.html',
    'Bold, then align center',
    [
      ['click', btn('Bold')],
      ['click', { role: 'radio', name: 'Text Align Center' }],
    ],
    () =>
      q('button', 'Bold').getAttribute('aria-pressed') === 'true' &&
      q('radio', 'Text Align Center').getAttribute('aria-checked') === 'true',
  ),
  T(
    'toolbar/examples/toolbar.html',
    'font size up to 15',
    [['type', { role: 'spinbutton', name: 'Font size in points' }, '15']],
    () => q('spinbutton', 'Font size in points').getAttribute('aria-valuenow') === '15',
  ),
  T(
    'treeview/examples/treeview-1a.html',
    'open Projects, select project-1.docx',
    [
      ['click', { role: 'treeitem', name: 'Projects' }],
      ['click', { role: 'treeitem', name: 'project-1.docx' }],
    ],
    () => document.querySelector('#last_action').value === 'project-1.docx',
  ),
  T(
    'treeview/examples/treeview-1b.html',
    'open Reports',
    [['click', { role: 'treeitem', name: 'Reports' }]],
    () => q('treeitem', 'Reports').getAttribute('aria-expanded') === 'true',
  ),
  // Clicking the item follows its link; its caret (a bare span with a listener) expands it. A
  // keyboard user expands with ArrowRight.
  T(
    'treeview/examples/treeview-navigation.html',
    'expand About (ArrowRight), open Overview',
    [
      ['keypress', { role: 'treeitem', name: 'About' }, 'ArrowRight'],
      ['click', { role: 'treeitem', name: 'Overview' }],
    ],
    () => q('treeitem', 'Overview').getAttribute('aria-current') === 'page',
  ),
  T(
    'treegrid/examples/treegrid-1.html',
    'collapse the first thread',
    [['keypress', { role: 'row', name: /^Treegrids are awesome/ }, 'ArrowLeft']],
    () =>
      document.querySelector('[role=treegrid] [role=row][aria-level="1"]').getAttribute('aria-expanded') === 'false',
  ),
  T('grid/examples/data-grids.html', 'sort by Amount', [['click', btn('Amount')]], () =>
    [...document.querySelectorAll('th[aria-sort=ascending]')].some((th) => th.textContent.includes('Amount')),
  ),
];

// In-page lookup for checks (role attribute or the native element; name by the usual sources).
function installQuery() {
  const native = {
    button: 'button,[role=button]',
    checkbox: 'input[type=checkbox],[role=checkbox]',
    switch: '[role=switch]',
    link: 'a[href],[role=link]',
    spinbutton: '[role=spinbutton],input[type=number]',
  };
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return by
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
    if (el.labels?.length) return el.labels[0].textContent;
    return el.textContent;
  };
  const norm = (s) => s.replace(/\s+/g, ' ').trim();
  window.q = (role, name) => {
    for (const el of document.querySelectorAll(native[role] ?? `[role=${role}]`))
      if (norm(nameOf(el)) === name || norm(el.textContent) === name) return el;
    // A name with the widget's own state words beside it ("Notifications On Off").
    for (const el of document.querySelectorAll(native[role] ?? `[role=${role}]`))
      if (norm(el.textContent).startsWith(name) || norm(nameOf(el)).startsWith(name)) return el;
    throw new Error(`check: no ${role} "${name}"`);
  };
}

async function open(page, path) {
  await page.goto(`http://127.0.0.1:${port}/patterns/${path}`);
  await page.evaluate(installQuery);
}

/** DomTool as an agent uses it: read the snapshot, take the id of the line with that role and name, act. */
async function stepDomTool(page, [action, query, arg]) {
  const found = await page.evaluate(
    async ({ role, name, re }) => {
      const snap = await window.__t.getSnapshot({ force: true, tokenBudget: 0, timeBudgetMs: 5000 });
      const rx = re ? new RegExp(re) : null;
      const cellsOf = (n) => (n.children ?? []).map((c) => c.name || c.text || '').join(' ');
      let id = null;
      const walk = (n) => {
        if (id) return;
        // A row is read by its cells (the text gives rows no name of their own).
        const label = n.name || (role === 'row' ? cellsOf(n) : '');
        if (n.role === role && (rx ? rx.test(label) : label === name) && n.node_id) id = n.node_id;
        for (const list of [n.children, n.shadowDom, n.iframe]) if (list) for (const c of list) walk(c);
      };
      walk(snap.virtualDom);
      return { id, text: snap.toText() };
    },
    { role: query.role, name: typeof query.name === 'string' ? query.name : null, re: query.name?.source ?? null },
  );
  if (!found.id) return { ok: false, why: `no ${query.role} "${query.name}" in the snapshot` };
  const result = await page.evaluate(
    ({ action, id, arg }) => {
      const t = window.__t;
      if (action === 'keypress') return t.keypress(arg, { id });
      return arg === undefined ? t[action](id) : t[action](id, arg);
    },
    { action, id: found.id, arg },
  );
  return { ok: result.success, why: result.text };
}

/** The same step through Playwright's trusted input (the reference). */
async function stepTrusted(page, [action, query, arg]) {
  // The name as a person quotes it: Playwright keeps what an icon font adds (" Projects").
  const quoted = typeof query.name === 'string' ? query.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : null;
  // (A quote in a RegExp name breaks Playwright's selector parser: those are matched as given.)
  const name =
    quoted && !/['"]/.test(quoted) ? new RegExp(`^[^\\p{L}\\p{N}]*${quoted}[^\\p{L}\\p{N}]*$`, 'u') : query.name;
  const loc = page.getByRole(query.role, { name }).first();
  try {
    if (action === 'click') await loc.click({ timeout: 3000 });
    else if (action === 'check') await loc.check({ timeout: 3000 });
    else if (action === 'uncheck') await loc.uncheck({ timeout: 3000 });
    else if (action === 'keypress') await loc.press(arg, { timeout: 3000 });
    else if (action === 'type') {
      if (query.role === 'slider' || (query.role === 'spinbutton' && !(await loc.evaluate((e) => 'value' in e)))) {
        // A person with a keyboard: arrows until the value reads the target.
        await loc.focus({ timeout: 3000 });
        for (let i = 0; i < 300; i++) {
          const now = Number(await loc.getAttribute('aria-valuenow'));
          if (now === Number(arg)) break;
          await page.keyboard.press(now < Number(arg) ? 'ArrowUp' : 'ArrowDown');
        }
      } else {
        await loc.click({ timeout: 3000 });
        await loc.fill('', { timeout: 3000 });
        await loc.pressSequentially(arg);
      }
    }
    return { ok: true };
  } catch (e) {
    return { ok: false, why: String(e.message).split('\n')[0] };
  }
}

async function runTask(page, task, mode) {
  await open(page, task.page);
  if (mode === 'domtool') {
    await page.addScriptTag({ content: LIB });
    await page.evaluate(() => (window.__t = new window.BrowserXDomTool.DomTool()));
  }
  for (const step of task.steps) {
    const r = mode === 'domtool' ? await stepDomTool(page, step) : await stepTrusted(page, step);
    if (!r.ok) return { pass: false, why: `${step[0]} ${step[1].role} "${step[1].name}": ${r.why}` };
    await page.waitForTimeout(50);
  }
  try {
    const pass = await page.evaluate(`(${task.check})()`);
    // Every step answered success, yet the widget is not in the state asked for: a false success.
    return {
      pass: !!pass,
      falseOk: !pass,
      why: pass ? '' : 'every step succeeded; the widget state is not the one asked for',
    };
  } catch (e) {
    return { pass: false, why: String(e.message).split('\n')[0] };
  }
}

const server = startServer(port, { root: content });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
// Offline: the examples link w3.org style sheets and scripts; the example works without them.
await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
const page = await context.newPage();
const modes = args.mode ? [args.mode] : ['trusted', 'domtool'];
const tasks = TASKS.filter((t) => !args.only || t.page.includes(args.only));
const totals = Object.fromEntries(modes.map((m) => [m, 0]));
const falseOk = Object.fromEntries(modes.map((m) => [m, 0]));
try {
  for (const task of tasks) {
    const row = [];
    for (const mode of modes) {
      const r = await runTask(page, task, mode);
      if (r.pass) totals[mode]++;
      if (r.falseOk) falseOk[mode]++;
      row.push(`${mode}: ${r.pass ? 'pass' : `FAIL (${r.why.slice(0, 160)})`}`);
    }
    console.log(`${task.page.split('/').pop()} — ${task.task}\n   ${row.join('\n   ')}`);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(
  `\nAPG tasks: ${tasks.length}; ${modes.map((m) => `${m} ${totals[m]}/${tasks.length} (false successes ${falseOk[m]})`).join(', ')}`,
);
