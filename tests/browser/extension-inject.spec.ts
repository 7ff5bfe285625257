// Issue 11: a tab opened before the extension was installed has no content script
// (Chrome injects manifest content scripts only into pages loaded afterwards); the
// service injects it on demand (chrome.scripting) into every frame. The extension is
// installed here after the tab loaded, through CDP's Extensions.loadUnpacked.
import { test, expect } from '@playwright/test';
import { call, launchWithExtension, tabIdOf, type ExtensionBrowser } from './extension-helpers';

let ext: ExtensionBrowser;
let base: string;

test.beforeAll(async ({}, testInfo) => {
  base = String(testInfo.project.use.baseURL);
  ext = await launchWithExtension({ installLater: true });
});

test.afterAll(async () => {
  await ext?.close();
});

test('a tab opened before the extension was installed gets the content script injected on demand, child frames included', async () => {
  const url = base + '/fixtures/extension/checkout.html';
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.frameLocator('#pay').locator('#name').waitFor();
  await ext.install();
  const tabId = await tabIdOf(ext, url);
  // Nothing answers the raw protocol before the service injects.
  const before = await ext.worker().evaluate(
    (tabId) =>
      chrome.tabs.sendMessage(tabId, { type: 'domtool:ping' }).then(
        () => 'answered',
        (e) => String(e.message),
      ),
    tabId,
  );
  expect(before).toMatch(/Receiving end does not exist|Could not establish connection/);

  const text = await call<{ ok: boolean; result: string }>(ext, 'getText', { tabId });
  expect(text.ok).toBe(true);
  expect(text.result).toMatch(/nv_[0-9a-z]+ button "Apply coupon"/);
  expect(text.result).toMatch(/f\d+:nv_[0-9a-z]+ textbox "Name on card"/);
  const id = /(nv_[0-9a-z]+) button "Apply coupon"/.exec(text.result)![1];
  expect((await call(ext, 'click', { tabId, nodeId: id })).success).toBe(true);
  await expect(page.locator('#state')).toHaveText('coupon applied');
});
