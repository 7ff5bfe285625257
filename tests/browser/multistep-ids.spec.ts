// F8 in real Chromium: an id that named a removed element is never handed to another
// element (even a look-alike in the same place), and using it is refused (STALE_NODE,
// "removed"); surviving elements keep their ids.
import { expect, test } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

test("a removed element's id is never reused and is refused; survivors keep their ids", async ({ page }) => {
  await loadHtml(
    page,
    `<ul id="list">
    <li><span>Apple</span> <button>Delete</button></li>
    <li><span>Banana</span> <button>Delete</button></li>
    <li><span>Cherry</span> <button>Delete</button></li>
  </ul><button id="other">Other</button>`,
  );
  const r = await page.evaluate(async () => {
    const w = window;
    const tool = (w.__t = new w.BrowserXDomTool.DomTool());
    const first = await tool.getSnapshot({ force: true });
    const buttons = () => [...document.querySelectorAll('#list button')] as Element[];
    const before = buttons().map((b) => first.getNodeId(b));
    const other = first.getNodeId(document.getElementById('other')!);
    // The first row goes away; an identical row takes exactly its place.
    const li = document.querySelector('#list li')!;
    const clone = li.cloneNode(true) as HTMLElement;
    li.remove();
    document.getElementById('list')!.prepend(clone);
    const second = await tool.getSnapshot({ force: true });
    const after = buttons().map((b) => second.getNodeId(b));
    const click = await tool.click(before[0]);
    return {
      before,
      after,
      other,
      otherAfter: second.getNodeId(document.getElementById('other')!),
      click,
      stillKnown: second.has(before[0]),
    };
  });
  expect(r.before[0]).toBeTruthy();
  // The look-alike in the same place gets a new id; the other rows and the other button keep theirs.
  expect(r.after[0]).not.toBe(r.before[0]);
  expect(r.after.slice(1)).toEqual(r.before.slice(1));
  expect(r.otherAfter).toBe(r.other);
  expect(r.stillKnown).toBe(false);
  expect(r.click.success).toBe(false);
  expect(r.click.error.code).toBe('STALE_NODE');
  expect(r.click.error.message).toContain('removed');
});

test('an id is not reused even after several snapshots and re-renders of the whole list', async ({ page }) => {
  await loadHtml(
    page,
    `<div id="app"></div><script>
    window.render = (names) => { document.getElementById('app').innerHTML = names.map((n) => '<button>' + n + '</button>').join(''); };
    render(['Save', 'Load']);
  </script>`,
  );
  const r = await page.evaluate(async () => {
    const w = window as any;
    const tool = new w.BrowserXDomTool.DomTool();
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (let i = 0; i < 5; i++) {
      w.render(['Save', 'Load']); // new elements every time, same structure
      const snap = await tool.getSnapshot({ force: true });
      for (const b of document.querySelectorAll('#app button')) {
        const id = snap.getNodeId(b)!;
        const key = `${i}:${b.textContent}`;
        if (seen.has(id)) clashes.push(`${id} was ${seen.get(id)}, now ${key}`);
        seen.set(id, key);
      }
    }
    return { clashes, count: seen.size };
  });
  expect(r.clashes).toEqual([]);
  expect(r.count).toBe(10);
});
