// WebDriver classic has no request interception, so WebKit's session sends every
// request through this small HTTP proxy in the test process: `page.route()` handlers
// run here, exactly as Playwright's would. `continue` forwards the request, `abort`
// drops the connection (the page sees a network error). HTTPS arrives as CONNECT,
// so a handler sees only `https://host:port/` for it.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { EngineRoute, RouteHandler } from './harness';

export interface RouteProxy {
  port: number;
  handler: RouteHandler | null;
}

/** Asks the handler (if any) what to do with `url`; resolves true to continue. */
async function decide(proxy: RouteProxy, url: string): Promise<boolean> {
  if (!proxy.handler) return true;
  return new Promise<boolean>((resolve) => {
    const route: EngineRoute = {
      request: () => ({ url: () => url }),
      continue: async () => resolve(true),
      abort: async () => resolve(false),
    };
    Promise.resolve(proxy.handler!(route)).catch(() => resolve(false));
  });
}

function tunnel(client: Socket, host: string, port: number, head: Buffer | string): void {
  const upstream = connect(port, host, () => {
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
}

export function startRouteProxy(port = 0): Promise<RouteProxy> {
  const proxy: RouteProxy = { port: 0, handler: null };
  const server = createServer(async (req, res) => {
    const url = req.url ?? '';
    if (!(await decide(proxy, url))) {
      res.destroy();
      return;
    }
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port || 80,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    if (!(await decide(proxy, `https://${req.url}/`))) {
      client.destroy();
      return;
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    tunnel(client, host, Number(port) || 443, head);
  });
  server.on('upgrade', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    // WebSockets: Playwright's route() does not see them either; pass them through.
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      client.destroy();
      return;
    }
    const lines = [`${req.method} ${target.pathname}${target.search} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    tunnel(
      client,
      target.hostname,
      Number(target.port) || 80,
      Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n'), head]),
    );
  });
  // The proxy must not keep the test process alive.
  server.unref();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      proxy.port = (server.address() as AddressInfo).port;
      resolve(proxy);
    });
  });
}
