// Prints the IIFE bundle size (raw and gzip) after `npm run build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const code = readFileSync(new URL('../dist/domtool.iife.js', import.meta.url));
const kb = (n) => (n / 1024).toFixed(1) + ' KB';
console.log(`dist/domtool.iife.js: ${kb(code.length)} minified, ${kb(gzipSync(code).length)} gzip`);
