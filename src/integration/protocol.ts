// The `domtool:*` message protocol (I3), transport-free: the content script feeds it
// chrome.runtime messages, the IIFE exposes it for page-world callers. Every answer
// is plain JSON data and nothing ever throws out of it: failures come back as
// `{ ok: false, error: { code, message, recoverable } }` (errors as data).
import { toPlainData } from '../dom/safe-json';
import { hasOwn, isArray } from '../dom/builtins';
import type { DomTool } from '../DomTool';
import type { ErrorCode } from '../types';

export const MESSAGE_PREFIX = 'domtool:';

/** Requests, one per DomTool method. `nodeId` is a snapshot id (`nv_…`). */
export type DomToolRequest =
  | { type: 'domtool:ping' }
  | { type: 'domtool:getSnapshot'; force?: boolean; options?: Record<string, unknown> }
  | { type: 'domtool:getText'; force?: boolean; options?: Record<string, unknown> }
  | { type: 'domtool:getChanges'; options?: { full?: boolean; maxRatio?: number } }
  | { type: 'domtool:invalidate' }
  | { type: 'domtool:inspect'; nodeId: string }
  | { type: 'domtool:click' | 'domtool:hover' | 'domtool:check' | 'domtool:uncheck' | 'domtool:focus' | 'domtool:clear'; nodeId: string }
  | { type: 'domtool:type'; nodeId: string; text: string; /** default true */ replace?: boolean; pressEnter?: boolean }
  | { type: 'domtool:keypress'; key: string; modifiers?: string[]; nodeId?: string }
  | { type: 'domtool:select'; nodeId: string; value: string | string[] }
  | { type: 'domtool:drag'; nodeId: string; /** node id, { x, y } or { dx, dy } */ to: string | { x: number; y: number } | { dx: number; dy: number }; steps?: number; position?: 'before' | 'after' | 'center' }
  | { type: 'domtool:upload'; nodeId: string; files: { name: string; type?: string; data: string; encoding?: 'text' | 'base64' }[]; via?: 'auto' | 'input' | 'drop' }
  | { type: 'domtool:scroll'; nodeId?: string; direction?: 'up' | 'down' | 'left' | 'right'; amount?: number | 'page' }
  | { type: 'domtool:highlight'; nodeIds?: string[] | 'all' }
  | { type: 'domtool:clearHighlight' };

export type DomToolRequestType = DomToolRequest['type'];

export interface ProtocolError {
  code: ErrorCode | 'UNKNOWN_MESSAGE' | 'INTERNAL_ERROR';
  message: string;
  recoverable: boolean;
}

/** `ok` says the request was handled; an action's own outcome is `result.success`. */
export type DomToolResponse = { ok: true; type: string; result: unknown } | { ok: false; type: string; error: ProtocolError };

/** What the protocol calls: DomTool, or anything shaped like it (tests, wrappers). */
export type ProtocolTool = Pick<
  DomTool,
  | 'get_serialized_dom'
  | 'getText'
  | 'getChanges'
  | 'invalidateSnapshot'
  | 'inspect'
  | 'click'
  | 'type'
  | 'keypress'
  | 'hover'
  | 'select'
  | 'check'
  | 'uncheck'
  | 'focus'
  | 'clear'
  | 'scroll'
  | 'drag'
  | 'upload'
  | 'highlight'
  | 'clearHighlight'
>;

export const MESSAGE_TYPES: readonly DomToolRequestType[] = [
  'domtool:ping',
  'domtool:getSnapshot',
  'domtool:getText',
  'domtool:getChanges',
  'domtool:invalidate',
  'domtool:inspect',
  'domtool:click',
  'domtool:type',
  'domtool:keypress',
  'domtool:hover',
  'domtool:select',
  'domtool:check',
  'domtool:uncheck',
  'domtool:focus',
  'domtool:clear',
  'domtool:scroll',
  'domtool:drag',
  'domtool:upload',
  'domtool:highlight',
  'domtool:clearHighlight',
];

/** True for any `domtool:*` message (known or not), so unknown ones get an error answer. */
export function isDomToolMessage(message: unknown): message is { type: string } {
  return (
    !!message &&
    typeof message === 'object' &&
    typeof (message as { type?: unknown }).type === 'string' &&
    (message as { type: string }).type.indexOf(MESSAGE_PREFIX) === 0
  );
}

class ProtocolFailure extends Error {
  constructor(readonly code: ProtocolError['code'], message: string) {
    super(message);
  }
}

function str(msg: Record<string, unknown>, key: string, optional = false): string | undefined {
  const v = hasOwn(msg, key) ? msg[key] : undefined;
  if (v === undefined && optional) return undefined;
  if (typeof v !== 'string' || (!optional && v === '')) {
    throw new ProtocolFailure('VALIDATION_ERROR', `"${key}" must be a non-empty string` + (key === 'nodeId' ? ' (a node id such as "nv_1k9x2" from the snapshot).' : '.'));
  }
  return v;
}

function opts(msg: Record<string, unknown>): Record<string, unknown> {
  const o = msg.options;
  return o && typeof o === 'object' ? (o as Record<string, unknown>) : {};
}

function bool(msg: Record<string, unknown>, key: string): boolean | undefined {
  return typeof msg[key] === 'boolean' ? (msg[key] as boolean) : undefined;
}

async function dispatch(tool: ProtocolTool, msg: Record<string, unknown>): Promise<unknown> {
  const type = String(msg.type).slice(MESSAGE_PREFIX.length);
  switch (type) {
    case 'ping':
      return { pong: true };
    case 'getSnapshot':
      return tool.get_serialized_dom({ ...opts(msg), force: msg.force === true });
    case 'getText':
      return tool.getText({ ...opts(msg), force: msg.force === true });
    case 'getChanges': {
      const o = opts(msg);
      return tool.getChanges({ full: o.full === true, maxRatio: typeof o.maxRatio === 'number' ? o.maxRatio : undefined });
    }
    case 'invalidate':
      tool.invalidateSnapshot();
      return { invalidated: true };
    case 'inspect':
      return tool.inspect(str(msg, 'nodeId') as string);
    case 'click':
      return tool.click(str(msg, 'nodeId') as string);
    case 'hover':
      return tool.hover(str(msg, 'nodeId') as string);
    case 'check':
      return tool.check(str(msg, 'nodeId') as string);
    case 'uncheck':
      return tool.uncheck(str(msg, 'nodeId') as string);
    case 'focus':
      return tool.focus(str(msg, 'nodeId') as string);
    case 'clear':
      return tool.clear(str(msg, 'nodeId') as string);
    case 'type':
      return tool.type(str(msg, 'nodeId') as string, str(msg, 'text', true) ?? '', { replace: bool(msg, 'replace'), pressEnter: bool(msg, 'pressEnter') });
    case 'keypress': {
      const modifiers = isArray(msg.modifiers) ? msg.modifiers.filter((m): m is string => typeof m === 'string') : undefined;
      return tool.keypress(str(msg, 'key') as string, { modifiers, id: str(msg, 'nodeId', true) });
    }
    case 'select': {
      const value = isArray(msg.value) ? msg.value.filter((v): v is string => typeof v === 'string') : (str(msg, 'value', true) ?? '');
      return tool.select(str(msg, 'nodeId') as string, value);
    }
    case 'scroll': {
      const direction = str(msg, 'direction', true) as 'up' | 'down' | 'left' | 'right' | undefined;
      const amount = typeof msg.amount === 'number' || msg.amount === 'page' ? msg.amount : undefined;
      return tool.scroll(str(msg, 'nodeId', true) ?? 'page', { direction, amount });
    }
    case 'drag': {
      const to = typeof msg.to === 'string' ? msg.to : msg.to && typeof msg.to === 'object' ? (msg.to as { x: number; y: number }) : undefined;
      if (to === undefined) throw new ProtocolFailure('VALIDATION_ERROR', '"to" must be a node id, { x, y } or { dx, dy }.');
      const position = str(msg, 'position', true) as 'before' | 'after' | 'center' | undefined;
      return tool.drag(str(msg, 'nodeId') as string, to, { steps: typeof msg.steps === 'number' ? msg.steps : undefined, position });
    }
    case 'upload': {
      if (!isArray(msg.files) && !(msg.files && typeof msg.files === 'object')) throw new ProtocolFailure('VALIDATION_ERROR', '"files" must be a list of { name, type?, data, encoding? }.');
      const via = str(msg, 'via', true) as 'auto' | 'input' | 'drop' | undefined;
      return tool.upload(str(msg, 'nodeId') as string, msg.files as { name: string; data: string }[], { via });
    }
    case 'highlight':
      return tool.highlight(isArray(msg.nodeIds) ? (msg.nodeIds as string[]) : 'all');
    case 'clearHighlight':
      tool.clearHighlight();
      return { cleared: true };
    default:
      throw new ProtocolFailure('UNKNOWN_MESSAGE', `Unknown message "${String(msg.type)}". Known: ${MESSAGE_TYPES.join(', ')}.`);
  }
}

/** Answers one `domtool:*` message. Never throws; the answer is always plain data. */
export async function handleMessage(tool: ProtocolTool, message: unknown): Promise<DomToolResponse> {
  const type = isDomToolMessage(message) ? message.type : String((message as { type?: unknown } | null)?.type);
  try {
    if (!isDomToolMessage(message)) throw new ProtocolFailure('VALIDATION_ERROR', 'A message needs a "type" starting with "domtool:".');
    const result = await dispatch(tool, message as Record<string, unknown>);
    return { ok: true, type, result: toPlainData(result) };
  } catch (e) {
    const failure = e instanceof ProtocolFailure ? e : null;
    return {
      ok: false,
      type,
      error: {
        code: failure ? failure.code : 'INTERNAL_ERROR',
        message: failure ? failure.message : `DomTool failed: ${(e as Error)?.message ?? String(e)}. Take a fresh snapshot and retry.`,
        recoverable: failure ? failure.code !== 'UNKNOWN_MESSAGE' : true,
      },
    };
  }
}

/** A handler bound to one tool (what content scripts and the IIFE expose). */
export function createMessageHandler(tool: ProtocolTool): (message: unknown) => Promise<DomToolResponse> {
  return (message) => handleMessage(tool, message);
}
