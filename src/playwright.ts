// `browserx-domtool/playwright`: puts the page-world build (dist/domtool.iife.js) into a
// Playwright page from Node, the same way in ESM and CommonJS projects. It exists because
// the obvious one-liner, `addInitScript({ path: require.resolve('browserx-domtool/iife') })`,
// throws "require is not defined" in an ESM project. This module runs in Node, never in
// the page; its only link to the library is the path of the IIFE next to it in dist/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// callTool from Node: the host that runs the agent tools in a Playwright page (SPEC I7).
export { playwrightHost, readFilesForUpload, type PlaywrightToolPage } from './agent/playwright-host';

/**
 * The two Page methods the helper uses. Structural on purpose: a Page from `playwright`,
 * `playwright-core` or `@playwright/test` fits, and the package needs none of them.
 */
export interface PlaywrightPageLike {
  addInitScript(script: { path?: string; content?: string }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
  /** With it, the frames already open get the library too (playwrightHost reads and acts in cross-origin ones). */
  frames?(): { evaluate(expression: string): Promise<unknown>; parentFrame(): unknown }[];
}

export interface InjectOptions {
  /**
   * Also install the console debug handle: `window.__browserxDebugDomTool` becomes a
   * DomTool that logs every snapshot and action with a `[DomTool]` prefix.
   */
  debug?: boolean;
}

/** Absolute path of dist/domtool.iife.js (for `addInitScript({ path })`, Puppeteer, WebDriver…). */
export function domToolScriptPath(): string {
  // tsup's shims give the CommonJS build an `import.meta.url` made from __filename.
  return fileURLToPath(new URL('./domtool.iife.js', import.meta.url));
}

let cachedSource: string | null = null;

/** The IIFE's source text (read once). */
export function domToolScript(): string {
  cachedSource ??= readFileSync(domToolScriptPath(), 'utf8');
  return cachedSource;
}

/**
 * Makes `window.BrowserXDomTool` available in `page` now and in every document it loads
 * later (navigations, reloads, new frames). Safe to call twice: the IIFE keeps the
 * first copy. Works on pages with a strict CSP and Trusted Types, because Playwright
 * evaluates through the DevTools protocol rather than through a <script> element.
 */
export async function injectDomTool(page: PlaywrightPageLike, options: InjectOptions = {}): Promise<void> {
  // The debug flag is read by the IIFE at load; set it only where nothing else has
  // (a DomTool left by an earlier injection must stay).
  const source =
    (options.debug
      ? 'if (globalThis.__browserxDebugDomTool === undefined) globalThis.__browserxDebugDomTool = true;\n'
      : '') + domToolScript();
  await page.addInitScript({ content: source });
  // addInitScript only affects documents created from now on; the current ones get it here:
  // the page's, and those of the frames already open, cross-origin ones included (a frame
  // that goes away meanwhile is skipped). `void 0` as the last statement: the completion
  // value is not sent back to Node.
  const now = source + '\nvoid 0;';
  await page.evaluate(now);
  const children = page.frames ? page.frames().filter((f) => f.parentFrame() !== null) : [];
  await Promise.all(children.map((f) => f.evaluate(now).catch(() => undefined)));
}
