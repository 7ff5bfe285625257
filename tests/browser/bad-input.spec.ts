// The bad-input battery (issue 18 item 4, issue 19's command table): every public entry
// of the page-world API, and the domtool:* protocol, called with arguments and options
// an agent might get wrong. Nothing may throw (R1, errors as data), nothing nonsensical
// may be accepted silently (VALIDATION_ERROR), ids with stray white space work, and no
// message echoes more than 80 characters of what it was given. BATTERY_PRINT=1 prints
// the table of answers (the issue note lists it).
import { test, expect } from '@playwright/test';
import { iifeBundle } from './integration-helpers';

/** [call, expected answer]: 'VALIDATION_ERROR', or 'ok' (answered normally: a success, a snapshot, null…). */
const BATTERY: [string, 'VALIDATION_ERROR' | 'UNKNOWN_MESSAGE' | 'ok'][] = [
  ['new D(null).getText()', 'ok'],
  ['new D(5).getText()', 'VALIDATION_ERROR'],
  ["new D('fast').click(btn)", 'VALIDATION_ERROR'],
  ['new D({ tokenBudget: -1 }).getText()', 'VALIDATION_ERROR'],
  ["new D({ requestTracking: 'nope' }).click(btn)", 'VALIDATION_ERROR'],
  ['new D({ snapshotTTL: NaN }).find("Increment")', 'VALIDATION_ERROR'],
  ['tool.getText(null)', 'ok'],
  ['tool.getText(5)', 'VALIDATION_ERROR'],
  ['tool.getText([])', 'VALIDATION_ERROR'],
  ['tool.getText({ tokenBudget: -1 })', 'VALIDATION_ERROR'],
  ["tool.getText({ tokenBudget: 'big' })", 'VALIDATION_ERROR'],
  ["tool.getText({ since: 'bogus' })", 'VALIDATION_ERROR'],
  ['tool.getText({ root: 42 })', 'VALIDATION_ERROR'],
  ['tool.getText({ root: " " + btn + " " })', 'ok'],
  ['tool.getText({ maxNodes: 0 })', 'VALIDATION_ERROR'],
  ["tool.getText({ viewportOnly: 'yes' })", 'VALIDATION_ERROR'],
  ['tool.getText({ maxTextLength: -3 })', 'VALIDATION_ERROR'],
  ['tool.getSerializedDom({ includeLayout: 1 })', 'VALIDATION_ERROR'],
  ["tool.get_serialized_dom('x')", 'VALIDATION_ERROR'],
  ['tool.getSnapshot({ maxDepth: -5 })', 'VALIDATION_ERROR'],
  ["tool.getChanges({ maxRatio: 'x' })", 'VALIDATION_ERROR'],
  ['tool.getChanges(7)', 'VALIDATION_ERROR'],
  ['tool.find(null)', 'VALIDATION_ERROR'],
  ["tool.find('')", 'VALIDATION_ERROR'],
  ['tool.find(42)', 'VALIDATION_ERROR'],
  ["tool.find('Increment', { limit: -1 })", 'VALIDATION_ERROR'],
  ['tool.find(MB)', 'ok'],
  ['tool.click(null)', 'VALIDATION_ERROR'],
  ['tool.click()', 'VALIDATION_ERROR'],
  ['tool.click(42)', 'VALIDATION_ERROR'],
  ['tool.click(MB)', 'VALIDATION_ERROR'],
  ["tool.click('nv_' + 'a'.repeat(1e6))", 'VALIDATION_ERROR'],
  ["tool.click(' ' + btn + ' ')", 'ok'],
  ["tool.click(btn, { button: 'side' })", 'VALIDATION_ERROR'],
  ["tool.click(btn, 'fast')", 'VALIDATION_ERROR'],
  ['tool.click(btn, { clickCount: 0 })', 'VALIDATION_ERROR'],
  ['tool.type(email, null)', 'VALIDATION_ERROR'],
  ['tool.type(email, 42)', 'VALIDATION_ERROR'],
  ["tool.type(email, 'a', { replace: 'yes' })", 'VALIDATION_ERROR'],
  ["tool.type('\\t' + email + '\\n', 'me@example.com')", 'ok'],
  ['tool.keypress(null)', 'VALIDATION_ERROR'],
  ["tool.keypress('')", 'VALIDATION_ERROR'],
  ['tool.keypress(MB)', 'VALIDATION_ERROR'],
  ["tool.keypress('Enter', { id: 42 })", 'VALIDATION_ERROR'],
  ["tool.keypress('Tab', { repeat: -1 })", 'VALIDATION_ERROR'],
  ['tool.select(btn, null)', 'VALIDATION_ERROR'],
  ['tool.select(btn, 5)', 'VALIDATION_ERROR'],
  ["tool.select(btn, ['a', 1])", 'VALIDATION_ERROR'],
  ['tool.select(btn, MB)', 'VALIDATION_ERROR'],
  ['tool.scroll(null)', 'VALIDATION_ERROR'],
  ["tool.scroll('page', { direction: 'diagonal' })", 'VALIDATION_ERROR'],
  ["tool.scroll('page', { amount: -5 })", 'VALIDATION_ERROR'],
  ['tool.drag(btn, null)', 'VALIDATION_ERROR'],
  ["tool.drag(btn, { x: 'a', y: 1 })", 'VALIDATION_ERROR'],
  ['tool.drag(btn, { dx: 10 }, { steps: 0 })', 'VALIDATION_ERROR'],
  ["tool.drag(btn, { dx: 10 }, { position: 'under' })", 'VALIDATION_ERROR'],
  ['tool.upload(btn, null)', 'VALIDATION_ERROR'],
  ["tool.upload(btn, 'x')", 'VALIDATION_ERROR'],
  ["tool.upload(btn, [], { via: 'fax' })", 'VALIDATION_ERROR'],
  ['tool.inspect(null)', 'VALIDATION_ERROR'],
  ['tool.inspect(MB)', 'VALIDATION_ERROR'],
  ["tool.inspect(' ' + btn + ' ')", 'ok'],
  ['tool.hover({})', 'VALIDATION_ERROR'],
  ['tool.check([])', 'VALIDATION_ERROR'],
  ['tool.uncheck(undefined)', 'VALIDATION_ERROR'],
  ['tool.focus(Symbol())', 'VALIDATION_ERROR'],
  ['tool.clear(true)', 'VALIDATION_ERROR'],
  ['tool.highlight(42)', 'VALIDATION_ERROR'],
  ["tool.highlight(['nv_x', 3])", 'VALIDATION_ERROR'],
  ['tool.waitForStable({ quietMs: -1 })', 'VALIDATION_ERROR'],
  ['tool.getElement(null)', 'ok'],
  ['tool.getElement(" " + btn + " ")', 'ok'],
  ["handle({ type: 'domtool:click', nodeId: MB })", 'VALIDATION_ERROR'],
  ["handle({ type: 'domtool:' + MB })", 'UNKNOWN_MESSAGE'],
  ["handle({ type: 'domtool:getText', options: { tokenBudget: -1 } })", 'VALIDATION_ERROR'],
  ["handle({ type: 'domtool:type', nodeId: email, text: 7 })", 'VALIDATION_ERROR'],
  ["handle({ type: 'domtool:click', nodeId: ' ' + btn })", 'ok'],
  ['handle(null)', 'VALIDATION_ERROR'],
];

test('bad-input battery: no throw, VALIDATION_ERROR for nonsense, trimmed ids, no echo over 80 characters', async ({
  page,
}) => {
  await page.goto('/fixtures/integration/app.html');
  await page.addScriptTag({ content: iifeBundle() });
  const rows = await page.evaluate(async (battery) => {
    const D = window.BrowserXDomTool.DomTool;
    const tool = new D();
    const handle = window.BrowserXDomTool.createMessageHandler(tool);
    const MB = 'x'.repeat(1e6);
    const idOf = async (q: string) => (await tool.find(q)).matches[0].id as string;
    const btn = await idOf('Increment');
    const email = await idOf('Email');
    void [D, handle, MB, btn, email];
    const out: { call: string; threw?: string; code: string; message: string }[] = [];
    for (const [call] of battery) {
      try {
        const r = await eval(call);
        let code = 'ok';
        let message = '';
        const err = r && typeof r === 'object' ? (r.error ?? (r.ok === false ? r.error : null)) : null;
        if (err && typeof err === 'object') {
          code = err.code;
          message = err.message;
        } else if (
          r &&
          typeof r === 'object' &&
          r.ok === true &&
          r.result &&
          typeof r.result === 'object' &&
          r.result.error
        ) {
          code = r.result.error.code;
          message = r.result.error.message;
        } else if (typeof r === 'string' && r.indexOf('# snapshot failed: Invalid') === 0) {
          code = 'VALIDATION_ERROR';
          message = r;
        } else if (r && typeof r === 'object' && /^Invalid/.test((r.page ?? r).meta?.error ?? '')) {
          // getSnapshot / getSerializedDom: the error snapshot (meta.error), as for any failed snapshot.
          code = 'VALIDATION_ERROR';
          message = (r.page ?? r).meta.error;
        } else if (r && typeof r === 'object' && r.success === false) {
          code = 'ACTION_FAILED?';
        }
        out.push({ call, code, message });
      } catch (e) {
        out.push({ call, threw: String((e as Error)?.message ?? e).slice(0, 200), code: 'THREW', message: '' });
      }
    }
    return out;
  }, BATTERY);
  if (process.env.BATTERY_PRINT === '1')
    for (const r of rows) console.log(`| \`${r.call}\` | ${r.code} | ${r.message.replace(/\|/g, '\\|')} |`);
  for (let i = 0; i < BATTERY.length; i++) {
    const [call, expected] = BATTERY[i];
    const row = rows[i];
    expect.soft(row.threw, call).toBeUndefined();
    expect.soft(row.code, call).toBe(expected);
    // Echoed input is cut: no run of more than 80 characters of the 1 MB inputs, and no long messages at all.
    expect.soft(/x{81,}|a{81,}/.test(row.message), call).toBe(false);
    expect.soft(row.message.length, call).toBeLessThan(700);
  }
});
