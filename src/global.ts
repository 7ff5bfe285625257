// `browserx-domtool/global`: types for what dist/domtool.iife.js puts on the page's
// window, so code that runs in the page (Playwright's `page.evaluate`, a userscript,
// a test fixture) type-checks without `any`:
//
//   import type {} from 'browserx-domtool/global';
//   await page.evaluate(() => new BrowserXDomTool.DomTool().getText());
//
// Nothing runs here: the module is empty at run time, so a side-effect import
// (`import 'browserx-domtool/global'`) is harmless too.
import type { BrowserXDomToolApi } from './iife';
import type { DomTool } from './DomTool';

declare global {
  /** The page-world API installed by dist/domtool.iife.js (`injectDomTool`, bookmarklet, console). */
  var BrowserXDomTool: BrowserXDomToolApi;
  /**
   * The console debug handle: a DomTool that logs with a `[DomTool]` prefix. Present when the
   * IIFE loaded with the flag set (`injectDomTool(page, { debug: true })`, or
   * `window.__browserxDebugDomTool = true` typed in the console before injecting).
   */
  var __browserxDebugDomTool: DomTool;
}

export type { BrowserXDomToolApi };
