// What an action did beyond its page (A10), seen from the service worker: the tab or
// window it opened (chrome.tabs.onCreated with the acting tab as opener, and
// webNavigation.onCreatedNavigationTarget, which also covers rel=noopener links) and
// the download it started (chrome.downloads.onCreated — downloads carry no tab, so a
// download created while the action runs, from the acting tab's page, is its download).
// A page script cannot see any of this; an agent that is not told downloads the same
// invoice again and again, or never looks at the tab it opened. A navigation the page
// began but could not see arrive (beforeunload, then a slow server) ends one of three
// ways the worker sees: the tab commits a new document (webNavigation.onCommitted), the
// answer is a file (downloads.onCreated), or the browser drops it (onErrorOccurred).
import type { ActionEffect, ActionResult } from '../types';
import type { ChromeApi, DownloadItem } from './chrome-types';
import { renderResultText } from '../actions/result-text';
import { isNoEffectNote, msg } from '../actions/result';

/** The parts of a frame's action result (its error shape aside) that what happened beyond the page changes. */
type ResultLike = Pick<ActionResult, 'effect' | 'noObservableEffect' | 'notes' | 'text'>;

/** How long to keep listening after a result that saw no effect in the page (a new tab or download starts asynchronously). */
const GRACE_MS = 600;
/** How long a navigation the page began may take to commit or turn into a download (a slow server) before the page's own line stands. */
const LEAVING_BOUND_MS = 8000;

/** What happened beyond the page: a tab, a download, and how a navigation the page began ended. */
export interface BeyondPage extends Pick<ActionEffect, 'newTab' | 'download'> {
  /** The tab's top frame committed a new document at this URL: the navigation arrived. */
  committed?: string;
  /** The browser dropped the navigation without a new document or a download (e.g. 204 No Content). */
  dropped?: boolean;
}

export class BeyondPageWatch {
  private readonly offs: (() => void)[] = [];
  private newTab: NonNullable<ActionEffect['newTab']> | undefined;
  private downloadId: number | undefined;
  private download: NonNullable<ActionEffect['download']> | undefined;
  private committed: string | undefined;
  private dropped = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly chrome: ChromeApi,
    private readonly tabId: number,
    private readonly windowId: number | undefined,
    /** The acting tab's page origin: a download from elsewhere started at the same time is not this action's. */
    private readonly origin: string,
  ) {
    const tabs = chrome.tabs.onCreated;
    if (tabs)
      this.listen(
        tabs,
        (tab: { id?: number; openerTabId?: number; windowId?: number; url?: string; pendingUrl?: string }) => {
          if (tab.openerTabId === this.tabId && tab.id !== undefined)
            this.opened(tab.id, tab.pendingUrl || tab.url || '', tab.windowId);
        },
      );
    const target = chrome.webNavigation?.onCreatedNavigationTarget;
    if (target)
      this.listen(target, (d: { sourceTabId: number; tabId: number; url: string }) => {
        if (d.sourceTabId === this.tabId) this.opened(d.tabId, d.url, undefined);
      });
    const downloads = chrome.downloads?.onCreated;
    if (downloads)
      this.listen(downloads, (item: DownloadItem) => {
        if (this.downloadId !== undefined || !this.fromThisPage(item)) return;
        this.downloadId = item.id;
        this.download = describe(item);
        this.wake?.();
      });
    const nav = chrome.webNavigation;
    if (nav?.onCommitted)
      this.listen(nav.onCommitted, (d: { tabId: number; frameId: number; url: string }) => {
        if (d.tabId !== this.tabId || d.frameId !== 0 || this.committed !== undefined) return;
        this.committed = d.url;
        this.wake?.();
      });
    if (nav?.onErrorOccurred)
      this.listen(nav.onErrorOccurred, (d: { tabId: number; frameId: number }) => {
        if (d.tabId !== this.tabId || d.frameId !== 0) return;
        this.dropped = true;
        this.wake?.();
      });
  }

  private listen<T extends (...args: never[]) => unknown>(
    event: { addListener(cb: T): void; removeListener?(cb: T): void },
    cb: T,
  ): void {
    try {
      event.addListener(cb);
      this.offs.push(() => event.removeListener?.(cb));
    } catch {
      /* no such permission: that effect is not reported */
    }
  }

  private opened(tabId: number, url: string, windowId: number | undefined): void {
    if (this.newTab && this.newTab.tabId !== tabId) return; // the first one the action opened
    const tab = this.newTab ?? { tabId, url: '' };
    if (url && url !== 'about:blank') tab.url = url;
    if (windowId !== undefined) {
      tab.windowId = windowId;
      if (this.windowId !== undefined && windowId !== this.windowId) tab.newWindow = true;
    }
    this.newTab = tab;
    this.wake?.();
  }

  /** Waits `ms`, or less when a listener saw something. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private fromThisPage(item: DownloadItem): boolean {
    const from = item.referrer || item.url || '';
    if (!this.origin || from.indexOf('blob:') === 0 || from.indexOf('data:') === 0) return true;
    return from.indexOf(this.origin) === 0 || (item.url || '').indexOf(this.origin) === 0 || !item.referrer;
  }

  /**
   * Stops listening and reports. `noEffectInPage`: the page showed no reaction, so a tab or
   * download may still be starting — waits up to GRACE_MS for one before giving up.
   * `leaving`: the page began a navigation it did not see arrive — waits (up to
   * LEAVING_BOUND_MS) for the commit or the download that ends it; a navigation the browser
   * aborted gets GRACE_MS more, since a download aborts the navigation it came from.
   */
  async finish(noEffectInPage: boolean, leaving = false): Promise<BeyondPage> {
    if (leaving) {
      const bound = Date.now() + LEAVING_BOUND_MS;
      while (this.downloadId === undefined && this.committed === undefined && !this.dropped && Date.now() < bound)
        await this.sleep(bound - Date.now());
      if (this.dropped && this.downloadId === undefined) await this.sleep(GRACE_MS);
    } else if (noEffectInPage && !this.newTab && this.downloadId === undefined) await this.sleep(GRACE_MS);
    this.wake = null;
    for (const off of this.offs) {
      try {
        off();
      } catch {
        /* already gone */
      }
    }
    const out: BeyondPage = {};
    if (this.downloadId === undefined && this.committed !== undefined) out.committed = this.committed;
    else if (this.downloadId === undefined && this.dropped) out.dropped = true;
    if (this.newTab) {
      // onCreated often knows no URL yet: the tab itself does by now.
      if (!this.newTab.url) {
        try {
          const tab = await this.chrome.tabs.get(this.newTab.tabId);
          this.newTab.url = tab.pendingUrl || tab.url || '';
        } catch {
          /* closed already */
        }
      }
      out.newTab = this.newTab;
    }
    if (this.downloadId !== undefined) {
      // The file name is decided after onCreated: read the item again, until it has one (bounded).
      for (let waited = 0; waited <= GRACE_MS; waited += 50) {
        try {
          const [item] = (await this.chrome.downloads?.search({ id: this.downloadId })) ?? [];
          if (item) this.download = describe(item);
        } catch {
          break; // keep what onCreated said
        }
        if (this.download?.filename) break;
        await new Promise<void>((resolve) => setTimeout(resolve, 50));
      }
      out.download = this.download;
    }
    return out;
  }
}

function describe(item: DownloadItem): NonNullable<ActionEffect['download']> {
  const out: NonNullable<ActionEffect['download']> = { id: item.id, url: item.finalUrl || item.url || '' };
  const name = (item.filename || '').split(/[\\/]/).pop();
  if (name) out.filename = name;
  if (item.state) out.state = item.state;
  return out;
}

/** Adds what the action did beyond its page (a new tab, a download) to the frame's result, and renders its line again. */
export function withBeyondPage<R extends ResultLike>(result: R, beyond: BeyondPage): R {
  if (beyond.committed !== undefined) arrived(result, beyond.committed);
  else if (beyond.dropped) unsayNavigation(result, undefined, msg.navigationDropped);
  if (beyond.newTab || beyond.download) {
    result.effect = { ...(result.effect ?? { mutations: 0 }), ...beyond };
    if (beyond.download) unsayNavigation(result, beyond.download.url);
    // A tab or a download is an effect, although the page itself showed none (A4).
    if (result.noObservableEffect) {
      delete result.noObservableEffect;
      if (result.notes) result.notes = result.notes.filter((n) => !isNoEffectNote(n));
    }
  }
  result.text = renderResultText(result as unknown as ActionResult);
  return result;
}

/**
 * The page told of a navigation it began but had not finished (beforeunload, `leaving`)
 * to the URL that turned out to be a download: the page never left (a file served as an
 * attachment). The download is what happened; the navigation claim goes.
 */
function unsayNavigation(result: ResultLike, downloadUrl: string | undefined, instead?: string): void {
  const effect = result.effect;
  if (!effect || !effect.navigated || effect.leaving === undefined) return;
  if (downloadUrl !== undefined && effect.urlAfter !== undefined && effect.urlAfter !== downloadUrl) return;
  const note = msg.leaving(effect.leaving, effect.urlAfter);
  delete effect.navigated;
  delete effect.leaving;
  delete effect.urlAfter;
  delete effect.settled;
  if (effect.appeared?.navigated !== undefined) delete effect.appeared.navigated;
  if (result.notes) {
    result.notes = result.notes.filter((n) => n !== note);
    if (!result.notes.length) delete result.notes;
  }
  if (instead) (result.notes ??= []).push(instead);
}

/** The navigation the page began committed in the tab: it arrived, at `url` (the page could only say it was leaving). */
function arrived(result: ResultLike, url: string): void {
  const effect = result.effect;
  if (!effect || !effect.navigated || effect.leaving === undefined) return;
  const leavingNote = msg.leaving(effect.leaving, effect.urlAfter);
  delete effect.leaving;
  effect.urlAfter = url;
  const notes = (result.notes ?? []).filter((n) => n !== leavingNote);
  notes.push(msg.navigated(url));
  result.notes = notes;
}
