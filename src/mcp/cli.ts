// `browserx-domtool-mcp` (`npm run mcp` in a clone): the MCP server over stdio, or over
// Streamable HTTP with --port. Options are named as Playwright MCP names them where the
// two overlap, so a client config written for one works for the other.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BrowserSession, type BrowserOptions } from './browser';
import { ExtensionSession } from './extension-bridge';
import { createMcpServer, type Session } from './server';
import { parseAllowedHosts, refusal } from './http-guard';
import { BRIDGE_DEFAULT_PORT, BRIDGE_PATH, pairingCode, randomHex } from '../agent/bridge-protocol';
import { version } from '../../package.json';

const HELP = `browserx-domtool-mcp — DomTool's MCP server (stdio by default)

  --headless                 run the browser headless (default: headed)
  --executable-path <path>   the Chromium to launch (default: the system's)
  --cdp-endpoint <url>       attach to a running Chromium over CDP instead of launching
  --remote-endpoint <ws>     attach to a Playwright browser server (chromium.launchServer)
  --user-data-dir <dir>      keep the profile in this directory
  --isolated                 keep the profile in memory (the default without --user-data-dir)
  --port <n>                 serve Streamable HTTP at http://<host>:<n>/mcp instead of stdio
  --host <host>              the address to bind with --port (default 127.0.0.1)
  --allowed-hosts <hosts>    comma-separated hosts (name or name:port) the HTTP server answers
                             besides localhost/127.0.0.1/[::1] on its port; '*' turns the
                             Host and Origin checks off (they stop DNS rebinding)
  --browser-arg <flag>       an extra Chromium flag (repeatable)
  --extension                drive the user's own browser through the DomTool extension
                             (paired with this server) instead of launching one
  --extension-port <n>       where the extension connects (default ${BRIDGE_DEFAULT_PORT}, on 127.0.0.1)
  --extension-token <token>  the pairing token (default: kept in ${tokenFileShown()})
  --extension-id <id>        accept only this extension (default: any extension the user paired)
  --pairing-code             print the code to paste into the extension's panel, and exit
  --help                     this text`;

export interface CliOptions extends BrowserOptions {
  port?: number;
  host?: string;
  allowedHosts?: string[];
  extension?: boolean;
  extensionPort?: number;
  extensionToken?: string;
  extensionId?: string;
  pairingCode?: boolean;
}

function tokenFile(): string {
  const config = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(config, 'browserx-domtool', 'extension-token');
}

function tokenFileShown(): string {
  return tokenFile().replace(homedir(), '~');
}

/** The pairing token kept between runs (an MCP client starts the server anew each session), made on first use, readable by this user only. */
function storedToken(): string {
  const file = tokenFile();
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length >= 16) return token;
  }
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const token = randomHex(32);
  writeFileSync(file, token + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}

const portNumber = (flag: string, v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${flag} needs a port number`);
  return n;
};

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
        o.port = portNumber(flag, value());
        break;
      case '--extension':
        o.extension = true;
        break;
      case '--extension-port':
        o.extensionPort = portNumber(flag, value());
        break;
      case '--extension-token':
        o.extensionToken = value();
        if (o.extensionToken.length < 16) throw new Error('--extension-token needs at least 16 characters');
        break;
      case '--extension-id':
        o.extensionId = value();
        break;
      case '--pairing-code':
        o.pairingCode = true;
        break;
      case '--host':
        o.host = value();
        break;
      case '--allowed-hosts':
        o.allowedHosts = [...(o.allowedHosts ?? []), ...parseAllowedHosts(value())];
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

async function serveHttp(session: Session, port: number, host: string, allowedHosts: string[]): Promise<void> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  // The bound port is known once listening (--port 0 lets the system pick it).
  // The name the server is bound to serves too (Playwright MCP's default); a wildcard names nothing.
  const boundName = host.includes(':') ? `[${host}]` : host;
  const named = host === '0.0.0.0' || host === '::' ? [] : [boundName.toLowerCase()];
  const policy = { port, allowed: [...named, ...allowedHosts] };
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const refused = refusal(req.headers, policy);
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'text/plain' }).end(refused.text);
      return;
    }
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
  policy.port = bound;
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
  const bridgeUrl = (port: number) => `ws://127.0.0.1:${port}${BRIDGE_PATH}`;
  if (options.pairingCode) {
    const token = options.extensionToken ?? storedToken();
    process.stdout.write(pairingCode(bridgeUrl(options.extensionPort ?? BRIDGE_DEFAULT_PORT), token) + '\n');
    return;
  }
  let session: Session;
  if (options.extension) {
    const bridge = new ExtensionSession({
      port: options.extensionPort ?? BRIDGE_DEFAULT_PORT,
      token: options.extensionToken ?? storedToken(),
      extensionId: options.extensionId,
    });
    const port = await bridge.listen();
    // Tests and scripts read the port from here (with --extension-port 0 the system picks it).
    process.stderr.write(`browserx-domtool-mcp: waiting for the extension at ${bridgeUrl(port)}\n`);
    session = bridge;
  } else session = new BrowserSession(options);
  if (options.port !== undefined)
    return serveHttp(session, options.port, options.host ?? '127.0.0.1', options.allowedHosts ?? []);
  const transport = new StdioServerTransport();
  transport.onclose = () => void session.close().then(() => process.exit(0));
  process.stdin.on('end', () => void session.close().then(() => process.exit(0)));
  await createMcpServer(session, version).connect(transport);
}

void main();
