// The slice of the `chrome` namespace the service uses, typed here so that users of
// `browserx-domtool/extension` need no @types/chrome (and tests can pass a fake).
export interface FrameDetails {
  frameId: number;
  parentFrameId: number;
  url: string;
  documentId?: string;
}

interface Event<T extends (...args: never[]) => unknown> {
  addListener(cb: T): void;
  removeListener?(cb: T): void;
}

/** The fields of chrome.downloads.DownloadItem the service reads. */
export interface DownloadItem {
  id: number;
  url: string;
  finalUrl?: string;
  referrer?: string;
  /** Absolute path on disk; empty until Chrome has decided it. */
  filename?: string;
  state?: string;
}

export interface TabInfo {
  id?: number;
  url?: string;
  pendingUrl?: string;
  windowId?: number;
  openerTabId?: number;
}

export interface MessageSender {
  tab?: { id?: number };
  frameId?: number;
  documentId?: string;
}

export interface ChromeApi {
  runtime: {
    getManifest(): { content_scripts?: { js?: string[]; world?: string }[] };
    /** Content scripts ask for the action layer through it (domtool:loadActions). */
    onMessage?: Event<
      (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean | undefined
    >;
  };
  tabs: {
    get(tabId: number): Promise<TabInfo>;
    sendMessage(tabId: number, message: unknown, options?: { frameId?: number; documentId?: string }): Promise<unknown>;
    onRemoved?: Event<(tabId: number) => void>;
    onCreated?: Event<(tab: TabInfo) => void>;
  };
  /** Needs the "downloads" permission; without it downloads are not reported. */
  downloads?: {
    onCreated?: Event<(item: DownloadItem) => void>;
    search(query: { id: number }): Promise<DownloadItem[]>;
  };
  scripting?: {
    executeScript(injection: {
      target: { tabId: number; allFrames?: boolean; frameIds?: number[]; documentIds?: string[] };
      files: string[];
    }): Promise<unknown>;
  };
  webNavigation?: {
    getAllFrames(details: { tabId: number }): Promise<FrameDetails[] | null>;
    getFrame(details: { tabId: number; frameId: number }): Promise<FrameDetails | null>;
    onCommitted?: Event<(details: { tabId: number; frameId: number; documentId?: string; url: string }) => void>;
    onErrorOccurred?: Event<(details: { tabId: number; frameId: number; error?: string }) => void>;
    onCreatedNavigationTarget?: Event<
      (details: { sourceTabId: number; sourceFrameId: number; tabId: number; url: string }) => void
    >;
  };
  storage?: {
    session?: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
}
