// Builds the example MV3 extension into examples/extension/dist (load it unpacked
// from chrome://extensions). Content scripts cannot be ES modules, so both entry
// points are bundled as classic scripts.
import { build } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../examples/extension/', import.meta.url));
const out = dir + 'dist/';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: {
    // The loader every frame runs, and the core it has the service inject on the frame's first request (issue 19).
    content: dir + 'src/content.ts',
    'content-core': dir + 'src/content-core.ts',
    // The action layer, injected into a frame on its first action (issue 19).
    'content-actions': dir + 'src/content-actions.ts',
    'service-worker': dir + 'src/service-worker.ts',
    'page-world': dir + 'src/page-world.ts',
    panel: dir + 'src/panel.ts',
  },
  outdir: out,
  // page-world.js runs in the page's own world: our Math and Promise, not the page's (tsup.config.ts).
  inject: [fileURLToPath(new URL('../src/dom/intrinsics.ts', import.meta.url))],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of ['manifest.json', 'panel.html', 'panel.css']) cpSync(dir + file, out + file);
console.log('examples/extension/dist: built (load it unpacked from chrome://extensions)');
