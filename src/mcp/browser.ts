// The browser behind the MCP server: one Chromium it launches through Playwright, or one
// it attaches to (a CDP endpoint, or a Playwright browser server's ws endpoint: a fleet
// of remote browsers serves many agents). Playwright only launches, navigates and puts
// the IIFE (dist/domtool.iife.js) into every frame; perception and actions run in-page.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Dialog, type Page } from 'playwright-core';
import { domToolScript } from '../playwright';
import { playwrightHost } from '../agent/playwright-host';
import type { TabAction, ToolHost } from '../agent/call';
import type { Session } from './server';

export interface BrowserOptions {
  /** Attach to a running Chromium over CDP (http://host:9222 or ws://…). */
  cdpEndpoint?: string;
  /** Attach to a Playwright browser server (the wsEndpoint of `chromium.launchServer`). */
  remoteEndpoint?: string;
  /** The Chromium to launch (default: the system's, else Playwright's own). */
  executablePath?: string;
  headless?: boolean;
  /** A profile directory kept between runs; without it the profile lives in memory (--isolated). */
  userDataDir?: string;
  /** Extra Chromium flags. */
  args?: string[];
}

const SYSTEM_CHROMIUM = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The browser, its context, and the selected tab; started on first use. */
export class BrowserSession implements Session {
  private browser: Browser | null = null;
  private context: BrowserContext | null = null;
  private starting: Promise<BrowserContext> | null = null;
  private selected: Page | null = null;
  /** Dialogs the browser raised outside an action (answered by Playwright), told with the next answer. */
  readonly dialogs: string[] = [];
  readonly host: ToolHost;

  constructor(private readonly options: BrowserOptions = {}) {
    const inPage = playwrightHost(() => this.page());
    this.host = {
      ...inPage,
      tabs: (action, index, url) => this.tabs(action, index, url),
      dialog: null,
    };
  }

  private async start(): Promise<BrowserContext> {
    const o = this.options;
    let context: BrowserContext;
    if (o.cdpEndpoint || o.remoteEndpoint) {
      this.browser = o.cdpEndpoint
        ? await chromium.connectOverCDP(o.cdpEndpoint)
        : await chromium.connect(o.remoteEndpoint!);
      context = this.browser.contexts()[0] ?? (await this.browser.newContext());
    } else {
      const launch = {
        headless: o.headless ?? false,
        executablePath: o.executablePath ?? SYSTEM_CHROMIUM.find((p) => existsSync(p)),
        args: o.args,
      };
      if (o.userDataDir) context = await chromium.launchPersistentContext(o.userDataDir, launch);
      else {
        this.browser = await chromium.launch(launch);
        context = await this.browser.newContext();
      }
    }
    const script = domToolScript();
    await context.addInitScript({ content: script });
    // Pages that were open before we attached get the library now, in every frame.
    for (const page of context.pages())
      for (const frame of page.frames()) await frame.evaluate(script + '\nvoid 0;').catch(() => undefined);
    context.on('page', (page) => this.watch(page));
    for (const page of context.pages()) this.watch(page);
    this.context = context;
    return context;
  }

  private watch(page: Page): void {
    page.on('dialog', (dialog) => void this.answer(dialog));
    page.on('close', () => {
      if (this.selected === page) this.selected = null;
    });
  }

  /** A real dialog (one no DomTool action answered): as browser_handle_dialog said, else dismissed. */
  private async answer(dialog: Dialog): Promise<void> {
    const how = this.host.dialog;
    this.host.dialog = null;
    this.dialogs.push(`${dialog.type()} "${dialog.message().slice(0, 120)}" ${how?.accept ? 'accepted' : 'dismissed'}`);
    await (how?.accept ? dialog.accept(how.promptText) : dialog.dismiss()).catch(() => undefined);
  }

  private async ensureContext(): Promise<BrowserContext> {
    if (this.context) return this.context;
    this.starting ??= this.start();
    return this.starting;
  }

  /** The selected tab; a new one when none is open. */
  async page(): Promise<Page> {
    const context = await this.ensureContext();
    if (this.selected && !this.selected.isClosed()) return this.selected;
    this.selected = context.pages().find((p) => !p.isClosed()) ?? (await context.newPage());
    return this.selected;
  }

  async pageUrl(): Promise<string> {
    return (await this.page()).url();
  }

  private async tabs(action: TabAction, index?: number, url?: string): Promise<string> {
    const context = await this.ensureContext();
    const current = await this.page();
    const pages = () => context.pages();
    const at = index ?? pages().indexOf(current);
    if (action === 'new') {
      this.selected = await context.newPage();
      if (url) await this.selected.goto(url, { waitUntil: 'domcontentloaded' });
    } else if (action === 'close') await pages()[at]?.close();
    else if (action === 'select') {
      const page = pages()[at];
      if (!page) return `failed: there is no tab ${at}\n` + (await this.tabList());
      this.selected = page;
      await page.bringToFront();
    }
    return this.tabList();
  }

  private async tabList(): Promise<string> {
    const context = await this.ensureContext();
    const current = await this.page();
    const lines = await Promise.all(
      context
        .pages()
        .map(async (p, i) =>
          `${p === current ? '*' : ' '} ${i}: ${await p.title().catch(() => '')} ${p.url()}`.trimEnd(),
        ),
    );
    return lines.join('\n');
  }

  async close(): Promise<void> {
    // A browser we attached to belongs to someone else: close() only disconnects from it.
    if (this.browser) await this.browser.close().catch(() => undefined);
    else if (this.context) await this.context.close().catch(() => undefined);
    this.browser = null;
    this.context = null;
    this.starting = null;
  }
}
