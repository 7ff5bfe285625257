// F7 in real Chromium: the cached snapshot is never served stale. What a
// MutationObserver on the document cannot see — a user typing and ticking, focus,
// scrolling, changes inside open shadow roots and same-origin frames — marks it dirty.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

async function text(page: Page): Promise<string> {
  return page.evaluate(() => {
    const w = window;
    w.__t ??= new w.BrowserXDomTool.DomTool({ snapshotTTL: 60_000 });
    return w.__t.getText();
  });
}

test('a user types "Berlin" over "Paris" and ticks a checkbox: getText 300 ms later shows it', async ({ page }) => {
  await loadHtml(
    page,
    `<form><label>City <input id="city" value="Paris"></label>
    <label><input type="checkbox" id="news"> Newsletter</label></form>`,
  );
  const before = await text(page);
  expect(before).toContain('textbox "City" [value="Paris"]');
  expect(before).toContain('checkbox "Newsletter" [unchecked]');
  await page.fill('#city', 'Berlin');
  await page.check('#news');
  await page.waitForTimeout(300);
  const after = await text(page);
  expect(after).toContain('textbox "City" [value="Berlin"');
  expect(after).toContain('checkbox "Newsletter" [checked');
});

test('focus moving and scrolling are seen', async ({ page }) => {
  await loadHtml(
    page,
    `<input id="a" aria-label="First"><input id="b" aria-label="Second">
    <div style="height:3000px"></div><button>Bottom</button>`,
  );
  expect(await text(page)).not.toContain('focused');
  await page.focus('#b');
  expect(await text(page)).toContain('textbox "Second" [focused]');
  await page.evaluate(() => window.scrollTo(0, 2500));
  const scrolled = await text(page);
  expect(scrolled).toMatch(/scroll 0,2[0-9]{3} /);
  expect(scrolled).toContain('textbox "Second" [focused offscreen]');
});

test('changes inside an open shadow root and a same-origin frame mark the cache dirty', async ({ page }) => {
  await loadHtml(
    page,
    `<div id="host"></div><iframe id="f" srcdoc="<button id='x'>Frame button</button>"></iframe>
    <script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<button id="s">Shadow button</button>';
    </script>`,
  );
  await page.waitForFunction(() =>
    (document.getElementById('f') as HTMLIFrameElement).contentDocument?.getElementById('x'),
  );
  const first = await text(page);
  expect(first).toContain('button "Shadow button"');
  expect(first).toContain('button "Frame button"');
  await page.evaluate(() => {
    document.getElementById('host')!.shadowRoot!.getElementById('s')!.textContent = 'Shadow renamed';
  });
  await page.waitForTimeout(150);
  expect(await text(page)).toContain('button "Shadow renamed"');
  await page.evaluate(() => {
    (document.getElementById('f') as HTMLIFrameElement).contentDocument!.getElementById('x')!.textContent =
      'Frame renamed';
  });
  await page.waitForTimeout(150);
  expect(await text(page)).toContain('button "Frame renamed"');
});
