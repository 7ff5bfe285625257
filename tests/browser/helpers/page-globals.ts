// Types for what the browser specs put on the page's window, so the callbacks they run
// in the page (page.evaluate) read them typed instead of through `window as any`.
// BrowserXDomTool and __browserxDebugDomTool come from the package's own
// `browserx-domtool/global` (src/global.ts); the others are the specs' own.
import type {} from '../../../src/global';
import type { DomTool } from '../../../src/DomTool';

declare global {
  /** The DomTool a spec made in the page (actions-helpers.ts and most specs). */
  var __tool: DomTool;
  /** A second tool some specs make beside __tool. */
  var __t: DomTool;
}
