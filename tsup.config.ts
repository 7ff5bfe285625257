import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'content-script': 'src/integration/content-script.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2020',
  },
  {
    // One self-contained script for bookmarklets, the console and executeScript.
    entry: { 'domtool.iife': 'src/iife.ts' },
    format: ['iife'],
    minify: true,
    target: 'es2020',
    outExtension: () => ({ js: '.js' }),
    platform: 'browser',
    noExternal: [/.*/],
  },
]);
