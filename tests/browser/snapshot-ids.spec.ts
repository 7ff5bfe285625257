// S7 node ids in real Chromium: deterministic, stable when unrelated parts of the
// page change, kept by an element that moves (WeakMap reuse), unique page-wide.
import { test, expect, type Page } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';
import { duplicates, jsonIds, node } from './helpers/tree';

const PAGE = `
  <header><a href="/">Home</a></header>
  <div class="layout">
    <div class="sidebar"><a href="/a">Alpha</a><a href="/b">Beta</a></div>
    <div class="content">
      <main>
        <h1>Orders</h1>
        <form><input name="q" aria-label="Search orders"><button type="submit">Find</button></form>
        <ul><li><a href="/o/1">Order 1</a></li><li><a href="/o/2">Order 2</a></li><li><a href="/o/3">Order 3</a></li></ul>
        <button>Export</button>
      </main>
    </div>
  </div>
  <footer><p>Footer text</p><a href="/legal">Legal</a></footer>`;

const CONTROLS = ['Home', 'Alpha', 'Beta', 'Search orders', 'Find', 'Order 1', 'Order 2', 'Order 3', 'Export', 'Legal'];

async function idsByName(page: Page, fresh: boolean): Promise<Record<string, string>> {
  const { json } = await snapshot(page, { fresh });
  const out: Record<string, string> = {};
  for (const name of CONTROLS) out[name] = node(json, name).node_id;
  return out;
}

test('ids are deterministic: the same page gives the same ids, with or without a previous snapshot', async ({
  page,
}) => {
  await loadHtml(page, PAGE);
  const a = await snapshot(page, { fresh: true });
  const b = await snapshot(page, { fresh: true });
  const c = await snapshot(page);
  expect(a.ids.length).toBeGreaterThan(CONTROLS.length);
  expect(b.ids).toEqual(a.ids);
  expect(c.ids).toEqual(a.ids);
  expect(b.text).toBe(a.text);
  expect(jsonIds(b.json)).toEqual(jsonIds(a.json));
  expect(duplicates(a.ids)).toEqual([]);
  for (const id of a.ids) expect(id).toMatch(/^nv_[0-9a-z]+$/);
  // Reloading the page (new elements, new tool) gives the same ids too.
  await loadHtml(page, PAGE);
  const d = await snapshot(page, { fresh: true });
  expect(d.ids).toEqual(a.ids);
});

test('ids do not change when unrelated parts change (fresh tool, no WeakMap)', async ({ page }) => {
  await loadHtml(page, PAGE);
  const before = await idsByName(page, true);
  await page.evaluate(() => {
    // A banner inserted at the top (a different tag than the layout's ancestors: a
    // same-tag sibling shifts structural paths by design, see the WeakMap case), a
    // widget appended at the end, class/style/text edits elsewhere.
    const banner = document.createElement('section');
    banner.innerHTML = '<p>Cookie notice</p><button>Accept cookies</button>';
    document.body.prepend(banner);
    const widget = document.createElement('div');
    widget.innerHTML = '<button>Chat</button>';
    document.body.append(widget);
    const aside = document.createElement('aside');
    aside.innerHTML = '<a href="/promo">Promo</a>';
    document.querySelector('main')!.before(aside);
    document.querySelector('.layout')!.className = 'layout dark theme-2';
    (document.querySelector('.sidebar') as HTMLElement).style.background = 'red';
    document.querySelector('h1')!.textContent = 'Orders (3)';
    document.querySelector('footer p')!.textContent = 'Changed footer text';
  });
  const after = await idsByName(page, true);
  expect(after).toEqual(before);
});

test('ids of siblings survive an insertion before them when the tool remembers them (WeakMap)', async ({ page }) => {
  await loadHtml(page, PAGE);
  const before = await idsByName(page, false);
  await page.evaluate(() => {
    // Same-tag sibling before the layout div: structural paths below it shift.
    const div = document.createElement('div');
    div.innerHTML = '<button>New banner button</button>';
    document.querySelector('.layout')!.before(div);
    const li = document.createElement('li');
    li.innerHTML = '<a href="/o/0">Order 0</a>';
    document.querySelector('ul')!.prepend(li);
  });
  const after = await idsByName(page, false);
  expect(after).toEqual(before);
  const { json, ids } = await snapshot(page);
  expect(Object.values(before)).not.toContain(node(json, 'New banner button').node_id);
  expect(Object.values(before)).not.toContain(node(json, 'Order 0').node_id);
  expect(duplicates(ids)).toEqual([]);
});

test('an element that moves keeps its id', async ({ page }) => {
  await loadHtml(
    page,
    `
    <section aria-label="Left"><button>Save</button><button>Other</button></section>
    <section aria-label="Right"><p>Right side</p></section>`,
  );
  const first = await snapshot(page);
  const saveId = node(first.json, 'Save').node_id;
  await page.evaluate(() => {
    const save = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save')!;
    document.querySelector('section[aria-label=Right]')!.append(save);
  });
  const second = await snapshot(page);
  expect(node(second.json, 'Save').node_id).toBe(saveId);
  const resolved = await page.evaluate(async (id) => {
    const w = window as unknown as {
      __domtoolTest: { getSnapshot(): Promise<{ getElement(id: string): Element | null }> };
    };
    const el = (await w.__domtoolTest.getSnapshot()).getElement(id);
    return el ? el.closest('section')!.getAttribute('aria-label') + ':' + el.textContent : null;
  }, saveId);
  expect(resolved).toBe('Right:Save');
});

test('an element that moves keeps its id even when a new element takes its old place', async ({ page }) => {
  await loadHtml(
    page,
    `
    <section aria-label="Left"><button>Save</button></section>
    <section aria-label="Right"></section>`,
  );
  const first = await snapshot(page);
  const saveId = node(first.json, 'Save').node_id;
  await page.evaluate(() => {
    const save = document.querySelector('button')!;
    document.querySelector('section[aria-label=Right]')!.append(save);
    const replacement = document.createElement('button');
    replacement.textContent = 'Replacement';
    document.querySelector('section[aria-label=Left]')!.append(replacement);
  });
  const second = await snapshot(page);
  expect(node(second.json, 'Replacement').node_id).not.toBe(saveId);
  expect(node(second.json, 'Save').node_id).toBe(saveId);
});

test('a survivor whose name changed gets a fresh id; its old id no longer resolves to it by name', async ({ page }) => {
  await loadHtml(page, `<div><button id="b1x" class="x">Follow</button></div>`);
  const first = await snapshot(page);
  const id = node(first.json, 'Follow').node_id;
  await page.evaluate(() => {
    document.querySelector('button')!.textContent = 'Unfollow';
  });
  const second = await snapshot(page);
  // The author id anchors the structural hash: same element, same hash, so the
  // structural id is the same; what matters is that the name is current.
  expect(node(second.json, 'Unfollow').node_id).toBe(id);
  const third = await snapshot(page, { fresh: true });
  expect(node(third.json, 'Unfollow').node_id).toBe(id);
});

test('ids are unique among many look-alike siblings and across repeated structures', async ({ page }) => {
  await loadHtml(
    page,
    `<div id="grid"></div><script>
    const grid = document.getElementById('grid');
    for (let i = 0; i < 40; i++) {
      const card = document.createElement('div');
      card.innerHTML = '<a href="/same">View</a><button>Add</button>';
      grid.append(card);
    }
  </script>`,
  );
  const { ids, json } = await snapshot(page, { tokenBudget: 0, maxNodes: 100000 });
  expect(duplicates(ids)).toEqual([]);
  expect(duplicates(jsonIds(json))).toEqual([]);
  expect(ids.length).toBeGreaterThanOrEqual(80);
});
