// The shared engine harness: the part of Playwright's `Page` that the shared specs in
// tests/browser use (goto, evaluate, setContent, addScriptTag, waitForFunction,
// frames, route, url, close), implemented once over a tiny per-engine transport
// (`EngineTransport`: navigate, run a script in a frame, list frames, intercept
// requests). Firefox's transport is puppeteer-core over WebDriver BiDi
// (./firefox.ts), WebKit's is W3C WebDriver over HTTP (./webkit.ts).
//
// Everything crosses the process boundary as JSON text built in the page, so both
// engines return the same values: absent/undefined properties stay absent (a bare
// WebDriver would turn them into null), and a function argument is passed as its
// source text, exactly like Playwright does.
import { readFileSync } from 'node:fs';

export type EngineName = 'firefox' | 'webkit';

export const ENGINES: readonly EngineName[] = ['firefox', 'webkit'];

/** Which engine this run drives (set by scripts/test-engines.mjs). */
export function currentEngine(): EngineName {
  const name = process.env.DOMTOOL_ENGINE;
  if (name === 'firefox' || name === 'webkit') return name;
  throw new Error(`DOMTOOL_ENGINE must be one of ${ENGINES.join(', ')} (got ${JSON.stringify(name)})`);
}

export const PORT = Number(process.env.DOMTOOL_TEST_PORT ?? 4173);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const VIEWPORT = { width: 1280, height: 720 };

/** Where a script runs: the top document (empty path) or a frame by window.frames indices. */
export type FramePath = readonly number[];

/** One frame as the harness knows it: its index path and its URL ('' when cross-origin). */
export interface FrameInfo {
  path: FramePath;
  url: string;
}

/** A request the page is about to make, as a route handler sees it. */
export interface EngineRoute {
  request(): { url(): string };
  continue(): Promise<void>;
  abort(): Promise<void>;
}
export type RouteHandler = (route: EngineRoute) => unknown;

/** What each engine provides; everything else is built on top, once. */
export interface EngineTransport {
  /** Navigates the top document and resolves after its load event. */
  navigate(url: string): Promise<void>;
  /**
   * Runs `source` — a JavaScript expression evaluating to a Promise<string> — in the
   * frame at `path` and returns the string. Page errors reject with their message.
   */
  run(source: string, path: FramePath): Promise<string>;
  /** Routes every request of this page through `handler` (Playwright's route('**\/*')). */
  route(handler: RouteHandler): Promise<void>;
  /** Closes (or resets, when the engine keeps one window) the page. */
  close(): Promise<void>;
}

type PageFunction<A, R> = string | ((arg: A) => R | Promise<R>);

/**
 * The in-page source for `fn(arg)`: the result comes back as JSON text, undefined as
 * an explicit marker. The frame list (same-origin URLs, by window.frames index) rides
 * along so `frames()` can stay synchronous, as it is in Playwright.
 */
export function evaluationSource<A, R>(
  fn: PageFunction<A, R>,
  arg: A | undefined,
  withFrames: boolean,
  truthiness = false,
): string {
  const call =
    typeof fn === 'string'
      ? // Playwright evaluates a string as an expression.
        `(${fn})`
      : `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`;
  const frames = withFrames ? FRAME_LIST : '[]';
  // waitForFunction only needs truthiness: the value itself may be a live object.
  const value = truthiness ? `!!(await ${call})` : `await ${call}`;
  return `(async () => {
    const __value = ${value};
    return JSON.stringify({ v: __value === undefined ? null : __value, u: __value === undefined, f: ${frames} }, ${REPLACER});
  })()`;
}

/**
 * Like Playwright's serializer for the cases the specs can meet: a value seen again
 * on the current path (a cycle) and DOM nodes become undefined instead of throwing.
 */
const REPLACER = `(() => {
  const path = [];
  return function (key, value) {
    if (typeof value !== 'object' || value === null) return value;
    if (typeof Node === 'function' && value instanceof Node) return undefined;
    while (path.length && path[path.length - 1] !== this) path.pop();
    if (path.includes(value)) return undefined;
    path.push(value);
    return value;
  };
})()`;

/** Same-origin frame URLs with their window.frames index paths ('' where the frame is cross-origin). */
const FRAME_LIST = `(() => {
  const out = [];
  const walk = (win, path) => {
    for (let i = 0; i < win.frames.length; i++) {
      const child = win.frames[i];
      let url = '';
      try { url = child.location.href; } catch (e) { url = ''; }
      out.push({ path: path.concat(i), url });
      try { walk(child, path.concat(i)); } catch (e) { /* cross-origin: its children are unknown */ }
    }
  };
  walk(window, []);
  return out;
})()`;

export function decodeResult<R>(text: string): { value: R; frames: FrameInfo[] } {
  const parsed = JSON.parse(text) as { v: R; u: boolean; f: FrameInfo[] };
  return { value: (parsed.u ? undefined : parsed.v) as R, frames: parsed.f };
}

/** A frame of an EnginePage (Playwright's Frame: url() and evaluate()). */
export class EngineFrame {
  constructor(
    protected readonly transport: EngineTransport,
    readonly path: FramePath,
    private readonly href: string,
  ) {}

  url(): string {
    return this.href;
  }

  async evaluate<R, A = undefined>(fn: PageFunction<A, R>, arg?: A): Promise<R> {
    return decodeResult<R>(await this.transport.run(evaluationSource(fn, arg, false), this.path)).value;
  }
}

/** The page a shared spec receives as `{ page }` in Firefox and WebKit. */
export class EnginePage {
  private currentUrl = 'about:blank';
  /** Frames seen by the last top-level evaluation (Playwright's frames() is synchronous). */
  private frameList: FrameInfo[] = [];

  constructor(private readonly transport: EngineTransport) {}

  /** Navigates (a path is resolved against the test server) and waits for `load`. */
  async goto(path: string, _options?: { waitUntil?: 'load' }): Promise<void> {
    const url = new URL(path, ORIGIN + '/').href;
    await this.transport.navigate(url);
    this.currentUrl = url;
    this.frameList = decodeResult<null>(await this.transport.run(evaluationSource('null', undefined, true), [])).frames;
  }

  url(): string {
    return this.currentUrl;
  }

  async evaluate<R, A = undefined>(fn: PageFunction<A, R>, arg?: A): Promise<R> {
    const result = decodeResult<R>(await this.transport.run(evaluationSource(fn, arg, true), []));
    this.frameList = result.frames;
    return result.value;
  }

  /** Playwright's setContent: document.open/write/close (scripts run), then the load event. */
  async setContent(html: string): Promise<void> {
    await this.evaluate((markup: string) => {
      document.open();
      document.write(markup);
      document.close();
    }, html);
    await this.waitForFunction(() => document.readyState === 'complete');
  }

  /** Adds a <script> element with the given source, as Playwright does (CSP applies). */
  async addScriptTag(options: { content?: string; path?: string }): Promise<void> {
    const content =
      options.content ?? (options.path ? readFileSync(options.path, 'utf8') + `\n//# sourceURL=${options.path}` : '');
    const error = await this.evaluate((source: string) => {
      const script = document.createElement('script');
      script.type = 'text/javascript';
      script.text = source;
      let failure: string | null = null;
      const onError = (event: ErrorEvent) => {
        failure = String(event.message);
      };
      window.addEventListener('error', onError);
      (document.head || document.documentElement).appendChild(script);
      window.removeEventListener('error', onError);
      return failure;
    }, content);
    if (error) throw new Error(`addScriptTag: ${String(error)}`);
  }

  /** Polls `fn(arg)` every 50 ms until it is truthy (Playwright's default polling is rAF). */
  async waitForFunction<A>(fn: PageFunction<A, unknown>, arg?: A, options: { timeout?: number } = {}): Promise<void> {
    const timeout = options.timeout ?? 30_000;
    const deadline = Date.now() + timeout;
    for (;;) {
      let value: unknown = false;
      try {
        const result = decodeResult<boolean>(await this.transport.run(evaluationSource(fn, arg, true, true), []));
        this.frameList = result.frames;
        value = result.value;
      } catch {
        // The document may be navigating; try again until the deadline.
      }
      if (value) return;
      if (Date.now() > deadline) throw new Error(`waitForFunction: timed out after ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The main frame and every child frame, as of the last top-level evaluation. */
  frames(): EngineFrame[] {
    return [
      new EngineFrame(this.transport, [], this.currentUrl),
      ...this.frameList.map((f) => new EngineFrame(this.transport, f.path, f.url)),
    ];
  }

  /** Only the catch-all pattern the shared specs use is supported; anything else is an error, not a silent no-op. */
  async route(pattern: string, handler: RouteHandler): Promise<void> {
    if (pattern !== '**/*') throw new Error(`route: only '**/*' is supported by the engine harness (got ${pattern})`);
    await this.transport.route(handler);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}
