// Two of the three places callTool runs: a DomTool in the page, and the extension's
// service with a tabId (the third, a Playwright page from Node, is ./playwright-host.ts).
// A host only says how a table command reaches the page; everything else is callTool's.
import type { CommandName } from '../commands/table';
import type { TabAction, ToolHost } from './call';

/** The DomTool methods a host calls (structural: any DomTool fits). */
export type DomToolLike = { [K in CommandName]?: unknown };

/** callTool in the page: commands are the DomTool's own methods; navigation is the page's location. */
export function domToolHost(
  tool: DomToolLike,
  win: { location: { assign(url: string): void }; history: { back(): void } } | null = typeof window === 'undefined'
    ? null
    : window,
): ToolHost {
  return {
    // A page tool's call takes the signal: cancelling it cancels the tool in the page.
    run: (command, args, signal) =>
      Promise.resolve(
        (tool[command] as (...a: unknown[]) => unknown).apply(
          tool,
          command === 'callPageTool' && signal ? [args[0], args[1], { signal }] : args,
        ),
      ),
    // The page itself unloads: the answer is read from whatever document runs this next.
    navigate: win ? (url) => Promise.resolve(win.location.assign(url)) : undefined,
    back: win ? () => Promise.resolve(win.history.back()) : undefined,
  };
}

/** A ServiceResult (or an action result) from the extension service. */
type ServiceAnswer = { ok?: boolean; success?: boolean; result?: unknown; error?: { code: string; message: string } };
type ServiceMethod = (req: Record<string, unknown>) => Promise<ServiceAnswer>;
/** The service's methods by message type (structural: a DomToolService fits). */
export type ServiceLike = object;

/** The tabs API the service host uses for navigation and tabs (chrome.tabs). */
export interface TabsLike {
  update(tabId: number, props: { url?: string; active?: boolean }): Promise<unknown>;
  goBack?(tabId: number): Promise<void>;
  query(q: Record<string, unknown>): Promise<TabLike[]>;
  /** The tab now (its load status): lets navigation wait for the new document. */
  get?(tabId: number): Promise<TabLike>;
  create?(props: { url?: string }): Promise<{ id?: number }>;
  remove?(tabId: number): Promise<void>;
}

type TabLike = { id?: number; url?: string; pendingUrl?: string; title?: string; active?: boolean; status?: string };

const LOAD_WAIT_MS = 10_000;
const LOAD_POLL_MS = 100;

/**
 * Waits until the tab finished loading its document (chrome.tabs status "complete", no URL
 * pending), at most `ms`: the content script answers only in a loaded document. Answers
 * whether it did.
 */
async function tabLoaded(tabs: TabsLike, tabId: number, ms: number): Promise<boolean> {
  if (!tabs.get) return false;
  const deadline = Date.now() + ms;
  for (;;) {
    const tab = await tabs.get(tabId).catch(() => null);
    if (!tab) return false;
    if (tab.status === 'complete' && !tab.pendingUrl) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, LOAD_POLL_MS));
  }
}

class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The service's request for a command's method arguments (its `domtool:*` message fields). */
function request(
  command: CommandName,
  a: unknown[],
  signal?: AbortSignal,
): [method: string, fields: Record<string, unknown>] {
  const id = a[0];
  const target = typeof id === 'string' ? { nodeId: id } : { target: id };
  const o = (a[1] ?? {}) as Record<string, unknown>;
  switch (command) {
    case 'getText':
    case 'getChanges':
      return [command, { options: a[0] ?? {} }];
    case 'find':
      return ['find', { query: a[0], options: a[1] ?? {} }];
    case 'type':
      return ['type', { ...target, text: a[1], ...(a[2] as object) }];
    case 'select':
      return ['select', { ...target, values: a[1], value: a[1] }];
    case 'keypress':
      return [
        'keypress',
        { key: a[0], nodeId: o.id, modifiers: o.modifiers, dialog: o.dialog, promptText: o.promptText },
      ];
    case 'scroll':
      return ['scroll', { ...(id === 'page' ? {} : target), ...o }];
    case 'drag':
      return ['drag', { ...target, to: a[1] }];
    case 'upload':
      return ['upload', { ...target, files: a[1] }];
    case 'inspect':
      return ['inspect', { ...target, ...(a[1] === undefined ? {} : { kind: a[1] }) }];
    case 'callPageTool':
      // The service sends a cancel to the frame when the signal aborts.
      return ['callPageTool', { name: a[0], input: a[1], ...(signal ? { signal } : {}) }];
    default:
      return [command, { ...target, ...o }];
  }
}

/**
 * callTool through the extension's service worker (DomToolService), for the tab `tabId`:
 * every frame of the tab, ids scoped per frame as the service hands them out.
 * `tabs` (chrome.tabs) adds navigation and the tabs tool.
 */
export function serviceHost(service: ServiceLike, tabId: number, tabs?: TabsLike): ToolHost & { tabId: number } {
  const host: ToolHost & { tabId: number } = {
    tabId,
    async run(command, args, signal) {
      // The service reaches pages through their content scripts: "stable" is the tab's load.
      if (command === 'waitForStable' && tabs) {
        const start = Date.now();
        const ms = (args[0] as { timeoutMs?: number } | undefined)?.timeoutMs ?? LOAD_WAIT_MS;
        const settled = await tabLoaded(tabs, host.tabId, ms);
        return { ok: settled, settled, waitedMs: Date.now() - start, pendingRequests: 0 };
      }
      const [method, fields] = request(command, args, signal);
      const fn = (service as Record<string, ServiceMethod | undefined>)[method];
      if (typeof fn !== 'function') throw new ServiceError('UNSUPPORTED', `the extension service has no ${method}`);
      const answer = await fn.call(service, { tabId: host.tabId, ...fields });
      // Action results come back as they are; ServiceResults are unwrapped.
      if ('success' in answer || !('result' in answer || 'error' in answer)) return answer;
      if (answer.ok) return answer.result;
      if (command === 'inspect' || command === 'callPageTool' || command === 'getChanges' || command === 'find')
        return { error: answer.error, found: false };
      throw new ServiceError(answer.error?.code ?? 'ACTION_FAILED', answer.error?.message ?? 'the service failed');
    },
  };
  if (tabs) {
    // A navigation answers once the new document loaded (at most 10 s), as Playwright's goto does.
    host.navigate = async (url) => {
      await tabs.update(host.tabId, { url });
      await tabLoaded(tabs, host.tabId, LOAD_WAIT_MS);
    };
    if (tabs.goBack)
      host.back = async () => {
        await tabs.goBack!(host.tabId);
        await tabLoaded(tabs, host.tabId, LOAD_WAIT_MS);
      };
    host.tabs = (action, index, url) => serviceTabs(host, tabs, action, index, url);
  }
  return host;
}

async function serviceTabs(
  host: { tabId: number },
  tabs: TabsLike,
  action: TabAction,
  index?: number,
  url?: string,
): Promise<string> {
  let list = await tabs.query({ currentWindow: true });
  const at = index ?? list.findIndex((t) => t.id === host.tabId);
  if (action === 'new' && tabs.create) {
    host.tabId = (await tabs.create({ url })).id ?? host.tabId;
    if (url) await tabLoaded(tabs, host.tabId, LOAD_WAIT_MS);
  } else if (action === 'close' && tabs.remove && list[at]?.id !== undefined) await tabs.remove(list[at].id);
  else if (action === 'select' && list[at]?.id !== undefined) {
    host.tabId = list[at].id!;
    await tabs.update(host.tabId, { active: true });
  }
  list = await tabs.query({ currentWindow: true });
  if (action === 'close' && !list.some((t) => t.id === host.tabId) && list[0]?.id !== undefined)
    host.tabId = list[0].id;
  return list
    .map((t, i) => `${t.id === host.tabId ? '*' : ' '} ${i}: ${t.title ?? ''} ${t.url ?? ''}`.trimEnd())
    .join('\n');
}
