// Static file server for tests, demo and bench. Listens on 127.0.0.1 on PORT and
// PORT+1 (a second origin, for cross-origin iframe cases).
//   /            -> repository root
//   /corpus/     -> ../shared/corpus/real-pages
// A file may have a sidecar "<file>.headers.json" with extra response headers (e.g. CSP).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = resolve(root, '../shared/corpus/real-pages');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
};

/** `options.root` serves another folder at / (e.g. a checkout a bench reads). */
export function startServer(port, options = {}) {
  const served = options.root ? resolve(options.root) : root;
  const handler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/__health') {
      res.end('ok');
      return;
    }
    if (url.pathname === '/__slow-body') {
      // Headers and the first bytes now, the rest after `ms`: fetch() resolves long before
      // the body can be read (tests of request tracking: multistep-effects.spec.ts).
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.write('{"message": ');
      setTimeout(
        () => res.end(JSON.stringify(url.searchParams.get('message') ?? '') + '}'),
        Number(url.searchParams.get('ms') ?? 500),
      );
      return;
    }
    let pathname = decodeURIComponent(url.pathname);
    let base = served;
    if (pathname.startsWith('/corpus/')) {
      base = corpus;
      pathname = pathname.slice('/corpus'.length);
    }
    const file = normalize(join(base, pathname));
    if (!file.startsWith(base)) {
      res.statusCode = 403;
      res.end();
      return;
    }
    try {
      const info = await stat(file);
      const target = info.isDirectory() ? join(file, 'index.html') : file;
      const body = await readFile(target);
      const headers = {
        'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      };
      try {
        Object.assign(headers, JSON.parse(await readFile(target + '.headers.json', 'utf8')));
      } catch {
        /* no sidecar */
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end('not found');
    }
  };
  const a = createServer(handler).listen(port, '127.0.0.1');
  const b = createServer(handler).listen(port + 1, '127.0.0.1');
  return {
    close: () => {
      a.close();
      b.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const port = Number(process.argv[2] ?? 4173);
  startServer(port);
  console.log(`serving ${root} on http://127.0.0.1:${port} and :${port + 1}`);
}
