// Every page of ../shared/corpus/real-pages (served at /corpus/<file>): the snapshot
// does not fail, mutates nothing, never leaks a secret value, and its ids are unique
// and identical across two snapshots (the second by a fresh DomTool, so determinism
// does not lean on the WeakMap of surviving ids). External requests are blocked.
import { test, expect, type Page } from '@playwright/test';
import { ORIGIN, injectDomTool, snapshot } from './helpers/domtool';
import { corpusFiles } from './helpers/fixtures';
import { duplicates, jsonIds } from './helpers/tree';

test.describe.configure({ mode: 'parallel' });

const SECRET = 'corpus-Secret-7f3a9q';
const CARD = '4929517530128841';

async function open(page: Page, file: string): Promise<void> {
  await page.route('**/*', (route) => (route.request().url().startsWith(ORIGIN) ? route.continue() : route.abort()));
  await page.goto(`/corpus/${encodeURIComponent(file)}`, { waitUntil: 'load' });
  // Iframes whose (blocked) source is still resolving flip from an empty same-origin
  // document to a cross-origin error page. Let them settle: determinism is about the
  // snapshot, not a page that is still loading.
  await page
    .waitForFunction(
      () => {
        const frames = document.querySelectorAll('iframe, frame');
        for (let i = 0; i < frames.length; i++) {
          const frame = frames[i] as HTMLIFrameElement;
          if (!frame.getAttribute('src')) continue;
          try {
            const doc = frame.contentDocument;
            if (doc && (doc.readyState !== 'complete' || doc.URL === 'about:blank')) return false;
          } catch {
            /* cross-origin: settled */
          }
        }
        return true;
      },
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  // Let the page's own timers finish what they do right after load (aktualne.html adds
  // an ad-bait element about 200 ms after load and removes it 300 ms later): a snapshot
  // taken meanwhile would see the page mutate itself, which is no mutation of the
  // snapshot's. Quiet = 1 s since the load event and since the last DOM mutation
  // (500 ms missed it in WebKit on a loaded machine), waited for at most 3 s.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const QUIET = 1000;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        let last = Math.max(nav?.loadEventEnd ?? 0, performance.now() - QUIET);
        const observer = new MutationObserver(() => {
          last = performance.now();
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const started = performance.now();
        const check = () => {
          const now = performance.now();
          if (now - last >= QUIET || now - started > 3000) {
            observer.disconnect();
            resolve();
          } else setTimeout(check, Math.max(20, QUIET - (now - last)));
        };
        check();
      }),
  );
  // Secret fields at the top of the page, added before any snapshot probe starts,
  // so they are part of the page, not a mutation of the snapshot.
  await page.evaluate(
    ([secret, card]) => {
      const box = document.createElement('form');
      // Some pages keep <body> visibility:hidden until their (blocked) scripts run.
      box.setAttribute('style', 'visibility:visible;opacity:1;display:block');
      box.innerHTML =
        '<label>Corpus password <input type="password" id="corpus-pw"></label>' +
        '<label>Corpus card <input autocomplete="cc-number" id="corpus-cc"></label>';
      (document.body ?? document.documentElement).prepend(box);
      (document.getElementById('corpus-pw') as HTMLInputElement).value = secret;
      (document.getElementById('corpus-cc') as HTMLInputElement).setAttribute('value', card);
    },
    [SECRET, CARD] as const,
  );
  await injectDomTool(page);
}

for (const file of corpusFiles()) {
  test(`corpus: ${file}`, async ({ page }) => {
    await open(page, file);
    // A generous time budget: determinism is about the page, not this machine's load
    // (WebKit over WebDriver on a loaded 2-core machine needed more than 5 s on wikipedia-2).
    const first = await snapshot(page, { fresh: true, timeBudgetMs: 20_000 });
    const meta = first.json.page.meta;
    expect(meta.error).toBeUndefined();
    expect(meta.version).toBe('domtool.v1');
    expect(first.mutations).toEqual([]);
    expect(first.focusChanged).toBe(false);
    expect(first.scrollChanged).toEqual([]);

    const payload = JSON.stringify(first.json);
    for (const secret of [SECRET, CARD]) {
      expect(first.text).not.toContain(secret);
      expect(payload).not.toContain(secret);
    }
    // The secret fields are in the snapshot (so the check above means something).
    expect(first.text).toContain('textbox "Corpus password"');
    expect(first.text).toContain('textbox "Corpus card"');

    expect(duplicates(first.ids)).toEqual([]);
    expect(duplicates(jsonIds(first.json))).toEqual([]);

    const second = await snapshot(page, { fresh: true, timeBudgetMs: 20_000 });
    expect(second.ids).toEqual(first.ids);
    expect(jsonIds(second.json)).toEqual(jsonIds(first.json));
    expect(second.text).toBe(first.text);
    expect(second.mutations).toEqual([]);
  });
}
