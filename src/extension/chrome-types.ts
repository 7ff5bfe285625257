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
    onMessage?: Event<(message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean | undefined>;
  };
  tabs: {
    get(tabId: number): Promise<{ id?: number; url?: string; pendingUrl?: string }>;
    sendMessage(tabId: number, message: unknown, options?: { frameId?: number; documentId?: string }): Promise<unknown>;
    onRemoved?: Event<(tabId: number) => void>;
  };
  scripting?: {
    executeScript(injection: { target: { tabId: number; allFrames?: boolean; frameIds?: number[]; documentIds?: string[] }; files: string[] }): Promise<unknown>;
  };
  webNavigation?: {
    getAllFrames(details: { tabId: number }): Promise<FrameDetails[] | null>;
    getFrame(details: { tabId: number; frameId: number }): Promise<FrameDetails | null>;
    onCommitted?: Event<(details: { tabId: number; frameId: number; documentId?: string; url: string }) => void>;
  };
  storage?: {
    session?: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
}
