// `browserx-domtool-mcp` (`npm run mcp` in a clone): the MCP server over stdio, or over
// Streamable HTTP with --port. Options are named as Playwright MCP names them where the
// two overlap, so a client config written for one works for the other.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { BrowserSession, type BrowserOptions } from './browser';
import { createMcpServer } from './server';
import { version } from '../../package.json';

const HELP = `browserx-domtool-mcp — DomTool's MCP server (stdio by default)

  --headless                 run the browser headless (default: headed)
  --executable-path <path>   the Chromium to launch (default: the system's)
  --cdp-endpoint <url>       attach to a running Chromium over CDP instead of launching
  --remote-endpoint <ws>     attach to a Playwright browser server (chromium.launchServer)
  --user-data-dir <dir>      keep the profile in this directory
  --isolated                 keep the profile in memory (the default without --user-data-dir)
  --port <n>                 serve Streamable HTTP at http://<host>:<n>/mcp instead of stdio
  --host <host>              the address to bind with --port (default localhost)
  --browser-arg <flag>       an extra Chromium flag (repeatable)
  --help                     this text`;

export interface CliOptions extends BrowserOptions {
  port?: number;
  host?: string;
}

/** The command line (`--name value` or `--name=value`); throws on an unknown option. */
export function parseArgs(argv: string[]): CliOptions | 'help' {
  const o: CliOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--headless':
        o.headless = true;
        break;
      case '--isolated':
        break;
      case '--executable-path':
        o.executablePath = value();
        break;
      case '--cdp-endpoint':
        o.cdpEndpoint = value();
        break;
      case '--remote-endpoint':
        o.remoteEndpoint = value();
        break;
      case '--user-data-dir':
        o.userDataDir = value();
        break;
      case '--port':
        o.port = Number(value());
        if (!Number.isInteger(o.port) || o.port < 0) throw new Error('--port needs a port number');
        break;
      case '--host':
        o.host = value();
        break;
      case '--browser-arg':
        (o.args ??= []).push(value());
        break;
      default:
        throw new Error(`unknown option ${flag} (--help lists them)`);
    }
  }
  return o;
}

async function serveHttp(session: BrowserSession, port: number, host: string): Promise<void> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404).end('MCP is served at /mcp');
      return;
    }
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? transports.get(id) : undefined;
    if (!transport) {
      if (typeof id === 'string') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
        return;
      }
      // A new client: its own transport and server, the one browser shared.
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void transports.set(sid, created),
      });
      created.onclose = () => created.sessionId && transports.delete(created.sessionId);
      await createMcpServer(session, version).connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(port, host, resolve));
  const address = http.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  // Tests and scripts read the URL from here (with --port 0 the system picks the port).
  process.stderr.write(`browserx-domtool-mcp: listening on http://${host}:${bound}/mcp\n`);
  const stop = () => {
    http.close();
    void session.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`browserx-domtool-mcp: ${(e as Error).message}\n`);
    process.exit(2);
  }
  if (options === 'help') {
    process.stdout.write(HELP + '\n');
    return;
  }
  const session = new BrowserSession(options);
  if (options.port !== undefined) return serveHttp(session, options.port, options.host ?? 'localhost');
  const transport = new StdioServerTransport();
  transport.onclose = () => void session.close().then(() => process.exit(0));
  process.stdin.on('end', () => void session.close().then(() => process.exit(0)));
  await createMcpServer(session, version).connect(transport);
}

void main();
