// A9: any text the agent reads can be clicked or hovered by quoting it — the way past
// click handlers that detection cannot see (event delegation with no sign on the items,
// listeners added in the page world). The element acted on is the smallest visible one
// showing the text; several matches are refused with the candidates, never guessed (A3).
import { expect, test, type Page } from '@playwright/test';
import { findId, openFixture } from './actions-helpers';
import type {} from './helpers/page-globals';

async function setup(page: Page, html: string, script: string): Promise<void> {
  await openFixture(page, '/tests/browser/helpers/blank.html');
  await page.evaluate(
    ({ html, script }) => {
      document.body.innerHTML = html;
      new Function(script)();
    },
    { html, script },
  );
}

const DROPDOWN = `
  <div class="party" style="border:1px solid #999;width:200px">
    <div class="current">Party size</div>
    <div class="menu"><div class="item">1 person</div><div class="item">2 people</div><div class="item">4 people</div></div>
  </div>
  <ul id="colors"><li>Red</li><li>Green</li><li>Blue</li></ul>
  <section id="a" aria-label="Shipping"><h2>Shipping</h2><span class="opt">Express</span></section>
  <section id="b" aria-label="Billing"><h2>Billing</h2><span class="opt">Express</span></section>`;
const SCRIPT = `
  window.__picked = [];
  // One listener on the container, items found with closest(): event delegation, no sign on the items.
  document.querySelector('.party').addEventListener('click', (e) => {
    const item = e.target.closest('.item');
    if (item) { window.__picked.push(item.textContent); document.querySelector('.current').textContent = item.textContent; }
  });
  document.getElementById('colors').addEventListener('click', (e) => { if (e.target.localName === 'li') window.__picked.push('color:' + e.target.textContent); });
  document.getElementById('colors').addEventListener('mouseover', (e) => { if (e.target.localName === 'li') window.__hovered = e.target.textContent; });
  for (const s of document.querySelectorAll('section')) s.addEventListener('click', (e) => { if (e.target.className === 'opt') window.__picked.push(s.id + ':express'); });`;

const picked = (page: Page) => page.evaluate(() => (window as any).__picked as string[]);
// Any method by name: the answer's shape depends on it, so it is read untyped.
const tool = (page: Page, method: string, ...args: unknown[]): Promise<any> =>
  page.evaluate(
    ({ method, args }) => (window.__tool as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args),
    { method, args },
  );

test('click({ text }) lands on the delegated item a person would click; the page records it', async ({ page }) => {
  await setup(page, DROPDOWN, SCRIPT);
  await tool(page, 'getText', { force: true });
  const r = await tool(page, 'click', { text: '2 people' });
  expect(r.success, JSON.stringify(r)).toBe(true);
  expect(await picked(page)).toEqual(['2 people']);
  const green = await tool(page, 'click', { text: 'green' });
  expect(green.success).toBe(true);
  expect(await picked(page)).toEqual(['2 people', 'color:Green']);
  const hover = await tool(page, 'hover', { text: 'Blue' });
  expect(hover.success).toBe(true);
  expect(await page.evaluate(() => (window as any).__hovered)).toBe('Blue');
});

test('the same text twice is refused with the candidates; within picks one', async ({ page }) => {
  await setup(page, DROPDOWN, SCRIPT);
  await tool(page, 'getText', { force: true });
  const both = await tool(page, 'click', { text: 'Express' });
  expect(both.success).toBe(false);
  expect(both.error.code).toBe('VALIDATION_ERROR');
  expect(both.error.message).toContain('shown by 2 elements');
  expect(await picked(page)).toEqual([]);
  const billing = await findId(page, { role: 'region', name: 'Billing' });
  const r = await tool(page, 'click', { text: 'Express', within: billing });
  expect(r.success, JSON.stringify(r)).toBe(true);
  expect(await picked(page)).toEqual(['b:express']);
});

test('text that is not shown, or hidden, is ELEMENT_NOT_FOUND; bad targets are VALIDATION_ERROR', async ({ page }) => {
  await setup(page, DROPDOWN + '<div hidden>Secret option</div>', SCRIPT);
  await tool(page, 'getText', { force: true });
  expect((await tool(page, 'click', { text: 'Purple' })).error.code).toBe('ELEMENT_NOT_FOUND');
  expect((await tool(page, 'click', { text: 'Secret option' })).error.code).toBe('ELEMENT_NOT_FOUND');
  expect((await tool(page, 'click', { text: '' })).error.code).toBe('VALIDATION_ERROR');
  expect((await tool(page, 'click', { text: 'x'.repeat(5000) })).error.message.length).toBeLessThan(400);
  expect((await tool(page, 'click', { text: 'Red', within: 'not an id' })).error.code).toBe('VALIDATION_ERROR');
  expect(await picked(page)).toEqual([]);
});
