// Launches Chromium with the example extension (examples/extension/dist, built by
// `npm run build`) loaded unpacked, and calls its service worker's DomTool service.
// Debian's Chromium honours --load-extension, and Playwright's default headless mode
// (the new headless) runs extensions, their service workers and side-panel pages.
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { ROOT } from './integration-helpers';

export const EXTENSION = join(ROOT, 'examples/extension/dist');

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: () => Worker;
  /** Installs the extension now (launched with `{ installLater: true }`): tabs already open stay without content script. */
  install(): Promise<void>;
  close(): Promise<void>;
}

export async function launchWithExtension(options: { installLater?: boolean } = {}): Promise<ExtensionBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'domtool-ext-'));
  const load = options.installLater
    ? // Lets CDP's Extensions.loadUnpacked install it later, like a user installing it with tabs open.
      ['--enable-unsafe-extension-debugging']
    : [`--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`];
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 1280, height: 720 },
    args: [...chromiumArgs, ...load],
    // Playwright disables extensions unless told which to keep; one installed later needs them on.
    ignoreDefaultArgs: options.installLater ? ['--disable-extensions'] : undefined,
  });
  let worker: Worker | undefined = options.installLater
    ? undefined
    : (context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker')));
  return {
    context,
    worker: () => {
      if (!worker) throw new Error('extension not installed');
      return worker;
    },
    async install() {
      const cdp = await context.browser()!.newBrowserCDPSession();
      const { id } = (await cdp.send('Extensions.loadUnpacked' as never, { path: EXTENSION } as never)) as {
        id: string;
      };
      // Its worker starts on its first event: opening one of its pages wakes it.
      const next = context.waitForEvent('serviceworker', { timeout: 10_000 });
      const page = await context.newPage();
      await page.goto(`chrome-extension://${id}/panel.html?tabId=999999`);
      worker = context.serviceWorkers().find((w) => w.url().includes(id)) ?? (await next);
      await page.close();
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Calls `domtool.service.<method>(request)` in the service worker. */
export function call<T = any>(ext: ExtensionBrowser, method: string, request: Record<string, unknown>): Promise<T> {
  return ext.worker().evaluate(({ method, request }) => (globalThis as any).domtool.service[method](request), {
    method,
    request,
  }) as Promise<T>;
}

/** chrome tab id of the tab showing `url` (exact prefix match). */
export async function tabIdOf(ext: ExtensionBrowser, url: string): Promise<number> {
  return ext.worker().evaluate((url) => (globalThis as any).domtool.tabByUrl(url), url) as Promise<number>;
}

export async function openTab(ext: ExtensionBrowser, url: string): Promise<{ page: Page; tabId: number }> {
  const page = await ext.context.newPage();
  await page.goto(url);
  const tabId = await tabIdOf(ext, url);
  return { page, tabId };
}
