// A8 + settle in real Chromium: effect.appeared reports alert text, field errors, an
// opened menu with usable ids, new controls under a token cap; actions wait for the
// requests they started (fetch/XHR wrappers) and report `settled`; waitForStable();
// the page's own fetch keeps working.
import { expect, test, type Page } from '@playwright/test';
import { loadHtml } from './helpers/domtool';
import type {} from './helpers/page-globals';

const PAY = `
  <main>
    <h1>Payment</h1>
    <form aria-label="Card" onsubmit="return false">
      <label>Card number <input id="card" value="4000 0000 0000 0002" aria-describedby="card-err"></label>
      <span id="card-err"></span>
      <button type="button" id="pay">Pay $249</button>
      <p role="status" id="status"></p>
      <div id="alerts"></div>
    </form>
    <button type="button" id="more" aria-haspopup="menu" aria-expanded="false">More</button>
    <div id="menu-host"></div>
    <button type="button" id="many">Load 100 filters</button>
    <div id="filters"></div>
  </main>
  <script>
    document.getElementById('pay').addEventListener('click', async () => {
      document.getElementById('status').textContent = 'Processing…';
      const res = await fetch('/api/pay', { method: 'POST' });
      const body = await res.json();
      document.getElementById('status').textContent = '';
      const alert = document.createElement('div');
      alert.setAttribute('role', 'alert');
      alert.textContent = body.message;
      document.getElementById('alerts').append(alert);
      document.getElementById('card').setAttribute('aria-invalid', 'true');
      document.getElementById('card-err').textContent = 'This card was declined.';
    });
    document.getElementById('more').addEventListener('click', (e) => {
      e.currentTarget.setAttribute('aria-expanded', 'true');
      document.getElementById('menu-host').innerHTML = '<ul role="menu" aria-label="Order actions"><li role="menuitem" tabindex="-1" onclick="window.__picked=this.textContent">Duplicate</li><li role="menuitem" tabindex="-1" onclick="window.__picked=this.textContent">Archive</li></ul>';
    });
    document.getElementById('many').addEventListener('click', () => {
      document.getElementById('filters').innerHTML = Array.from({ length: 100 }, (_, i) => '<label><input type="checkbox"> Filter number ' + i + '</label>').join('');
    });
  </script>`;

async function setup(page: Page, options: object = {}): Promise<void> {
  await page.route('**/api/pay', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Card declined: insufficient funds' }),
    });
  });
  await loadHtml(page, PAY);
  await page.evaluate((o) => {
    const w = window;
    w.__t = new w.BrowserXDomTool.DomTool(o);
  }, options);
}

async function clickByText(page: Page, re: RegExp): Promise<any> {
  return page.evaluate(async (source) => {
    const w = window;
    const text: string = await w.__t.getText();
    const id = new RegExp('(nv_\\w+) ' + source).exec(text)![1];
    return w.__t.click(id);
  }, re.source);
}

test('a click that fetches waits for the request and reports the alert and the field error that appeared', async ({
  page,
}) => {
  await setup(page);
  const r = await clickByText(page, /button "Pay \$249"/);
  expect(r.success).toBe(true);
  expect(r.effect.settled).toBe(true);
  expect(r.duration).toBeGreaterThan(600);
  expect(r.effect.appeared.alerts).toContain('Card declined: insufficient funds');
  expect(r.effect.appeared.errors).toEqual([
    { id: expect.stringMatching(/^nv_/), field: 'Card number', message: 'This card was declined.' },
  ]);
  expect(r.effect.appeared.tokens).toBeGreaterThan(0);
});

test('a slow answer body counts as the request: the click reports what the page shows once it has read it', async ({
  page,
}) => {
  // fetch() resolves when the headers arrive; the body comes 700 ms later. The page shows
  // nothing until `await res.json()` returns — the action must wait for that read too.
  await loadHtml(
    page,
    `<button id="go">Check stock</button><div id="out"></div>
    <script>
      document.getElementById('go').addEventListener('click', async () => {
        const res = await fetch('/__slow-body?ms=700&message=' + encodeURIComponent('Only 2 left in stock'));
        const body = await res.json();
        const note = document.createElement('p');
        note.setAttribute('role', 'status');
        note.textContent = body.message;
        document.getElementById('out').append(note);
      });
    </script>`,
  );
  await page.evaluate(() => {
    const w = window;
    w.__t = new w.BrowserXDomTool.DomTool();
  });
  const r = await clickByText(page, /button "Check stock"/);
  expect(r.success).toBe(true);
  expect(r.effect.settled).toBe(true);
  expect(r.effect.appeared.alerts).toContain('Only 2 left in stock');
});

test('without request tracking the same click returns before the answer (what the wrappers are for)', async ({
  page,
}) => {
  await setup(page, { requestTracking: 'off' });
  const r = await clickByText(page, /button "Pay \$249"/);
  expect(r.success).toBe(true);
  expect(r.effect.appeared.alerts ?? []).not.toContain('Card declined: insufficient funds');
});

test('an opened menu: role, name and id, and its items as lines with ids that act', async ({ page }) => {
  await setup(page);
  const r = await clickByText(page, /button "More"/);
  const appeared = r.effect.appeared;
  expect(appeared.opened).toEqual({ role: 'menu', name: 'Order actions', id: expect.stringMatching(/^nv_/) });
  expect(appeared.controls).toEqual([
    expect.stringMatching(/^nv_\w+ menuitem "Duplicate"$/),
    expect.stringMatching(/^nv_\w+ menuitem "Archive"$/),
  ]);
  // The agent acts on the reported id without a new snapshot.
  const archive = appeared.controls[1].split(' ')[0];
  const picked = await page.evaluate(async (id) => {
    const w = window as any;
    const res = await w.__t.click(id);
    return { ok: res.success, picked: w.__picked };
  }, archive);
  expect(picked).toEqual({ ok: true, picked: 'Archive' });
});

test('new controls are capped and counted in tokens', async ({ page }) => {
  // The look after the click has the default 250 ms time budget; on a busy machine it stops
  // part way (timeBudgetMs: 3 counts 44 of the 100), and counting is what is tested here.
  await setup(page, { timeBudgetMs: 10_000 });
  const r = await clickByText(page, /button "Load 100 filters"/);
  const appeared = r.effect.appeared;
  expect(appeared.controls.length).toBeLessThanOrEqual(12);
  expect(appeared.controls[0]).toMatch(/^nv_\w+ checkbox "Filter number 0"/);
  expect(appeared.moreControls).toBe(100 - appeared.controls.length);
  expect(appeared.tokens).toBeLessThanOrEqual(300);
  // An action after which nothing appeared still carries the (empty) report.
  const none = await page.evaluate(async () => {
    const w = window;
    const text: string = await w.__t.getText();
    return w.__t.focus(/(nv_\w+) textbox "Card number"/.exec(text)![1]);
  });
  expect(none.effect?.appeared).toEqual({ tokens: 0 });
  expect(none.effect?.settled).toBe(true);
});

test('settled is false on a page that never stops changing; waitForStable waits for a request', async ({ page }) => {
  await setup(page, { settleTimeoutMs: 300 });
  await page.evaluate(() => {
    const p = document.createElement('p');
    document.body.append(p);
    document
      .getElementById('many')!
      .addEventListener('click', () => setInterval(() => (p.textContent = String(Math.random())), 20));
  });
  const busy = await clickByText(page, /button "Load 100 filters"/);
  expect(busy.effect.settled).toBe(false);

  await setup(page);
  const waited = await page.evaluate(async () => {
    const w = window;
    const started = performance.now();
    void fetch('/api/pay', { method: 'POST' });
    const r = await w.__t.waitForStable({ quietMs: 100, timeoutMs: 3000 });
    return { ...r, elapsed: performance.now() - started };
  });
  expect(waited.settled).toBe(true);
  expect(waited.elapsed).toBeGreaterThan(650);
  const short = await page.evaluate(async () => {
    const w = window;
    void fetch('/api/pay', { method: 'POST' });
    return w.__t.waitForStable({ timeoutMs: 200 });
  });
  expect(short.settled).toBe(false);
  expect(short.pendingRequests).toBe(1);
});

test('the page keeps its fetch and XMLHttpRequest: results, errors, identity', async ({ page }) => {
  await setup(page);
  const r = await page.evaluate(async () => {
    const w = window;
    new w.BrowserXDomTool.DomTool(); // a second tool does not wrap twice
    const res = await fetch('/__health');
    const text = await res.text();
    let error = '';
    try {
      await fetch('http://127.0.0.1:1/nothing');
    } catch (e) {
      error = (e as Error).name;
    }
    const xhr = await new Promise<string>((resolve) => {
      const x = new XMLHttpRequest();
      x.open('GET', '/__health');
      x.onload = () => resolve(x.responseText);
      x.send();
    });
    const json = await new Response('{"a":1}').json();
    const read = Response.prototype.json;
    return {
      text,
      error,
      xhr,
      json,
      name: fetch.name,
      native: String(fetch).includes('[native code]'),
      readName: read.name,
      readNative: String(read).includes('[native code]'),
    };
  });
  expect(r).toEqual({
    text: 'ok',
    error: 'TypeError',
    xhr: 'ok',
    json: { a: 1 },
    name: 'fetch',
    native: true,
    readName: 'json',
    readNative: true,
  });
});
