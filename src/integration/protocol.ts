// The `domtool:*` message protocol (I3), transport-free: the content script feeds it
// chrome.runtime messages, the IIFE exposes it for page-world callers. Every answer
// is plain JSON data and nothing ever throws out of it: failures come back as
// `{ ok: false, error: { code, message, recoverable } }` (errors as data).
import { toPlainData } from '../dom/safe-json';
import { isDomToolError } from '../actions/result';
import { cut } from '../actions/result';
import type { ErrorCode, ErrorInfo } from '../types';
import {
  COMMANDS,
  commandForMessage,
  messageTypes as typesOf,
  type Command,
  type CommandMethods,
  type CommandRequest,
} from '../commands/table';

import { MESSAGE_PREFIX, isDomToolMessage } from './message-type';
export { MESSAGE_PREFIX, isDomToolMessage } from './message-type';

/** Requests: a liveness ping, then one per entry of the command table. `nodeId` is a snapshot id (`nv_…`). */
export type DomToolRequest = { type: 'domtool:ping' } | CommandRequest;

export type DomToolRequestType = DomToolRequest['type'];

/** An error as data; the codes are the one ErrorCode union (UNKNOWN_MESSAGE, INTERNAL_ERROR among them). */
export type ProtocolError = ErrorInfo;

/** `ok` says the request was handled; an action's own outcome is `result.ok`. */
export type DomToolResponse =
  | { ok: true; type: string; result: unknown }
  | { ok: false; type: string; error: ProtocolError };

type MessagedName = Extract<(typeof COMMANDS)[number], { message: object }>['name'];
/** What the protocol calls: DomTool, or anything shaped like it (tests, wrappers). */
export type ProtocolTool = Pick<CommandMethods, MessagedName>;

/** Every message type, from the command table (older names of a type follow it). */
export const MESSAGE_TYPES: readonly DomToolRequestType[] = messageTypes();

function messageTypes(): DomToolRequestType[] {
  const out = [MESSAGE_PREFIX + 'ping'];
  for (let i = 0; i < COMMANDS.length; i++)
    for (const type of typesOf(COMMANDS[i] as Command)) out.push(MESSAGE_PREFIX + type);
  return out as DomToolRequestType[];
}

class ProtocolFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

async function dispatch(tool: ProtocolTool, msg: Record<string, unknown>): Promise<unknown> {
  const type = String(msg.type).slice(MESSAGE_PREFIX.length);
  if (type === 'ping') return { pong: true };
  const c = commandForMessage(type);
  if (!c || !c.message)
    throw new ProtocolFailure(
      'UNKNOWN_MESSAGE',
      `Unknown message "${cut(String(msg.type))}". Known: ${MESSAGE_TYPES.join(', ')}.`,
    );
  // A malformed request is refused here, as a protocol error (ok: false), before any call.
  const args = c.check(c.message.args(msg));
  const method = (tool as unknown as Record<string, (...a: unknown[]) => unknown>)[c.name];
  const result = await method.apply(tool, args);
  return c.message.answer ? c.message.answer(result) : result;
}

/** Answers one `domtool:*` message. Never throws; the answer is always plain data. */
export async function handleMessage(tool: ProtocolTool, message: unknown): Promise<DomToolResponse> {
  const type = isDomToolMessage(message) ? message.type : String((message as { type?: unknown } | null)?.type);
  try {
    if (!isDomToolMessage(message))
      throw new ProtocolFailure('VALIDATION_ERROR', 'A message needs a "type" starting with "domtool:".');
    const result = await dispatch(tool, message);
    return { ok: true, type, result: toPlainData(result) };
  } catch (e) {
    const failure = e instanceof ProtocolFailure || isDomToolError(e) ? e : null;
    return {
      ok: false,
      type,
      error: {
        code: failure ? failure.code : 'INTERNAL_ERROR',
        message: failure
          ? failure.message
          : `DomTool failed: ${(e as Error)?.message ?? String(e)}. Take a fresh snapshot and retry.`,
        recoverable: failure ? failure.code !== 'UNKNOWN_MESSAGE' : true,
      },
    };
  }
}

/** A handler bound to one tool (what content scripts and the IIFE expose). */
export function createMessageHandler(tool: ProtocolTool): (message: unknown) => Promise<DomToolResponse> {
  return (message) => handleMessage(tool, message);
}
