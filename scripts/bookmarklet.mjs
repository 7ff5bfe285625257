// Writes a bookmarklet that injects the whole IIFE inline (works without a server)
// and turns on the console debug handle (`__browserxDebugDomTool`, I2).
//   npm run bookmarklet   ->  dist/bookmarklet.txt  (the javascript: URL)
//                             dist/bookmarklet.html (a page with a link to drag to the bookmarks bar)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The bookmarklet source (before URL encoding). */
export function bookmarkletSource(bundle) {
  // Set the flag only when it is not already a live tool: clicking the bookmarklet
  // again keeps the first debug handle and its state (the IIFE keeps the first copy).
  const flag = 'var w=window,k="__browserxDebugDomTool";if(!w[k]||typeof w[k]!=="object")w[k]=true;';
  // `void` so the javascript: URL evaluates to undefined; a string result would
  // replace the page with that string.
  // The bundle's "use strict" only counts as a directive at the top of the function.
  let code = bundle.trim();
  const strict = /^(["'])use strict\1;?/.exec(code);
  if (strict) code = code.slice(strict[0].length);
  return `void function(){${strict ? '"use strict";' : ''}${flag}${code}\n}();`;
}

/** `javascript:` URL. Browsers percent-decode it and drop raw tabs/newlines, and `#` starts a fragment. */
export function bookmarkletUrl(bundle) {
  const encoded = bookmarkletSource(bundle).replace(/[%#\t\n\r]|[^\x20-\x7e]/g, (ch) => encodeURIComponent(ch));
  return 'javascript:' + encoded;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const bundle = readFileSync(root + 'dist/domtool.iife.js', 'utf8');
  const url = bookmarkletUrl(bundle);
  writeFileSync(root + 'dist/bookmarklet.txt', url + '\n');
  const href = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  writeFileSync(
    root + 'dist/bookmarklet.html',
    `<!doctype html><meta charset="utf-8"><title>BrowserX DomTool bookmarklet</title>
<p>Drag this link to your bookmarks bar: <a href="${href}">DomTool</a></p>
<p>Then, on any page, click it and open the DevTools console:
<code>__browserxDebugDomTool.getText()</code>, <code>__browserxDebugDomTool.highlight()</code>.</p>
<p>Pages whose Content-Security-Policy forbids inline script block bookmarklets; use the extension there.</p>
`,
  );
  console.log(
    `dist/bookmarklet.txt: ${(url.length / 1024).toFixed(1)} KB javascript: URL; dist/bookmarklet.html: drag-and-drop page`,
  );
}
