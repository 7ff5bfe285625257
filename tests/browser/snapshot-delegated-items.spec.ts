// Issue 21: event delegation — one listener on a list or menu finds the item with
// e.target.closest(…); the items carry no sign of their own (no cursor of their own, role,
// tabindex or listener). Each repeated item a person would click gets an id, and clicking
// it reaches the page's handler; an item's own parts and a row's cells do not.
import { expect, test } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

async function run(page: import('@playwright/test').Page, recorded: string | null, label: string) {
  return page.evaluate(
    async ({ recorded, label }) => {
      const W = window.BrowserXDomTool;
      const set = new Set(recorded ? Array.from(document.querySelectorAll(recorded)) : []);
      const tool = new W.DomTool(recorded ? { hasClickListener: (el: Element) => set.has(el) } : {});
      const text: string = await tool.getText();
      const line = text
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.endsWith(label));
      const id = line && line.startsWith('nv_') ? line.split(' ')[0] : '';
      const r = id.startsWith('nv_') ? await tool.click(id) : null;
      return { text, id, success: r ? r.success : false, picked: (window as any).__picked };
    },
    { recorded, label },
  );
}

test('a div dropdown with one listener on its menu: every option gets an id that picks it', async ({ page }) => {
  await loadHtml(
    page,
    `
    <div class="menu" style="cursor:pointer;width:200px">
      <div class="item">1 person</div><div class="item">2 people</div><div class="item">4 people</div>
    </div>
    <script>
      document.querySelector('.menu').addEventListener('click', (e) => { const it = e.target.closest('.item'); if (it) window.__picked = it.textContent; });
    </script>`,
  );
  const out = await run(page, null, '2 people');
  expect(out.text).toMatch(/nv_\w+ clickable: 1 person/);
  expect(out.text).toMatch(/nv_\w+ clickable: 4 people/);
  expect(out.success).toBe(true);
  expect(out.picked).toBe('2 people');
});

test("a <ul> with one recorded listener and plain <li> items: each item has an id; one item's two spans do not", async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <ul id="colors"><li><span class="n">Red</span> <span class="n">(warm)</span></li><li>Green</li><li>Blue</li></ul>
    <script>
      document.getElementById('colors').addEventListener('click', (e) => { const li = e.target.closest('li'); if (li) window.__picked = li.textContent; });
    </script>`,
  );
  const out = await run(page, '#colors', 'Green');
  expect(out.success).toBe(true);
  expect(out.picked).toBe('Green');
  expect(out.text).toMatch(/nv_\w+ listitem: Blue/);
  // The spans inside the first item are part of it, not items of their own.
  expect(out.text).not.toMatch(/nv_\w+ clickable: Red/);
});

test("no ids for repeated children of an element that is not a click target, nor for a clickable row's cells", async ({
  page,
}) => {
  await loadHtml(
    page,
    `
    <div class="plain"><div class="item">Alpha</div><div class="item">Beta</div></div>
    <table><tr id="row" style="cursor:pointer"><td>Order 1</td><td>Shipped</td></tr></table>`,
  );
  const out = await run(page, null, 'Beta');
  expect(out.id).toBe('');
  expect(out.text).not.toMatch(/nv_\w+ .*Alpha/);
  expect(out.text).not.toMatch(/nv_\w+ (cell|clickable): Order 1/);
});
