// F6 deltas and scoped views in real Chromium: getChanges() after typing, after
// opening a menu, after navigation; a dialog that opens is the delta; find() and
// getText({ root }).
import { expect, test, type Page } from '@playwright/test';
import { loadHtml, loadUrl } from './helpers/domtool';

const SHOP = `
  <header><nav aria-label="Main"><a href="/a">Tents</a> <a href="/b">Backpacks</a> <a href="/c">Sale</a></nav></header>
  <main>
    <h1>Checkout</h1>
    <form aria-label="Shipping">
      <label>City <input id="city" value="Paris"></label>
      <label><input type="checkbox" id="gift"> This is a gift</label>
      <button type="button" id="more" aria-haspopup="menu" aria-expanded="false">More actions</button>
      <ul role="menu" id="menu" hidden>
        <li role="menuitem" tabindex="-1">Save for later</li>
        <li role="menuitem" tabindex="-1">Share</li>
      </ul>
      <button type="button" id="confirm">Place order</button>
    </form>
    ${Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i} about tents, stoves and other outdoor gear for the trip.</p>`).join('')}
    <dialog id="dlg" aria-label="Confirm order"><p>Place the order for $249?</p><button id="yes">Yes, place it</button><button>Cancel</button></dialog>
  </main>
  <script>
    const more = document.getElementById('more');
    more.addEventListener('click', () => { const m = document.getElementById('menu'); m.hidden = !m.hidden; more.setAttribute('aria-expanded', String(!m.hidden)); });
    document.getElementById('confirm').addEventListener('click', () => document.getElementById('dlg').showModal());
  </script>`;

async function run<T>(page: Page, fn: string): Promise<T> {
  return page.evaluate<T>(
    `(async () => { const w = window; w.__t ??= new w.BrowserXDomTool.DomTool(); const tool = w.__t; ${fn} })()`,
  );
}

test('delta after typing: the field line changes, nothing else; then unchanged', async ({ page }) => {
  await loadHtml(page, SHOP);
  const full = await run<string>(page, `return tool.getText();`);
  const cityId = /(nv_\w+) textbox "City"/.exec(full)![1];
  await run(page, `await tool.type('${cityId}', 'Berlin');`);
  const c = await run<any>(page, `return tool.getChanges();`);
  expect(c.kind).toBe('delta');
  expect(c.since).toBe(1);
  expect(c.seq).toBeGreaterThan(1);
  expect(c.changed.map((n: any) => n.id)).toContain(cityId);
  expect(c.text).toContain(`~   ${cityId} textbox "City" [value="Berlin"`);
  expect(c.text).not.toContain('Paragraph 3');
  expect(c.text.length).toBeLessThan(full.length * 0.3);
  // Nothing happened since: unchanged, and getText({ since: 'last' }) says the same.
  const again = await run<string>(page, `return tool.getText({ since: 'last' });`);
  expect(again).toMatch(/^# unchanged since #\d+/);
});

test('delta after opening a menu: the menu items with ids under their context, the button changed', async ({
  page,
}) => {
  await loadHtml(page, SHOP);
  const full = await run<string>(page, `return tool.getText();`);
  const moreId = /(nv_\w+) button "More actions"/.exec(full)![1];
  await run(page, `await tool.click('${moreId}');`);
  const c = await run<any>(page, `return tool.getChanges();`);
  expect(c.kind).toBe('delta');
  expect(c.text).toMatch(/\+ .*menu/);
  expect(c.text).toMatch(/\+ +nv_\w+ menuitem "Save for later"/);
  expect(c.text).toMatch(/~ +nv_\w+ button "More actions" \[expanded/);
  const items = c.added.filter((n: any) => n.node.role === 'menuitem');
  expect(items.map((n: any) => n.node.name)).toEqual(['Save for later', 'Share']);
  // Closing it again: the items are listed as removed.
  await run(page, `await tool.click('${moreId}');`);
  const closed = await run<any>(page, `return tool.getChanges();`);
  expect(closed.removed).toEqual(expect.arrayContaining(items.map((n: any) => n.id)));
  expect(closed.text).toContain('# removed: ');
  // The menu is named as what closed, its items by id.
  expect(closed.text).toMatch(/# removed: nv_\w+ nv_\w+; gone: menu$/);
});

test('a dialog that opens is the delta; getText({ root: "dialog" }) and find()', async ({ page }) => {
  await loadHtml(page, SHOP);
  const full = await run<string>(page, `return tool.getText();`);
  const confirm = /(nv_\w+) button "Place order"/.exec(full)![1];
  await run(page, `await tool.click('${confirm}');`);
  const c = await run<any>(page, `return tool.getChanges();`);
  expect(c.kind).toBe('delta');
  expect(c.dialog).toBeTruthy();
  expect(c.text).toMatch(/^# changes since #1 \(now #\d+\): dialog "Confirm order" opened/);
  expect(c.text).toMatch(/nv_\w+ button "Yes, place it"/);
  expect(c.text).not.toContain('Paragraph');
  const root = await run<string>(page, `return tool.getText({ root: 'dialog' });`);
  expect(root).toContain('dialog "Confirm order"');
  expect(root).toContain('Place the order for $249?');
  expect(root).not.toContain('Checkout');
  const byId = await run<string>(page, `return tool.getText({ root: '${c.dialog}' });`);
  expect(byId).toContain('Yes, place it');
  // The page behind the modal dialog is inert: only the dialog's lines match.
  const found = await run<any>(page, `return tool.find(/place/i);`);
  expect(found.matches.map((m: any) => m.line)).toEqual([
    'Place the order for $249?',
    expect.stringMatching(/^nv_\w+ button "Yes, place it"/),
  ]);
  const yes = found.matches.find((m: any) => /Yes, place it/.test(m.line));
  expect(yes.context).toBe('dialog "Confirm order"');
  expect(found.text).toContain('dialog "Confirm order"\n  Place the order for $249?  (in nv_');
  expect(found.text).toContain('\n  ' + yes.line);
});

test('find() on a page: ids, one line of context, a limit; text lines point to their element', async ({ page }) => {
  await loadHtml(page, SHOP);
  const found = await run<any>(page, `return tool.find('place order');`);
  expect(found.total).toBe(1);
  expect(found.matches[0].line).toMatch(/^nv_\w+ button "Place order" \[irreversible\]$/);
  expect(found.matches[0].id).toBe(found.matches[0].line.split(' ')[0]);
  expect(found.matches[0].context).toBe('form "Shipping"');
  expect(found.text).toBe(`# find "place order": 1 match in snapshot #1\nform "Shipping"\n  ${found.matches[0].line}`);
  const many = await run<any>(page, `return tool.find(/outdoor gear/g, { limit: 2 });`);
  expect(many.total).toBe(30);
  expect(many.matches).toHaveLength(2);
  expect(many.text.split('\n').length).toBeLessThan(6);
  expect(many.text).toContain('(first 2 shown)');
  // Far fewer tokens than the page.
  const full = await run<string>(page, `return tool.getText();`);
  expect(found.text.length * 10).toBeLessThan(full.length);
});

test('after navigation the answer is full; a requested full too', async ({ page }) => {
  await loadUrl(page, '/fixtures/demo.html');
  await run(page, `await tool.getText();`);
  await page.evaluate(() => history.pushState({}, '', '/fixtures/other-page'));
  const c = await run<any>(page, `return tool.getChanges();`);
  expect(c.kind).toBe('full');
  expect(c.reason).toBe('navigated');
  expect(c.text).toMatch(/^# page /);
  const requested = await run<any>(page, `return tool.getChanges({ full: true });`);
  expect(requested.kind).toBe('full');
  // A real navigation: a new document, numbering starts over.
  await loadUrl(page, '/fixtures/dashboard.html');
  const fresh = await run<any>(page, `return tool.getChanges();`);
  expect(fresh.kind).toBe('full');
  expect(fresh.seq).toBe(1);
});
