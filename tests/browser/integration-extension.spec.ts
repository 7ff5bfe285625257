// I3 end to end: the example MV3 extension (examples/extension/dist, built by
// `npm run build`) loaded unpacked into Chromium; its service worker asks the
// content script of a fixture tab for snapshots and actions over chrome.tabs.sendMessage.
import { test, expect, chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { ROOT, findNode, lineWithId } from './integration-helpers';
import type { DomToolRequest, DomToolResponse } from '../../src/integration/protocol';
import type { ActionResult, SerializedPage } from '../../src/types';

const EXTENSION = join(ROOT, 'examples/extension/dist');
let context: BrowserContext;
let worker: Worker;
let userDataDir: string;
let base: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  base = String(testInfo.project.use.baseURL);
  userDataDir = mkdtempSync(join(tmpdir(), 'domtool-ext-'));
  // Debian's Chromium (unbranded) still honours --load-extension, and Playwright's
  // default headless mode (new headless) runs extensions and their service workers.
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...chromiumArgs, `--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
});

test.afterAll(async () => {
  await context?.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

/** Sends one protocol message from the service worker to the tab showing `url`. */
function send<T = unknown>(url: string, message: DomToolRequest): Promise<DomToolResponse & { result: T }> {
  return worker.evaluate(
    async ({ url, message }) => {
      const api = (
        globalThis as unknown as {
          domtool: { tabByUrl(u: string): Promise<number>; send(m: unknown, id: number): Promise<unknown> };
        }
      ).domtool;
      return api.send(message, await api.tabByUrl(url));
    },
    { url, message },
  ) as Promise<DomToolResponse & { result: T }>;
}

async function open(path: string): Promise<{ page: Page; url: string }> {
  const page = await context.newPage();
  const url = base + path;
  await page.goto(url);
  // The content script runs at document_idle; wait until it answers.
  await expect.poll(async () => (await send(url, { type: 'domtool:ping' })).ok).toBe(true);
  return { page, url };
}

test('snapshot and click through the service worker, including a button in a CLOSED shadow root', async () => {
  const { page, url } = await open('/fixtures/integration/app.html');
  const snap = await send<SerializedPage>(url, { type: 'domtool:getSnapshot' });
  expect(snap.ok).toBe(true);
  const inc = findNode(snap.result, 'Increment', 'button')!;
  const secret = findNode(snap.result, 'Secret action', 'button');
  // chrome.dom.openOrClosedShadowRoot let the content script see inside the closed root.
  expect(secret?.node_id).toMatch(/^nv_/);

  const click = await send<ActionResult>(url, { type: 'domtool:click', nodeId: inc.node_id });
  expect(click.result.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('clicked 1');

  const secretClick = await send<ActionResult>(url, { type: 'domtool:click', nodeId: secret!.node_id });
  expect(secretClick.result.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('secret clicked');

  const text = await send<string>(url, { type: 'domtool:getText' });
  expect(text.result).toMatch(lineWithId('Secret action'));
  await page.close();
});

test('type, keypress and errors as data', async () => {
  const { page, url } = await open('/fixtures/integration/app.html');
  const snap = await send<SerializedPage>(url, { type: 'domtool:getSnapshot' });
  const email = findNode(snap.result, 'Email', 'textbox')!;
  const typed = await send<ActionResult>(url, { type: 'domtool:type', nodeId: email.node_id, text: 'a@b.c' });
  expect(typed.result.success).toBe(true);
  await expect(page.locator('#email')).toHaveValue('a@b.c');
  const key = await send<ActionResult>(url, { type: 'domtool:keypress', key: 'Tab' });
  expect(key.ok).toBe(true);

  const missing = await send<ActionResult>(url, { type: 'domtool:click', nodeId: 'nv_nothere' });
  expect(missing.ok).toBe(true);
  expect(missing.result.success).toBe(false);
  expect(missing.result.error?.code).toMatch(/ELEMENT_NOT_FOUND|STALE_NODE/);
  const unknown = await send(url, { type: 'domtool:teleport' } as unknown as DomToolRequest);
  expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MESSAGE' } });
  await page.close();
});

test("works under script-src 'self' + require-trusted-types-for 'script'", async () => {
  const { page, url } = await open('/fixtures/integration/csp.html');
  const snap = await send<SerializedPage>(url, { type: 'domtool:getSnapshot' });
  const inc = findNode(snap.result, 'Increment', 'button')!;
  expect((await send<ActionResult>(url, { type: 'domtool:click', nodeId: inc.node_id })).result.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('clicked 1');
  const hl = await send<{ shown: number }>(url, { type: 'domtool:highlight' });
  expect(hl.result.shown).toBeGreaterThan(0);
  expect(await page.locator('[data-browserx-overlay]').count()).toBe(1);
  await send(url, { type: 'domtool:clearHighlight' });
  expect(await page.locator('[data-browserx-overlay]').count()).toBe(0);
  await page.close();
});

test('the content script is immune to the hostile page; its payload round-trips through JSON.stringify', async () => {
  const { page, url } = await open('/fixtures/integration/hostile.html');
  const snap = await send<SerializedPage>(url, { type: 'domtool:getSnapshot' });
  expect(snap.ok).toBe(true);
  expect(Array.isArray(snap.result.page.body.children)).toBe(true);
  // The service worker's JSON (clean realm) gives back exactly what arrived.
  const roundTrip = await worker.evaluate(
    (r) => JSON.stringify(JSON.parse(JSON.stringify(r))) === JSON.stringify(r),
    snap,
  );
  expect(roundTrip).toBe(true);
  expect(JSON.parse(JSON.stringify(snap))).toEqual(snap);
  const go = findNode(snap.result, 'Go', 'button')!;
  expect((await send<ActionResult>(url, { type: 'domtool:click', nodeId: go.node_id })).result.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('went');
  await page.close();
});

test('closed shadow roots on a plain <div> and <section> are opened in the extension (issue 8)', async () => {
  const { page, url } = await open('/fixtures/integration/closed-div.html');
  const text = await send<string>(url, { type: 'domtool:getText' });
  expect(text.result).toMatch(lineWithId('Pay in div'));
  expect(text.result).toContain('h2 "Section inside"');
  const snap = await send<SerializedPage>(url, { type: 'domtool:getSnapshot' });
  const pay = findNode(snap.result, 'Pay in div', 'button')!;
  const click = await send<ActionResult>(url, { type: 'domtool:click', nodeId: pay.node_id });
  expect(click.result.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('paid');
  await page.close();
});
