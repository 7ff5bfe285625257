// callTool from Node over Playwright: the commands run in the page (the IIFE that
// injectDomTool puts in every document) through page.evaluate; Playwright only
// navigates and reads files named by path. Structural types: a Page from `playwright`,
// `playwright-core` or `@playwright/test` fits, and the package needs none of them.
import type { CommandName } from '../commands/table';
import type { UploadFile } from '../actions/upload';
import type { ToolHost } from './call';

export interface PlaywrightToolPage {
  evaluate(expression: string): Promise<unknown>;
  goto(url: string, options?: { waitUntil?: 'load' | 'domcontentloaded' }): Promise<unknown>;
  goBack(options?: { waitUntil?: 'load' | 'domcontentloaded' }): Promise<unknown>;
  waitForLoadState(state?: 'load' | 'domcontentloaded'): Promise<void>;
  url(): string;
}

/** The commands that only read: run again when a navigation destroyed the document they ran in. */
const READS: CommandName[] = ['getText', 'getChanges', 'find', 'inspect', 'listPageTools', 'waitForStable'];

/**
 * The in-page call: one DomTool per document (kept on the window, so the changes tool
 * compares with what this document showed last), its method, its plain-data answer.
 */
function expression(command: CommandName, args: unknown[], abortId = 0): string {
  return `(async (c, a, id) => {
  const g = globalThis.BrowserXDomTool;
  if (!g || !g.DomTool) throw new Error('no DomTool in this page (inject dist/domtool.iife.js first)');
  const t = globalThis.__browserxAgentTool || (globalThis.__browserxAgentTool = new g.DomTool());
  const aborts = globalThis.__browserxAgentAborts || (globalThis.__browserxAgentAborts = new Map());
  if (id) {
    const ac = new AbortController();
    aborts.set(id, ac);
    a = [a[0], a[1], { signal: ac.signal }];
  }
  try {
    const r = await t[c](...a);
    return g.toPlainData ? g.toPlainData(r) : r;
  } finally {
    aborts.delete(id);
  }
})(${JSON.stringify(command)}, ${JSON.stringify(args)}, ${abortId})`;
}

let abortSeq = 0;

const LOST = /Execution context was destroyed|navigat|Target closed|frame was detached/i;

/** Reads files by path for browser_file_upload (base64, with a type guessed from the name). */
export async function readFilesForUpload(paths: string[]): Promise<UploadFile[]> {
  const { readFile } = await import('node:fs/promises');
  const { basename } = await import('node:path');
  return Promise.all(
    paths.map(async (p) => ({
      name: basename(p),
      type: typeOf(p),
      data: (await readFile(p)).toString('base64'),
      encoding: 'base64' as const,
    })),
  );
}

const TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  html: 'text/html',
};
const typeOf = (path: string): string =>
  TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * A ToolHost for a Playwright page (or a function answering the current one, for a host
 * that switches tabs). The page needs the IIFE: `injectDomTool(page)` first.
 */
export function playwrightHost(page: PlaywrightToolPage | (() => Promise<PlaywrightToolPage>)): ToolHost {
  const current = typeof page === 'function' ? page : () => Promise.resolve(page);
  return {
    async run(command, args, signal) {
      const p = await current();
      // A page tool's call can be cancelled: the abort is sent into the page, where the call waits.
      const abortId = command === 'callPageTool' && signal ? ++abortSeq : 0;
      const abort = () =>
        void p
          .evaluate(`globalThis.__browserxAgentAborts && globalThis.__browserxAgentAborts.get(${abortId})?.abort()`)
          .catch(() => undefined);
      if (abortId) signal!.addEventListener('abort', abort, { once: true });
      try {
        return await p.evaluate(expression(command, args, abortId));
      } catch (error) {
        if (!LOST.test(String((error as Error)?.message))) throw error;
        // The document the call ran in went away: a read runs again in the new one; an
        // action answers what was observed, the navigation (its own result was lost).
        await p.waitForLoadState('domcontentloaded').catch(() => undefined);
        if (READS.indexOf(command) >= 0) return p.evaluate(expression(command, args));
        return { ok: true, success: true, duration: 0, snapshotInvalidated: true, text: `ok; navigated to ${p.url()}` };
      } finally {
        if (abortId) signal!.removeEventListener('abort', abort);
      }
    },
    async navigate(url) {
      await (await current()).goto(url, { waitUntil: 'domcontentloaded' });
    },
    async back() {
      await (await current()).goBack({ waitUntil: 'domcontentloaded' });
    },
    readFiles: readFilesForUpload,
  };
}
