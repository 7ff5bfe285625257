// Firefox ESR through puppeteer-core over WebDriver BiDi (headless, no display).
// The global setup launches one browser per run; each test gets a fresh tab.
import puppeteer, { type Browser, type Frame, type HTTPRequest, type Page } from 'puppeteer-core';
import { existsSync, rmSync } from 'node:fs';
import { VIEWPORT, type EngineTransport, type FramePath, type RouteHandler } from './harness';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

export function firefoxPath(): string {
  if (process.env.FIREFOX_PATH) return process.env.FIREFOX_PATH;
  return CANDIDATES.find((p) => existsSync(p)) ?? '/usr/bin/firefox-esr';
}

/** Launches Firefox and lets go of it: tests connect to the endpoint (one BiDi session at a time). */
export async function launchFirefox(): Promise<{ endpoint: string; version: string; close: () => Promise<void> }> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    headless: true,
    executablePath: firefoxPath(),
    defaultViewport: null,
    // No telemetry, updates or first-run pages on an offline CI machine.
    extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false, 'app.update.enabled': false },
  });
  const endpoint = browser.wsEndpoint();
  const version = await browser.version();
  const child = browser.process()!;
  const profile = child.spawnargs[child.spawnargs.indexOf('--profile') + 1];
  await browser.disconnect();
  return {
    endpoint,
    version,
    // The test worker may still hold the one BiDi session: end the process itself,
    // then remove the temporary profile puppeteer made for it.
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (profile && profile.includes('puppeteer')) rmSync(profile, { recursive: true, force: true });
    },
  };
}

let connection: Promise<Browser> | null = null;

export async function firefoxPage(endpoint: string): Promise<EngineTransport> {
  const browser = await (connection ??= puppeteer.connect({
    browserWSEndpoint: endpoint,
    protocol: 'webDriverBiDi',
    defaultViewport: null,
  }));
  const page = await browser.newPage();
  // Page.setViewport also sends emulation.setScreenOrientationOverride, which Firefox
  // ESR 140 does not know ("unknown command"); the BiDi viewport command alone is enough.
  await (page.mainFrame() as unknown as BidiFrameInternals).browsingContext.setViewport({
    viewport: VIEWPORT,
    devicePixelRatio: null,
  });
  return new FirefoxTransport(page);
}

interface BidiFrameInternals {
  browsingContext: {
    setViewport(options: {
      viewport: { width: number; height: number };
      devicePixelRatio: number | null;
    }): Promise<void>;
  };
}

class FirefoxTransport implements EngineTransport {
  private handler: RouteHandler | null = null;

  constructor(private readonly page: Page) {}

  async navigate(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  }

  async run(source: string, path: FramePath): Promise<string> {
    let frame: Frame = this.page.mainFrame();
    for (const index of path) {
      const child = frame.childFrames()[index];
      if (!child) throw new Error(`no frame at index path ${path.join('.')}`);
      frame = child;
    }
    return (await frame.evaluate(source)) as string;
  }

  async route(handler: RouteHandler): Promise<void> {
    const first = !this.handler;
    this.handler = handler;
    if (!first) return;
    await this.page.setRequestInterception(true);
    this.page.on('request', (request: HTTPRequest) => {
      if (request.isInterceptResolutionHandled()) return;
      void this.handler!({
        request: () => ({ url: () => request.url() }),
        // A request can end (e.g. its frame navigated away) before the handler
        // answers; Firefox then reports "no such request", which is no test failure.
        continue: () => request.continue().catch(() => undefined),
        abort: () => request.abort().catch(() => undefined),
      });
    });
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}
