// Entry of dist/domtool.iife.js: defines window.BrowserXDomTool (I1).
import * as api from './index';

(globalThis as unknown as { BrowserXDomTool: typeof api }).BrowserXDomTool = api;
