// WebKitGTK through WebKitWebDriver + `MiniBrowser --automation` under Xvfb, spoken to
// over W3C WebDriver HTTP with fetch (the handful of commands the harness needs).
// The global setup starts Xvfb and the driver; the test worker opens one session and
// resets its window between tests (a session starts a whole MiniBrowser: ~2 s).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { VIEWPORT, type EngineTransport, type FramePath, type RouteHandler } from './harness';
import { startRouteProxy, type RouteProxy } from './route-proxy';

const MINIBROWSER_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser',
];

export function miniBrowserPath(): string {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  return MINIBROWSER_CANDIDATES.find((p) => existsSync(p)) ?? MINIBROWSER_CANDIDATES[0];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a virtual display (Xvfb picks a free display number) unless told to use $DISPLAY. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess | null }> {
  if (process.env.DOMTOOL_USE_DISPLAY && process.env.DISPLAY) return { display: process.env.DISPLAY, process: null };
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(':' + out.trim());
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  return { display, process: xvfb };
}

/** Starts Xvfb and WebKitWebDriver on `port`; returns the driver URL and a stop function. */
export async function startWebKitDriver(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const xvfb = await startXvfb();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url + '/status')).ok) break;
    } catch {
      if (i > 200) throw new Error(`WebKitWebDriver did not answer on ${url}`);
      await sleep(50);
    }
  }
  return {
    url,
    stop: async () => {
      // MiniBrowser and its web/network processes are the driver's children.
      const children = descendants(driver.pid!);
      driver.kill('SIGTERM');
      for (const pid of children) killQuietly(pid);
      xvfb.process?.kill('SIGTERM');
    },
  };
}

function descendants(pid: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* exited meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const child of byParent.get(p) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

class WebDriverError extends Error {}

/** A W3C WebDriver session: only the commands the harness uses. */
class Session {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  static async create(driverUrl: string, capabilities: Record<string, unknown>): Promise<Session> {
    const value = await command<{ sessionId: string }>(driverUrl, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    });
    return new Session(driverUrl, value.sessionId);
  }

  send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return command<T>(this.base, method, `/session/${this.id}${path}`, body);
  }
}

async function command<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const payload = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) throw new WebDriverError(`${payload.value.error}: ${payload.value.message}`);
  return payload.value;
}

let shared: Promise<{ session: Session; proxy: RouteProxy }> | null = null;

async function openSession(driverUrl: string): Promise<{ session: Session; proxy: RouteProxy }> {
  const proxy = await startRouteProxy();
  const session = await Session.create(driverUrl, {
    browserName: 'MiniBrowser',
    'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
    pageLoadStrategy: 'normal',
    timeouts: { script: 120_000, pageLoad: 60_000, implicit: 0 },
    // Every request goes through the harness's proxy, so page.route() sees it.
    proxy: {
      proxyType: 'manual',
      httpProxy: `127.0.0.1:${proxy.port}`,
      sslProxy: `127.0.0.1:${proxy.port}`,
      noProxy: [],
    },
  });
  // The viewport is what a 1280×720 Playwright page gets: size the window so the
  // content area (innerWidth × innerHeight) is exactly that.
  await session.send('POST', '/url', { url: 'about:blank' });
  const inner = await session.send<{ w: number; h: number; ow: number; oh: number }>('POST', '/execute/sync', {
    script: 'return { w: innerWidth, h: innerHeight, ow: outerWidth, oh: outerHeight }',
    args: [],
  });
  await session.send('POST', '/window/rect', {
    width: VIEWPORT.width + inner.ow - inner.w,
    height: VIEWPORT.height + inner.oh - inner.h,
  });
  return { session, proxy };
}

export async function webkitPage(driverUrl: string): Promise<EngineTransport> {
  const { session, proxy } = await (shared ??= openSession(driverUrl));
  return new WebKitTransport(session, proxy);
}

/** WebDriver's script results pass through JSON; the harness's source already returns a string. */
class WebKitTransport implements EngineTransport {
  constructor(
    private readonly session: Session,
    private readonly proxy: RouteProxy,
  ) {}

  async navigate(url: string): Promise<void> {
    await this.session.send('POST', '/url', { url });
  }

  async run(source: string, path: FramePath): Promise<string> {
    for (const index of path) await this.session.send('POST', '/frame', { id: index });
    try {
      return await this.session.send<string>('POST', '/execute/sync', { script: `return ${source};`, args: [] });
    } finally {
      if (path.length) await this.session.send('POST', '/frame', { id: null });
    }
  }

  async route(handler: RouteHandler): Promise<void> {
    this.proxy.handler = handler;
  }

  /** One window serves every test: reset it to a blank page and forget the route. */
  async close(): Promise<void> {
    this.proxy.handler = null;
    await this.session.send('POST', '/url', { url: 'about:blank' });
  }
}
