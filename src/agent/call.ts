// callTool(host, name, args): runs an agent tool (./tools.ts) and answers in the text a
// model reads (./answers.ts). The host is where the page is: a DomTool in the page, the
// extension service with a tabId, or a Playwright page from Node (./hosts.ts). Perception
// and actions always run in the page, through the command table; a host adds only what
// lies around the page (navigation, tabs, files on disk). After an action the answer is
// its result line and what changed since the agent last looked (the changes tool's
// delta), not a full snapshot.
import type { CommandName } from '../commands/table';
import type { UploadFile } from '../actions/upload';
import type { ActionResult, InspectResult } from '../types';
import type { Changes } from '../changes/ChangeTracker';
import type { FindResult } from '../changes/views';
import type { PageToolResult } from '../page-tools/tools';
import { schemaProblem } from '../page-tools/schema';
import { renderResultText } from '../actions/result-text';
import { isNoEffectNote } from '../actions/result';
import { agentTool } from './tools';
import { actionAnswer, errorAnswer, inspectAnswer, pageToolAnswer, thrownAnswer, type ToolAnswer } from './answers';

export type TabAction = 'list' | 'new' | 'close' | 'select';

/** Where the page is. Only `run` is required; a host without the others answers UNSUPPORTED for their tools. */
export interface ToolHost {
  /** Runs a command of the table in the page: DomTool's method of that name with these arguments. */
  run(command: CommandName, args: unknown[], signal?: AbortSignal): Promise<unknown>;
  navigate?(url: string): Promise<void>;
  back?(): Promise<void>;
  /** Answers the tab list as text (one line per tab, the selected one marked). */
  tabs?(action: TabAction, index?: number, url?: string): Promise<string>;
  /** Reads files named by path (hosts with a file system). */
  readFiles?(paths: string[]): Promise<UploadFile[]>;
  /** How the next dialog is answered (browser_handle_dialog); the next action that takes it uses it up. */
  dialog?: { accept: boolean; promptText?: string } | null;
}

export interface CallOptions {
  /** Cancels the call; a page tool's call is cancelled in the page. */
  signal?: AbortSignal;
}

type Args = Record<string, unknown>;
type Runner = (host: ToolHost, args: Args, options: CallOptions) => Promise<ToolAnswer>;

/**
 * Snapshot options of the agent's reads. A model waits seconds for its next turn, so a walk
 * may take up to a second (the library's default stops at 250 ms); a walk cut short makes
 * the next delta a full text (ChangeTracker: 'cut').
 */
const READ_OPTIONS = { timeBudgetMs: 1000 };

/**
 * A look after a navigation or an action: within half the snapshot's budget (the default
 * 4,000), long lists cut to their first items with a count. The model asks browser_snapshot
 * for more or browser_find for one thing; a long listing no longer costs every navigation
 * 2,800 tokens (bench/mcp.mjs: 1,400). Deltas take the same budget as the first look: a
 * line one budget shows and the other leaves out would read as added when it was there all
 * along (the tracker's "added" is a line the agent has not seen).
 */
const LOOK = { ...READ_OPTIONS, tokenBudget: 2000 };

const WAIT_DEFAULT_S = 10;
const WAIT_MAX_S = 30;
const POLL_MS = 250;

/** Runs the tool `name` with `args`; never throws: every failure is an answer with its code. */
export async function callTool(
  host: ToolHost,
  name: string,
  args: unknown = {},
  options: CallOptions = {},
): Promise<ToolAnswer> {
  const tool = agentTool(name);
  const run = RUNNERS[name];
  if (!tool || !run) return errorAnswer('UNKNOWN_TOOL', `there is no tool named ${JSON.stringify(name)}`);
  const input = withAliases(name, (args ?? {}) as Args);
  const problem = schemaProblem(tool.inputSchema, input, 'input');
  if (problem) return errorAnswer('VALIDATION_ERROR', problem);
  if (options.signal?.aborted) return errorAnswer('CANCELLED', 'the call was cancelled before it started');
  try {
    return await run(host, input, options);
  } catch (error) {
    return thrownAnswer(error);
  }
}

/**
 * Playwright MCP's newer argument names, taken as ours so that calls written for it work:
 * target → ref (drag: startTarget/endTarget → startRef/endRef), find's text → query.
 */
const ALIASES: [from: string, to: string][] = [
  ['target', 'ref'],
  ['startTarget', 'startRef'],
  ['endTarget', 'endRef'],
];

function withAliases(name: string, args: Args): Args {
  let out = args;
  const rename = (from: string, to: string) => {
    if (out[from] === undefined || out[to] !== undefined) return;
    out = { ...out, [to]: out[from] };
    delete out[from];
  };
  for (const [from, to] of ALIASES) rename(from, to);
  if (name === 'browser_find') rename('text', 'query');
  return out;
}

/** The element an action takes: its ref, or `{ text }` (acting on text). */
function targetOf(args: Args): string | { text: string } | null {
  if (typeof args.ref === 'string' && args.ref !== '') return args.ref;
  if (typeof args.text === 'string' && args.text !== '') return { text: args.text };
  return null;
}

const NO_TARGET = () =>
  errorAnswer('VALIDATION_ERROR', 'give ref (an id from the page text) or text (the visible text of the element)');

/** The dialog answer for the next action, used up here. */
function dialogOption(host: ToolHost): { dialog?: 'accept' | 'dismiss'; promptText?: string } {
  const d = host.dialog;
  if (!d) return {};
  host.dialog = null;
  return d.promptText === undefined
    ? { dialog: d.accept ? 'accept' : 'dismiss' }
    : { dialog: d.accept ? 'accept' : 'dismiss', promptText: d.promptText };
}

/**
 * An action's line, then what changed since the agent last looked. `keys`: the action was a
 * key press, whose effect may be the focus moving; after any other action, a line that only
 * lost the focus is left out (the element acted on, or what it focused, still shows).
 */
async function afterAction(host: ToolHost, result: unknown, keys = false): Promise<ToolAnswer> {
  const r = result as ActionResult;
  const answer = actionAnswer(r);
  if (!answer.ok) return answer;
  const changes = (await host.run('getChanges', [{ ...LOOK, ignoreBlur: !keys }])) as Changes;
  if (changes.error || changes.kind === 'unchanged') return answer;
  // The delta is an observation too: when it shows the page changed, the action's "no
  // visible effect" (its own short watch missed it, e.g. a radio checked by its label) is not
  // said — a model told so would click again and undo what it did.
  let shown: ActionResult = r.noObservableEffect
    ? { ...r, noObservableEffect: false, notes: r.notes?.filter((n) => !isNoEffectNote(n)) }
    : r;
  // The controls that appeared, listed on the result line, are lines of the delta as well: said once
  // (and whether the action's own look was cut no longer matters: the delta is the look that counts).
  const appeared = shown.effect?.appeared;
  if (appeared?.controls?.length && appeared.controls.every((c) => changes.text.indexOf(c.split(' ')[0] + ' ') >= 0))
    shown = {
      ...shown,
      effect: {
        ...shown.effect!,
        appeared: { ...appeared, controls: undefined, moreControls: undefined, cut: undefined },
      },
    };
  const line = shown === r ? answer.text : renderResultText(shown);
  return { ...answer, text: line + '\n' + deltaBody(changes) };
}

/**
 * The delta without its count line ("# changes since #3 (now #4): 1 added, …"): after an
 * action the marks say it (+ added, ~ changed, # removed: …). A dialog's line, a full
 * text's header and the removed line stay.
 */
function deltaBody(changes: Changes): string {
  if (changes.kind !== 'delta' || changes.dialog) return changes.text;
  const nl = changes.text.indexOf('\n');
  return nl > 0 &&
    /^# changes since #\d+ \(now #\d+\): \d+ added, \d+ changed, \d+ removed$/.test(changes.text.slice(0, nl))
    ? changes.text.slice(nl + 1)
    : changes.text;
}

const act =
  (command: CommandName, argsOf: (args: Args, host: ToolHost) => unknown[] | null): Runner =>
  async (host, args) => {
    const list = argsOf(args, host);
    if (!list) return NO_TARGET();
    return afterAction(host, await host.run(command, list), command === 'keypress');
  };

const onTarget = (command: CommandName): Runner =>
  act(command, (args) => (targetOf(args) === null ? null : [targetOf(args)]));

/** The page text for browser_snapshot. */
async function pageText(host: ToolHost): Promise<ToolAnswer> {
  return { ok: true, text: (await host.run('getText', [READ_OPTIONS])) as string };
}

/** The first look after a navigation, once the page settled (at most 3 s). */
async function arrived(host: ToolHost): Promise<ToolAnswer> {
  await host.run('waitForStable', [{ timeoutMs: 3000 }]);
  return { ok: true, text: (await host.run('getText', [LOOK])) as string };
}

const unsupported = (what: string) =>
  errorAnswer(
    'UNSUPPORTED',
    `${what} needs a host that drives the browser (the MCP server, Playwright or the extension)`,
  );

async function waitFor(host: ToolHost, args: Args, options: CallOptions): Promise<ToolAnswer> {
  const seconds = Math.min(typeof args.time === 'number' ? args.time : WAIT_DEFAULT_S, WAIT_MAX_S);
  const text = typeof args.text === 'string' ? args.text : typeof args.textGone === 'string' ? args.textGone : null;
  const deadline = Date.now() + seconds * 1000;
  if (text === null) {
    await sleep(seconds * 1000, options.signal);
    return { ok: true, text: `ok; waited ${seconds} s` };
  }
  const gone = typeof args.text !== 'string';
  for (;;) {
    const found = (await host.run('find', [text, { ...READ_OPTIONS, limit: 5 }])) as FindResult;
    if (found.error) return errorAnswer(found.error.code, found.error.message);
    if (gone ? found.total === 0 : found.total > 0)
      return { ok: true, text: gone ? `ok; "${text}" is gone` : found.text };
    if (Date.now() >= deadline || options.signal?.aborted)
      return errorAnswer('TIMEOUT', `"${text}" ${gone ? 'is still on the page' : 'did not appear'} after ${seconds} s`);
    await sleep(POLL_MS, options.signal);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

const RUNNERS: Record<string, Runner> = {
  browser_navigate: async (host, args) => {
    if (!host.navigate) return unsupported('browser_navigate');
    await host.navigate(args.url as string);
    return arrived(host);
  },
  browser_navigate_back: async (host) => {
    if (!host.back) return unsupported('browser_navigate_back');
    await host.back();
    return arrived(host);
  },
  browser_snapshot: (host) => pageText(host),
  browser_changes: async (host) => {
    const c = (await host.run('getChanges', [LOOK])) as Changes;
    return c.error ? errorAnswer(c.error.code, c.error.message) : { ok: true, text: c.text };
  },
  browser_find: async (host, args) => {
    const options: Args = { ...READ_OPTIONS };
    if (args.limit !== undefined) options.limit = args.limit;
    if (args.reveal === true) options.reveal = true;
    const r = (await host.run('find', [args.query, options])) as FindResult;
    return r.error ? errorAnswer(r.error.code, r.error.message) : { ok: true, text: r.text };
  },
  browser_inspect: async (host, args) =>
    inspectAnswer(
      (await host.run('inspect', args.kind === undefined ? [args.ref] : [args.ref, args.kind])) as InspectResult,
    ),
  browser_click: act('click', (args, host) => {
    const t = targetOf(args);
    if (t === null) return null;
    const options: Args = { ...dialogOption(host) };
    if (args.doubleClick === true) options.clickCount = 2;
    if (args.button !== undefined) options.button = args.button;
    if (args.modifiers !== undefined) options.modifiers = args.modifiers;
    return [t, options];
  }),
  browser_type: act('type', (args, host) => [
    args.ref,
    args.text,
    { pressEnter: args.submit === true, ...dialogOption(host) },
  ]),
  browser_select_option: act('select', (args) => [args.ref, args.values]),
  browser_press_key: act('keypress', (args, host) => [
    args.key,
    { ...(typeof args.ref === 'string' ? { id: args.ref } : {}), ...dialogOption(host) },
  ]),
  browser_hover: onTarget('hover'),
  browser_drag: act('drag', (args) => [args.startRef, args.endRef]),
  browser_file_upload: async (host, args) => {
    if (!host.readFiles) return unsupported('Reading files by path');
    const files = await host.readFiles(args.paths as string[]);
    return afterAction(host, await host.run('upload', [args.ref, files]));
  },
  browser_check: onTarget('check'),
  browser_uncheck: onTarget('uncheck'),
  browser_scroll: act('scroll', (args) => [
    typeof args.ref === 'string' ? args.ref : 'page',
    { direction: args.direction, amount: args.amount },
  ]),
  browser_wait_for: waitFor,
  browser_handle_dialog: (host, args) => {
    host.dialog = {
      accept: args.accept === true,
      ...(typeof args.promptText === 'string' ? { promptText: args.promptText } : {}),
    };
    return Promise.resolve({
      ok: true,
      text: `ok; the next dialog will be ${args.accept === true ? 'accepted' : 'dismissed'}`,
    });
  },
  browser_tabs: async (host, args) => {
    if (!host.tabs) return unsupported('browser_tabs');
    return {
      ok: true,
      text: await host.tabs(args.action as TabAction, args.index as number | undefined, args.url as string | undefined),
    };
  },
  browser_page_tool: async (host, args, options) => {
    return pageToolAnswer(
      (await host.run('callPageTool', [args.name, args.input ?? {}], options.signal)) as PageToolResult,
    );
  },
};
