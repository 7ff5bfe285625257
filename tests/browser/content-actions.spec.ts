// The action layer of a content script (issue 19): the per-frame core loads it on a
// frame's first action. Without the extension service to inject it, a content script that
// imports 'browserx-domtool/actions' acts at once; one that does not says what to do.
// Driven in the page world with a stand-in chrome.runtime (no extension needed).
import { test, expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { ROOT } from './integration-helpers';

async function bundle(withActions: boolean): Promise<string> {
  const r = await build({
    stdin: {
      contents:
        (withActions ? "import './src/content-actions';\n" : '') +
        "import { installDomToolContentScript } from './src/integration/content-script';\ninstallDomToolContentScript();\n",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return r.outputFiles[0].text;
}

async function clickThroughContentScript(
  page: Page,
  code: string,
): Promise<{ success: boolean; error?: { code: string; message: string } }> {
  await page.goto('/fixtures/integration/app.html');
  await page.evaluate(() => {
    const w = window as any;
    w.__listeners = [];
    // No sendMessage answer: as without the extension service.
    w.chrome = {
      runtime: {
        id: 'test',
        onMessage: { addListener: (l: unknown) => w.__listeners.push(l), removeListener() {} },
        sendMessage: async () => undefined,
      },
    };
  });
  await page.addScriptTag({ content: code });
  return page.evaluate(async () => {
    const send = (m: unknown) => new Promise<any>((resolve) => (window as any).__listeners[0](m, {}, resolve));
    const text: string = (await send({ type: 'domtool:getText' })).result;
    const id = /(nv_[0-9a-z]+) button "Increment"/.exec(text)![1];
    return (await send({ type: 'domtool:click', nodeId: id })).result;
  });
}

test("a content script bundled with 'browserx-domtool/actions' acts without the service", async ({ page }) => {
  const result = await clickThroughContentScript(page, await bundle(true));
  expect(result.success).toBe(true);
  await expect(page.locator('#status')).toHaveText('clicked 1');
});

test('a core-only content script without the service says how to get the actions', async ({ page }) => {
  const result = await clickThroughContentScript(page, await bundle(false));
  expect(result.success).toBe(false);
  expect(result.error?.code).toBe('ACTION_FAILED');
  expect(result.error?.message).toMatch(/createDomToolService|browserx-domtool\/actions/);
  await expect(page.locator('#status')).toHaveText('idle');
});
