// Issue 30: the wheel rests where a click on the same element would aim (dom/geometry
// targetPoint: its part a person sees, inside the viewport and inside what its ancestors'
// overflow leaves). A list whose lower half an app shell cuts away used to get the wheel at
// the centre of its whole box — under the cut, over the content below the shell — so the
// list's own wheel handler (a virtual list scrolling itself) never heard it.
import { expect, test } from '@playwright/test';
import { loadHtml, snapshot } from './helpers/domtool';

const ROWS = Array.from({ length: 12 }, (_, i) => `<div role="option" style="height:20px">City ${i + 1}</div>`).join(
  '',
);

const SHELL = `
  <div style="font:16px/20px sans-serif">
    <div style="width:300px;height:100px;overflow:hidden">
      <div role="listbox" aria-label="Cities" tabindex="0" style="height:240px;overflow:hidden">
        <div id="rows">${ROWS}</div>
      </div>
    </div>
    <p style="height:300px;margin:0">Below the shell</p>
  </div>
  <script>
    // A virtual list moves its rows itself and cancels the native scroll, as rc-virtual-list does.
    let offset = 0;
    document.getElementById('rows').addEventListener('wheel', (e) => {
      e.preventDefault();
      offset = Math.min(offset + Math.sign(e.deltaY) * 20, 140);
      e.currentTarget.style.transform = 'translateY(' + -offset + 'px)';
      window.__offset = offset;
    }, { passive: false });
  </script>`;

test('a wheel over a list cut by its shell reaches the list where it shows', async ({ page }) => {
  await loadHtml(page, SHELL);
  const { text } = await snapshot(page, { tokenBudget: 0 });
  const id = /(nv_[a-z0-9]+) listbox "Cities"/.exec(text)?.[1];
  expect(id, text).toBeTruthy();
  const r = await page.evaluate(
    (id) =>
      (
        window as unknown as { __domtoolTest: { scroll(id: string, o: object): Promise<{ success: boolean }> } }
      ).__domtoolTest.scroll(id, { direction: 'down' }),
    id!,
  );
  expect(r.success, JSON.stringify(r)).toBe(true);
  // The list's own handler moved its rows; the page did not scroll.
  expect(await page.evaluate(() => (window as unknown as { __offset?: number }).__offset)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
