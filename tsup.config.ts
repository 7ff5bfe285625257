import { defineConfig } from 'tsup';

// Every free `Math` and `Promise` in our bundles reads src/dom/intrinsics.ts: a page that
// replaced them (before or after we loaded) cannot break an action (R2, issue 31).
const INTRINSICS = ['src/dom/intrinsics.ts'];

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      'content-script': 'src/integration/content-script.ts',
      // The few-kilobyte loader every frame runs; it has the service inject dist/content-core.js
      // on the frame's first request (issue 19).
      'content-stub': 'src/integration/content-stub.ts',
      // Node side: injects dist/domtool.iife.js into a Playwright page.
      playwright: 'src/playwright.ts',
      // Types only (window.BrowserXDomTool); its JS files are empty.
      global: 'src/global.ts',
      // Service-worker side of an extension (issue 11).
      extension: 'src/extension/index.ts',
      // `import 'browserx-domtool/actions'`: the action layer bundled into a content script
      // instead of injected on a frame's first action (issue 19).
      actions: 'src/content-actions.ts',
      // Tool definitions and callTool for agents (issue 34); not in the IIFE.
      agent: 'src/agent/index.ts',
    },
    format: ['esm', 'cjs'],
    inject: INTRINSICS,
    // Shared chunks in the CommonJS build too: without it content-script.cjs carried its
    // own full copy of the library next to index.cjs (issue 19).
    splitting: true,
    // `@internal` members (the snapshot's outline, the tool's host, …) are left out of the
    // published types: what is there is what users may rely on (issue 33).
    dts: { compilerOptions: { stripInternal: true } },
    sourcemap: true,
    clean: true,
    target: 'es2020',
    // playwright.ts finds the IIFE next to itself through import.meta.url; the shim
    // derives it from __filename in the CommonJS build.
    shims: true,
  },
  {
    // One self-contained script for bookmarklets, the console and executeScript.
    entry: {
      'domtool.iife': 'src/iife.ts',
      'page-world': 'src/page-world.ts',
      'content-actions': 'src/content-actions.ts',
      'content-core': 'src/content-core.ts',
    },
    format: ['iife'],
    inject: INTRINSICS,
    minify: true,
    target: 'es2020',
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    noExternal: [/.*/],
  },
  {
    // The MCP server (bin browserx-domtool-mcp): Node only. Its dependencies (the MCP SDK,
    // playwright-core) stay external, so no page bundle carries them.
    entry: { mcp: 'src/mcp/cli.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node18',
    banner: { js: '#!/usr/bin/env node' },
    external: ['@modelcontextprotocol/sdk', 'playwright-core', 'ws'],
  },
]);
