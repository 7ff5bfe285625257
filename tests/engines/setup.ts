// Per-test page lifecycle for the engine runs (vitest setupFiles): a fresh page
// before each test, closed after it, like Playwright's `page` fixture.
import { afterEach, beforeEach, inject } from 'vitest';
import { EnginePage, currentEngine } from './harness';
import { firefoxPage } from './firefox';
import { webkitPage } from './webkit';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Firefox: the BiDi WebSocket endpoint; WebKit: the WebKitWebDriver URL. */
    engineEndpoint: string;
  }
}

// On globalThis, not in a module variable: with `isolate: false` vitest re-executes
// this setup file for every spec file (a new module instance each time), while the
// shim that reads the page is imported once.
const slot = globalThis as { __enginePage?: EnginePage | null };

export function currentPage(): EnginePage {
  if (!slot.__enginePage) throw new Error('engine harness: no page (is tests/engines/setup.ts in setupFiles?)');
  return slot.__enginePage;
}

beforeEach(async () => {
  const endpoint = inject('engineEndpoint');
  const transport = currentEngine() === 'firefox' ? await firefoxPage(endpoint) : await webkitPage(endpoint);
  slot.__enginePage = new EnginePage(transport);
});

afterEach(async () => {
  const closing = slot.__enginePage;
  slot.__enginePage = null;
  await closing?.close();
});
