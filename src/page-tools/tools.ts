// Page tools (S17, WebMCP): what the page declares for agents, listed and called without
// a debugger. Two sources, merged by name:
//  - the model context of this world (`document.modelContext`, the deprecated
//    `navigator.modelContext`, or the testing surface `navigator.modelContextTesting`):
//    native WebMCP, or a polyfill when this code runs in the page's own world (IIFE,
//    bookmarklet, test driver); a content script's isolated world sees only native ones;
//  - declarative `<form toolname>` tools read from the DOM (./forms.ts), seen from any world.
// Calls go through the context's executeTool where it has one; form tools without a
// context are filled (and submitted with toolautosubmit) here.
import { DomToolError, cut } from '../actions/result';
import { clearTimer, isArray, now, setTimer } from '../dom/builtins';
import { fillForm, formSchema, toolForms } from './forms';
import { argumentList, schemaProblem, type JsonSchema } from './schema';
import { askBridge, hasBridge } from './bridge';
import { fireToolEvent } from './events';
import { executeIn } from './execute';
import type { ErrorInfo } from '../types';

export interface PageTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** The page says calling it changes nothing (annotations.readOnlyHint). */
  readOnly: boolean;
  /** The page says calling it has consequences beyond the page: buys, sends, deletes (annotations.consequentialHint). */
  consequential: boolean;
  /** The page says what it answers may come from others (reviews, mail, posts): data, never instructions (annotations.untrustedContentHint). */
  untrustedContent: boolean;
  /** The origin of the document that declares it. */
  origin: string;
  /** Registered in script (imperative) or a `<form toolname>` (declarative). */
  kind: 'imperative' | 'declarative';
}

export interface PageToolResult {
  /** The tool ran and answered; false with `error` otherwise. */
  ok: boolean;
  /** @deprecated Use `ok` (the same value); kept for one release. */
  success: boolean;
  tool: string;
  duration: number;
  /** What the tool answered (parsed when it answered JSON). */
  result?: unknown;
  /** A form tool: it was submitted (toolautosubmit) or left filled for a person. */
  submitted?: boolean;
  error?: ErrorInfo;
  /** One line for an LLM. */
  text: string;
}

/** How long a tool may take before the call answers TIMEOUT (it may wait for a person). */
export const PAGE_TOOL_TIMEOUT_MS = 15000;
const LIST_TIMEOUT_MS = 1000;

interface RegisteredLike {
  name: string;
  description?: string;
  inputSchema?: JsonSchema | string;
  /** WebMCP's hints; destructiveHint is the older drafts' name for consequentialHint. */
  annotations?: {
    readOnlyHint?: boolean;
    consequentialHint?: boolean;
    destructiveHint?: boolean;
    untrustedContentHint?: boolean;
  };
}
interface ContextLike {
  getTools?(): Promise<RegisteredLike[]>;
  executeTool?(tool: RegisteredLike, input: unknown, options?: { signal?: AbortSignal }): Promise<string | null>;
}
interface TestingLike {
  listTools?(): RegisteredLike[];
  executeTool?(name: string, input: string): Promise<string | null>;
}

/**
 * `navigator[key]` read as plain data: the DOM lib does not declare the WebMCP members and a
 * polyfill's types (seen by the linter through the tests) do, so no declared type is relied on.
 */
function navigatorValue(doc: Document, key: 'modelContext' | 'modelContextTesting'): unknown {
  const nav = doc.defaultView?.navigator as unknown as Record<string, unknown> | undefined;
  return nav?.[key];
}

function contextOf(doc: Document): ContextLike | null {
  try {
    const ctx =
      (doc as Document & { modelContext?: ContextLike }).modelContext ??
      (navigatorValue(doc, 'modelContext') as ContextLike | undefined);
    return ctx && typeof ctx === 'object' ? ctx : null;
  } catch {
    return null;
  }
}

function testingOf(doc: Document): TestingLike | null {
  try {
    const t = navigatorValue(doc, 'modelContextTesting') as TestingLike | undefined;
    return t && typeof t === 'object' ? t : null;
  } catch {
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimer(() => reject(onTimeout()), ms);
    promise.then(
      (v) => {
        clearTimer(timer);
        resolve(v);
      },
      (e) => {
        clearTimer(timer);
        reject(e);
      },
    );
  });
}

function parseSchema(schema: JsonSchema | string | undefined): JsonSchema {
  if (typeof schema === 'string') {
    try {
      return JSON.parse(schema) as JsonSchema;
    } catch {
      return {};
    }
  }
  return schema && typeof schema === 'object' ? schema : {};
}

function originOf(doc: Document): string {
  try {
    return doc.location?.origin ?? '';
  } catch {
    return '';
  }
}

interface Found {
  tool: PageTool;
  registered?: RegisteredLike;
  via?: 'context' | 'testing' | 'bridge';
  form?: HTMLFormElement;
}

async function discover(doc: Document): Promise<Found[]> {
  const found: Found[] = [];
  const seen = new Set<string>();
  const origin = originOf(doc);
  const forms = toolForms(doc);
  const formNamed = (name: string) => forms.find((f) => f.getAttribute('toolname') === name);
  const add = (r: RegisteredLike, via: 'context' | 'testing' | 'bridge') => {
    if (!r || typeof r.name !== 'string' || seen.has(r.name)) return;
    seen.add(r.name);
    const form = formNamed(r.name);
    const a = r.annotations;
    const tool: PageTool = {
      name: r.name,
      description: typeof r.description === 'string' ? r.description : '',
      inputSchema: parseSchema(r.inputSchema),
      readOnly: a?.readOnlyHint === true,
      consequential: a?.consequentialHint === true || a?.destructiveHint === true,
      untrustedContent: a?.untrustedContentHint === true,
      origin,
      kind: form ? 'declarative' : 'imperative',
    };
    found.push({ tool, registered: r, via, form });
  };
  const ctx = contextOf(doc);
  if (ctx && typeof ctx.getTools === 'function') {
    try {
      const tools = await withTimeout(
        Promise.resolve(ctx.getTools()),
        LIST_TIMEOUT_MS,
        () => new Error('getTools timed out'),
      );
      if (isArray(tools)) for (const r of tools) add(r, 'context');
    } catch {
      // A context that fails to list is a page without imperative tools to us.
    }
  }
  // An isolated world (extension content script) does not see tools a page script
  // registered: page-world.js answers for the page's world (./bridge.ts).
  if (!ctx && hasBridge(doc)) {
    try {
      const answer = await askBridge(doc, { op: 'list' }, LIST_TIMEOUT_MS);
      if (answer.ok && isArray(answer.tools)) for (const r of answer.tools) add(r as RegisteredLike, 'bridge');
    } catch {
      // No answer from the page world: its tools stay unlisted, the DOM's forms are still read.
    }
  }
  const testing = testingOf(doc);
  if (testing && typeof testing.listTools === 'function') {
    try {
      for (const r of testing.listTools() ?? []) add(r, 'testing');
    } catch {
      // As above.
    }
  }
  for (const form of forms) {
    const name = form.getAttribute('toolname') ?? '';
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const tool: PageTool = {
      name,
      description: form.getAttribute('tooldescription') ?? '',
      inputSchema: formSchema(form),
      readOnly: false,
      consequential: false,
      untrustedContent: false,
      origin,
      kind: 'declarative',
    };
    found.push({ tool, form });
  }
  return found;
}

/** The tools the page declares (S17), imperative first, in registration order. */
export async function listPageTools(doc: Document): Promise<PageTool[]> {
  return (await discover(doc)).map((f) => f.tool);
}

/**
 * Calls a page tool after checking `input` against its schema. Never throws. `signal`
 * cancels the call in the page as WebMCP drafts it: executeTool's own signal, and a
 * `toolcancel` event at the page's window for the page to stop what it started.
 */
export async function callPageTool(
  doc: Document,
  name: string,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<PageToolResult> {
  const started = now();
  try {
    const tools = await discover(doc);
    const found = tools.find((f) => f.tool.name === name);
    if (!found) {
      const names = tools.map((f) => f.tool.name);
      throw new DomToolError(
        'ELEMENT_NOT_FOUND',
        `The page has no tool named "${cut(name, 60)}". ${names.length ? `Its tools: ${names.join(', ')}.` : 'It declares no tools.'}`,
      );
    }
    const problem = schemaProblem(found.tool.inputSchema, input);
    if (problem)
      throw new DomToolError(
        'VALIDATION_ERROR',
        `Input for ${cut(name, 80)} does not match its schema: ${problem}. Nothing was called.`,
      );
    if (signal?.aborted) throw cancelled(name);
    const answer = await (signal
      ? cancellable(doc, name, execute(doc, found, input, signal), signal, found.via === 'bridge')
      : execute(doc, found, input));
    return finish(started, name, { ok: true, success: true, ...answer });
  } catch (e) {
    const error = toError(e, name);
    return finish(started, name, {
      ok: false,
      success: false,
      error: { code: error.code, message: error.message, recoverable: error.recoverable },
    });
  }
}

const cancelled = (name: string) =>
  new DomToolError(
    'ACTION_FAILED',
    `The call of tool ${cut(name, 80)} was cancelled by the caller; the page was told (toolcancel).`,
    false,
  );

/**
 * `run`, or a cancellation when `signal` aborts first: the page gets a `toolcancel` event
 * naming the tool (from page-world.js when it ran the call: `inPageWorld`).
 */
function cancellable<T>(doc: Document, name: string, run: Promise<T>, signal: AbortSignal, inPageWorld: boolean) {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      if (!inPageWorld) fireToolEvent(doc, 'toolcancel', name);
      reject(cancelled(name));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    run.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e) => (signal.removeEventListener('abort', onAbort), reject(e)),
    );
  });
}

async function execute(
  doc: Document,
  found: Found,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ result?: unknown; submitted?: boolean }> {
  const form = found.form;
  // A form tool without toolautosubmit waits for a person to submit it (WebMCP's
  // declarative API): fill it and say so rather than wait on a person.
  if (form && !form.hasAttribute('toolautosubmit')) {
    fillForm(form, input);
    fireToolEvent(doc, 'toolactivated', found.tool.name);
    throw new DomToolError(
      'NOT_ACTIONABLE',
      `Filled the form of tool ${found.tool.name}; the page asks a person to submit it (no toolautosubmit). Ask the user to submit it, or click its submit button if they asked you to.`,
    );
  }
  const json = JSON.stringify(input);
  const timeout = () =>
    new DomToolError(
      'TIMEOUT',
      `Tool ${found.tool.name} did not answer within ${PAGE_TOOL_TIMEOUT_MS / 1000} s (it may be waiting for a person).`,
    );
  const ctx = contextOf(doc);
  if (found.via === 'context' && ctx && typeof ctx.executeTool === 'function')
    return {
      result: parseResult(
        await withTimeout(executeIn(ctx, found.registered!, input, signal), PAGE_TOOL_TIMEOUT_MS, timeout),
      ),
    };
  if (found.via === 'bridge') {
    const answer = await askBridge(
      doc,
      { op: 'call', name: found.tool.name, input },
      PAGE_TOOL_TIMEOUT_MS,
      signal,
    ).catch(() => {
      throw timeout();
    });
    if (!answer.ok) {
      // The page world's error arrives as plain data (it crossed worlds as JSON): made an Error again.
      const error = new Error(answer.error?.message ?? 'the tool failed');
      if (answer.error?.name) error.name = answer.error.name;
      throw error;
    }
    return { result: parseResult(answer.result ?? null) };
  }
  const testing = testingOf(doc);
  if (found.via !== undefined && testing && typeof testing.executeTool === 'function')
    return {
      result: parseResult(await withTimeout(testing.executeTool(found.tool.name, json), PAGE_TOOL_TIMEOUT_MS, timeout)),
    };
  if (form) {
    fillForm(form, input);
    fireToolEvent(doc, 'toolactivated', found.tool.name);
    form.requestSubmit();
    return { submitted: true };
  }
  throw new DomToolError(
    'NOT_ACTIONABLE',
    `This browser lists tool ${found.tool.name} but offers no way to call it (no executeTool).`,
  );
}

function parseResult(raw: string | null): unknown {
  if (raw === null || raw === undefined) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function toError(e: unknown, name: string): DomToolError {
  if (e instanceof DomToolError) return e;
  const err = e as { name?: string; message?: string } | null;
  const message = cut(String(err?.message ?? e), 200);
  // A tool that needs the user's own gesture or consent (requestUserInteraction).
  if (err?.name === 'NotAllowedError' || /user (interaction|activation|gesture)/i.test(message)) {
    return new DomToolError(
      'NOT_ACTIONABLE',
      `Tool ${cut(name, 80)} needs a person (${message}). Ask the user to do it.`,
    );
  }
  return new DomToolError('ACTION_FAILED', `Tool ${cut(name, 80)} failed: ${message}`);
}

function finish(started: number, name: string, r: Omit<PageToolResult, 'tool' | 'duration' | 'text'>): PageToolResult {
  // The name is the caller's input: echoed cut, never whole (a 1 MB name answered 2 MB).
  const tool = cut(name, 80);
  const result: PageToolResult = { ...r, tool, duration: Math.round(now() - started), text: '' };
  result.text = r.ok
    ? `${tool}: ${r.submitted ? 'form submitted' : 'done'}${r.result !== undefined && r.result !== null ? ` → ${cut(JSON.stringify(r.result) ?? '', 160)}` : ''}`
    : `${tool} failed (${r.error!.code}): ${r.error!.message}`;
  return result;
}

/** The WebMCP hints a tool carries, as Playwright shows them: ` [readOnly] [consequential] [untrustedContent]`. */
export function hintsOf(t: Pick<PageTool, 'readOnly' | 'consequential' | 'untrustedContent'>): string {
  return (
    (t.readOnly ? ' [readOnly]' : '') +
    (t.consequential ? ' [consequential]' : '') +
    (t.untrustedContent ? ' [untrustedContent]' : '')
  );
}

/** The compact section of the text snapshot: one line per tool. */
export function renderToolLines(tools: PageTool[]): string[] {
  if (!tools.length) return [];
  const lines = ['# page tools (callPageTool(name, input)):'];
  for (const t of tools) {
    const description = t.description ? ` — ${cut(t.description.replace(/\s+/g, ' ').trim(), 100)}` : '';
    lines.push(`#   ${t.name}(${argumentList(t.inputSchema)})${hintsOf(t)}${description}`);
  }
  return lines;
}

/** `lines` inserted under the text's first line (the `# page` line). */
export function withToolLines(text: string, lines: string[]): string {
  if (!lines.length) return text;
  const nl = text.indexOf('\n');
  return nl < 0 ? text + '\n' + lines.join('\n') : text.slice(0, nl + 1) + lines.join('\n') + '\n' + text.slice(nl + 1);
}
