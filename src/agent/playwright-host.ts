// callTool from Node over Playwright: the commands run in the page (the IIFE that
// injectDomTool puts in every document) through page.evaluate (the expressions are
// ./in-page.ts); with the page's frames, in its cross-origin frames too
// (./playwright-frames.ts). Playwright only navigates and reads files named by path. Structural types: a Page from `playwright`,
// `playwright-core` or `@playwright/test` fits, and the package needs none of them.
import type { CommandName } from '../commands/table';
import type { UploadFile } from '../actions/upload';
import type { ToolHost } from './call';
import { commandExpression } from './in-page';
import { FrameRefError, LOST, PlaywrightFrames, type FramedPage, type PlaywrightToolFrame } from './playwright-frames';

export interface PlaywrightToolPage {
  evaluate(expression: string): Promise<unknown>;
  goto(url: string, options?: { waitUntil?: 'load' | 'domcontentloaded' }): Promise<unknown>;
  goBack(options?: { waitUntil?: 'load' | 'domcontentloaded' }): Promise<unknown>;
  waitForLoadState(state?: 'load' | 'domcontentloaded'): Promise<void>;
  url(): string;
  /** With it, the host reads and acts in cross-origin frames too (refs `f<n>:…`). */
  mainFrame?(): PlaywrightToolFrame;
}

/** The commands that only read: run again when a navigation destroyed the document they ran in. */
const READS: CommandName[] = ['getText', 'getChanges', 'find', 'inspect', 'listPageTools', 'waitForStable'];

let abortSeq = 0;

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
  const frames = new PlaywrightFrames();
  return {
    async run(command, args, signal) {
      const p = await current();
      try {
        return await runOnce(p, frames, command, args, signal);
      } catch (error) {
        if (error instanceof FrameRefError || !LOST.test(String((error as Error)?.message))) throw error;
        // The document the call ran in went away: a read runs again in the new one; an
        // action answers what was observed, the navigation (its own result was lost).
        await p.waitForLoadState('domcontentloaded').catch(() => undefined);
        if (READS.indexOf(command) >= 0) return runOnce(p, frames, command, args);
        return { ok: true, success: true, duration: 0, snapshotInvalidated: true, text: `ok; navigated to ${p.url()}` };
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

/**
 * One command in the page: the reads cover its cross-origin frames (when the page gives
 * its frames), a ref scoped `f<n>:` runs in its frame, everything else in the page.
 */
async function runOnce(
  p: PlaywrightToolPage,
  frames: PlaywrightFrames,
  command: CommandName,
  args: unknown[],
  signal?: AbortSignal,
): Promise<unknown> {
  if (p.mainFrame) {
    const framed = p as FramedPage;
    const options = (args[0] ?? {}) as Record<string, unknown>;
    let read: unknown = null;
    if (command === 'getText' && options.root === undefined && options.since === undefined)
      read = await frames.text(framed, options);
    else if (command === 'getChanges') read = await frames.changes(framed, options);
    else if (command === 'find') read = await frames.find(framed, args[0], args[1] ?? {});
    if (read !== null) return read;
    const routed = await frames.route(framed, command, args);
    if (routed) return frames.runIn(routed, command);
  }
  // A page tool's call can be cancelled: the abort is sent into the page, where the call waits.
  const abortId = command === 'callPageTool' && signal ? ++abortSeq : 0;
  const abort = () =>
    void p
      .evaluate(`globalThis.__browserxAgentAborts && globalThis.__browserxAgentAborts.get(${abortId})?.abort()`)
      .catch(() => undefined);
  if (abortId) signal!.addEventListener('abort', abort, { once: true });
  try {
    return await p.evaluate(commandExpression(command, args, abortId));
  } finally {
    if (abortId) signal!.removeEventListener('abort', abort);
  }
}
