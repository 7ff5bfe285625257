// S17: tools the page declares through WebMCP — the real polyfill (@mcp-b/webmcp-polyfill)
// and declarative <form toolname> tools — listed in the text, callable with the input checked
// against their schema, a late one seen in the next delta; the page's own state changes.
import { expect, test, type Page } from '@playwright/test';
import { openFixture } from './actions-helpers';
import { ORIGIN } from './helpers/domtool';
import type {} from './helpers/page-globals';

// Any method by name: the answer's shape depends on it, so it is read untyped.
const tool = (page: Page, method: string, ...args: unknown[]): Promise<any> =>
  page.evaluate(
    ({ method, args }) => (window.__tool as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args),
    { method, args },
  );
const shop = (page: Page) => page.evaluate(() => (window as any).__shop);

test.describe('with the WebMCP polyfill', () => {
  test.beforeEach(async ({ page }) => {
    await openFixture(page, '/fixtures/webmcp/shop.html', 'document.modelContext');
  });

  test('every tool is listed, with its kind, schema and read-only hint, and named in the text', async ({ page }) => {
    const tools = await tool(page, 'listPageTools');
    const byName = Object.fromEntries(tools.map((t: any) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual([
      'add_to_cart',
      'cart_total',
      'contact_us',
      'reserve_stock',
      'search_catalog',
    ]);
    expect(byName.add_to_cart).toMatchObject({
      kind: 'imperative',
      readOnly: false,
      description: 'Add a product to the cart by its SKU',
    });
    expect(byName.add_to_cart.inputSchema.required).toEqual(['sku']);
    expect(byName.cart_total.readOnly).toBe(true);
    expect(byName.search_catalog).toMatchObject({ kind: 'declarative' });
    const text: string = await tool(page, 'getText', { force: true });
    expect(text).toContain('# page tools (callPageTool(name, input)):');
    expect(text).toContain('add_to_cart(sku: string, quantity?: integer) — Add a product to the cart by its SKU');
    expect(text).toContain('cart_total() [readOnly]');
  });

  test('an imperative tool is called and changes the page; bad input is refused naming the field', async ({ page }) => {
    const ok = await tool(page, 'callPageTool', 'add_to_cart', { sku: 'TENT-2P', quantity: 2 });
    expect(ok.success).toBe(true);
    expect(ok.result).toMatchObject({ cartSize: 2 });
    expect(ok.text).toContain('add_to_cart: done');
    expect((await shop(page)).cart).toEqual(['TENT-2P', 'TENT-2P']);
    await expect(page.locator('#cart')).toHaveText('Cart: 2 items');

    const missing = await tool(page, 'callPageTool', 'add_to_cart', { quantity: 1 });
    expect(missing.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(missing.error.message).toContain('sku: required');
    const wrongType = await tool(page, 'callPageTool', 'add_to_cart', { sku: 'X', quantity: 'two' });
    expect(wrongType.error.message).toContain('quantity: expected integer');
    expect((await shop(page)).cart).toHaveLength(2);
  });

  test('a declarative tool with toolautosubmit is filled and submitted; one without is filled and left to a person', async ({
    page,
  }) => {
    const search = await tool(page, 'callPageTool', 'search_catalog', { query: 'tent', inStock: true });
    expect(search.success, JSON.stringify(search)).toBe(true);
    await expect.poll(async () => (await shop(page)).searched).toBe('tent');
    await expect(page.locator('#results')).toHaveText('Results for tent');

    const contact = await tool(page, 'callPageTool', 'contact_us', { message: 'Hello' });
    expect(contact.success).toBe(false);
    expect(contact.error.code).toBe('NOT_ACTIONABLE');
    expect(contact.error.message).toContain('asks a person to submit');
    expect(await page.locator('textarea[name=message]').inputValue()).toBe('Hello');
    expect((await shop(page)).contact).toBe(0);
  });

  test('unknown tools, failing tools and bad arguments answer as DomTool errors', async ({ page }) => {
    const unknown = await tool(page, 'callPageTool', 'buy_everything', {});
    expect(unknown.error.code).toBe('ELEMENT_NOT_FOUND');
    expect(unknown.error.message).toContain('add_to_cart');
    const failing = await tool(page, 'callPageTool', 'reserve_stock', { sku: 'TENT-2P' });
    expect(failing.error).toMatchObject({ code: 'ACTION_FAILED' });
    expect(failing.error.message).toContain('out of stock');
    const badInput = await tool(page, 'callPageTool', 'add_to_cart', 'TENT-2P');
    expect(badInput.error.code).toBe('VALIDATION_ERROR');
    const noName = await tool(page, 'callPageTool', null);
    expect(noName.error.code).toBe('VALIDATION_ERROR');
  });

  test('a tool registered after the first look is named in the next delta and can be called', async ({ page }) => {
    await tool(page, 'getText', { force: true });
    await page.evaluate(() => (window as any).__registerLate());
    const changes = await tool(page, 'getChanges');
    expect(changes.text).toContain('# page tools changed: + track_order(order: string)');
    const r = await tool(page, 'callPageTool', 'track_order', { order: 'A-17' });
    expect(r.result).toMatchObject({ order: 'A-17', status: 'shipped' });
  });
});

test('without any WebMCP script, a declarative form tool is found in the DOM, filled and submitted', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/webmcp/form-only.html');
  const tools = await tool(page, 'listPageTools');
  expect(tools).toEqual([
    {
      name: 'book_table',
      description: 'Book a table for a party',
      kind: 'declarative',
      readOnly: false,
      consequential: false,
      untrustedContent: false,
      origin: ORIGIN,
      inputSchema: {
        type: 'object',
        properties: {
          size: { type: 'number', description: 'How many people' },
          time: { type: 'string', enum: ['18:00', '20:00'] },
        },
        required: ['size'],
      },
    },
  ]);
  const bad = await tool(page, 'callPageTool', 'book_table', { size: 4, time: '19:00' });
  expect(bad.error.message).toContain('time: expected one of "18:00", "20:00"');
  const r = await tool(page, 'callPageTool', 'book_table', { size: 4, time: '20:00' });
  expect(r).toMatchObject({ success: true, submitted: true });
  expect(await page.evaluate(() => (window as any).__booked)).toEqual({ size: '4', time: '20:00' });
});

test('the three WebMCP hints are listed and shown in the text; a cancelled call tells the page (toolcancel)', async ({
  page,
}) => {
  await openFixture(page, '/fixtures/webmcp/hints.html', 'document.modelContext');
  const tools: any[] = await tool(page, 'listPageTools');
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  expect(byName.place_order).toMatchObject({
    consequential: true,
    readOnly: false,
    untrustedContent: false,
    origin: ORIGIN,
  });
  expect(byName.read_reviews).toMatchObject({ consequential: false, readOnly: true, untrustedContent: true });
  const text: string = await tool(page, 'getText');
  expect(text).toContain('#   place_order(confirm: boolean) [consequential] — Order the items');
  expect(text).toContain('#   read_reviews(sku: string) [readOnly] [untrustedContent] — Reviews');

  // The caller's signal aborts while the tool runs: the call answers at once, the page got toolcancel.
  const r = await page.evaluate(async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    return window.__tool.callPageTool('export_catalog', {}, { signal: ac.signal });
  });
  expect(r.success).toBe(false);
  expect(r.error?.message).toContain('cancelled');
  expect(await page.evaluate(() => (window as any).__hints.cancelled)).toEqual(['export_catalog']);
  // executeTool got the caller's signal (the draft's third argument).
  expect(await page.evaluate(() => (window as any).__hints.signals)).toBe(1);
  await expect(page.locator('#status')).toHaveText('Export cancelled');
});
