// A10 + S16 through the example extension in real Chromium: the service reports the tab a
// click opened (effect.newTab, a real tab), the download it started (effect.download, a
// real file from chrome.downloads), and the confirm/alert it raised (answered in the page's
// MAIN world by page-world.js, Cancel unless the caller says accept) — each in the result's
// one-line text too; the snapshot marks the link and the download before acting.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { call, launchWithExtension, openTab, type ExtensionBrowser } from './extension-helpers';

let ext: ExtensionBrowser;
let base: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  base = String(testInfo.project.use.baseURL);
  ext = await launchWithExtension();
});

test.afterAll(async () => {
  await ext?.close();
});

let opens = 0;

async function openAccount(): Promise<{ tabId: number; text: string; page: import('@playwright/test').Page }> {
  // A URL of its own per test: tabs are found by URL.
  const opened = await openTab(ext, base + '/fixtures/effects/beyond.html?test=' + ++opens);
  let text = '';
  await expect
    .poll(async () => (text = (await call(ext, 'getText', { tabId: opened.tabId })).result as string), {
      timeout: 10_000,
    })
    .toContain('Download invoice');
  return { ...opened, text };
}

function idOf(text: string, re: RegExp): string {
  const m = re.exec(text);
  if (!m) throw new Error(`no ${re} in:\n${text}`);
  return m[1];
}

test('a target=_blank link: marked new-tab, and the click reports the tab it opened', async () => {
  const { tabId, text } = await openAccount();
  expect(text).toMatch(/link "Open the shop" \[new-tab\]/);
  const opening = ext.context.waitForEvent('page');
  const r = await call(ext, 'click', { tabId, nodeId: idOf(text, /(nv_\w+) link "Open the shop"/) });
  const page = await opening;
  expect(r.success).toBe(true);
  expect(r.noObservableEffect).toBeUndefined();
  expect(r.effect.newTab.tabId).toEqual(expect.any(Number));
  expect(r.effect.newTab.tabId).not.toBe(tabId);
  expect(r.effect.newTab.url).toBe(base + '/fixtures/demo.html');
  expect(r.text).toContain(`opened new tab ${r.effect.newTab.tabId} ${base}/fixtures/demo.html`);
  // It is a real tab the service can read.
  await page.waitForLoadState();
  await expect
    .poll(async () => (await call(ext, 'getText', { tabId: r.effect.newTab.tabId })).result as string, {
      timeout: 10_000,
    })
    .toContain('Place order');
});

test('a download link: marked download, and the click reports the download with its file name', async () => {
  const { tabId, text } = await openAccount();
  expect(text).toMatch(/link "Download invoice" \[download="invoice-2026-001.csv"\]/);
  const r = await call(ext, 'click', { tabId, nodeId: idOf(text, /(nv_\w+) link "Download invoice"/) });
  expect(r.success).toBe(true);
  expect(r.noObservableEffect).toBeUndefined();
  expect(r.effect.download).toMatchObject({ id: expect.any(Number), url: base + '/fixtures/effects/invoice.csv' });
  // Under Playwright the file on disk gets a generated name (its download handling); Chrome alone keeps the suggested one.
  expect(r.text).toContain(`download started: "${r.effect.download.filename}"`);
  // chrome.downloads knows it, and the file holds the invoice: a real download.
  await expect
    .poll(
      async () =>
        (await ext.worker().evaluate((id) => chrome.downloads.search({ id }), r.effect.download.id))[0]?.state,
    )
    .toBe('complete');
  const [item] = await ext.worker().evaluate((id) => chrome.downloads.search({ id }), r.effect.download.id);
  expect(readFileSync(item.filename, 'utf8')).toContain('2026-001,249.00');
});

test('a download without the download attribute is told as the download, not as a navigation (issue 31)', async () => {
  // Two links the server answers as attachments: one whose URL names a file (report.zip), one whose URL does not (/export).
  const opened = await openTab(ext, base + '/fixtures/results/beyond.html?test=' + ++opens);
  let text = '';
  await expect
    .poll(async () => (text = (await call(ext, 'getText', { tabId: opened.tabId })).result as string), {
      timeout: 10_000,
    })
    .toContain('Export all reports');
  for (const [name, file] of [
    ['Yearly report', 'report.zip'],
    ['Export all reports', 'export'],
  ]) {
    const r = await call(ext, 'click', {
      tabId: opened.tabId,
      nodeId: idOf(text, new RegExp(`(nv_\\w+) link "${name}"`)),
    });
    expect(r.success, name).toBe(true);
    expect(r.effect.download, `${name}: ${r.text}`).toMatchObject({ url: base + '/fixtures/results/' + file });
    expect(r.effect.navigated, name).toBeUndefined();
    expect(r.effect.leaving, name).toBeUndefined();
    expect(r.text, name).toContain('download started');
    expect(r.text, name).not.toMatch(/navigat|synthetic/);
  }
  // The page never left: its ids still work.
  expect((await call(ext, 'getText', { tabId: opened.tabId })).result as string).toContain('Export all reports');
});

test('a download with no file name is told as the download, not as a navigation (issue 31)', async () => {
  // No name anywhere: Content-Disposition without filename, a data: URL with an empty download
  // attribute, and a script's blob: URL clicked on an anchor it never attaches.
  const opened = await openTab(ext, base + '/fixtures/results/beyond.html?test=' + ++opens);
  let text = '';
  await expect
    .poll(async () => (text = (await call(ext, 'getText', { tabId: opened.tabId })).result as string), {
      timeout: 10_000,
    })
    .toContain('Export table');
  for (const [re, url] of [
    [/(nv_\w+) link "Archive of 2025"/, base + '/fixtures/results/archive'],
    [/(nv_\w+) link "Totals as CSV"/, 'data:text/csv,'],
    [/(nv_\w+) button "Export table"/, 'blob:'],
  ] as const) {
    const r = await call(ext, 'click', { tabId: opened.tabId, nodeId: idOf(text, re) });
    expect(r.success, `${re}: ${r.text}`).toBe(true);
    expect(r.effect.download?.url, `${re}: ${r.text}`).toContain(url);
    expect(r.effect.navigated, `${re}: ${r.text}`).toBeUndefined();
    expect(r.effect.leaving, `${re}: ${r.text}`).toBeUndefined();
    expect(r.text, String(re)).toContain('download started');
    expect(r.text, String(re)).not.toMatch(/navigat|synthetic|no visible effect/);
  }
  expect((await call(ext, 'getText', { tabId: opened.tabId })).result as string).toContain('Export table');
});

test('a confirm behind an irreversible button is answered Cancel by default (kept reference included); accept when asked', async () => {
  const { tabId, text, page } = await openAccount();
  expect(text).toMatch(/button "Unsubscribe" \[irreversible\]/);
  const id = idOf(text, /(nv_\w+) button "Unsubscribe"/);
  const dismissed = await call(ext, 'click', { tabId, nodeId: id });
  expect(dismissed.effect.dialogs).toEqual([
    { type: 'confirm', message: 'Unsubscribe from all emails? This cannot be undone.', accepted: false },
  ]);
  expect(dismissed.text).toContain('answered Cancel');
  await expect(page.locator('#items li')).toHaveCount(1);
  const accepted = await call(ext, 'click', { tabId, nodeId: id, dialog: 'accept' });
  expect(accepted.effect.dialogs[0].accepted).toBe(true);
  await expect(page.locator('#items li')).toHaveCount(0);
  const hello = await call(ext, 'click', { tabId, nodeId: idOf(text, /(nv_\w+) button "Say hello"/) });
  expect(hello.effect.dialogs).toEqual([{ type: 'alert', message: 'Hello!', accepted: true }]);
  await expect(page.locator('#status')).toHaveText('greeted');
});

test('a slow server: a download past the grace is told as the download, a slow page as the navigation (issue 31)', async () => {
  // The server takes 1.5 s to answer (past the 600 ms grace): the page only saw beforeunload. The
  // service waits for what the browser does next — downloads.onCreated or webNavigation.onCommitted.
  const slow = (body: string, headers: Record<string, string>) => async (route: import('@playwright/test').Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ status: 200, headers, body }).catch(() => undefined);
  };
  await ext.context.route(
    '**/slow/statement',
    slow('date,total\n2026-11,80.00\n', {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="statement.csv"',
    }),
  );
  await ext.context.route(
    '**/slow/orders',
    slow('<!doctype html><title>Orders</title><h1>Orders</h1>', {
      'content-type': 'text/html',
    }),
  );
  const opened = await openTab(ext, base + '/fixtures/results/beyond.html?test=' + ++opens);
  await opened.page.evaluate(() => {
    for (const [href, name] of [
      ['/slow/statement', 'Monthly statement'],
      ['/slow/orders', 'All orders'],
    ]) {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = name;
      document.querySelector('main')!.prepend(a, document.createElement('br'));
    }
  });
  let text = '';
  await expect
    .poll(async () => (text = (await call(ext, 'getText', { tabId: opened.tabId })).result as string), {
      timeout: 10_000,
    })
    .toContain('All orders');
  const download = await call(ext, 'click', {
    tabId: opened.tabId,
    nodeId: idOf(text, /(nv_\w+) link "Monthly statement"/),
  });
  expect(download.effect.download?.url, download.text).toBe(base + '/slow/statement');
  expect(download.effect.navigated, download.text).toBeUndefined();
  expect(download.text).toContain('download started');
  expect(download.text).not.toMatch(/navigat|synthetic|no visible effect/);
  // The page never left: its ids still work.
  text = (await call(ext, 'getText', { tabId: opened.tabId })).result as string;
  const page = await call(ext, 'click', { tabId: opened.tabId, nodeId: idOf(text, /(nv_\w+) link "All orders"/) });
  expect(page.effect.download, page.text).toBeUndefined();
  expect(page.effect.navigated, page.text).toBe(true);
  expect(page.effect.leaving, page.text).toBeUndefined();
  expect(page.effect.urlAfter, page.text).toBe(base + '/slow/orders');
  expect(page.text).toContain('navigated to ' + base + '/slow/orders');
  expect(page.text).not.toMatch(/began navigating|download/);
});
