// How the command table reads its arguments: the fields of a `domtool:*` message turned into
// call arguments, and the argument forms more than one entry shares (element targets,
// keypress's two forms, drag destinations, files).
import { isArray } from '../dom/builtins';
import type { KeypressOptions } from '../actions/ActionRunner';
import type { TextTarget } from '../actions/text-target';
import type { DragDestination } from '../actions/drag';
import type { UploadFile } from '../actions/upload';
import { fail as refuse, finite, nodeId, elementTarget, options as checkOptions, string } from './checks';
import { KEYPRESS_SCHEMA } from './schemas';

/** An element argument: a node id, or `{ text, within? }` — the text the agent read (A9). */
export type Target = string | TextTarget;
type Msg = Record<string, unknown>;

export function opts(m: Msg): Msg {
  return m.options && typeof m.options === 'object' ? (m.options as Msg) : {};
}
export const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
/** Message fields saying how a confirm()/prompt() the action raises is answered (A10); checked by the option schema. */
export type DialogMessage = { dialog?: 'accept' | 'dismiss'; promptText?: string };
export const dialogOptions = (m: DialogMessage): DialogMessage => {
  const out: DialogMessage = {};
  if (m.dialog !== undefined) out.dialog = m.dialog;
  if (m.promptText !== undefined) out.promptText = m.promptText;
  return out;
};
export const strings = (v: unknown): string[] | undefined =>
  isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined;

/**
 * How a message names the element it acts on: `nodeId`, or `target` — a node id or
 * `{ text, within? }` (A9). Through the extension service, ids may carry a frame prefix.
 */
export type TargetMessage = { nodeId: string; target?: undefined } | { target: Target; nodeId?: undefined };
export const targetOf = (m: { nodeId?: string; target?: Target }): unknown =>
  m.target !== undefined ? m.target : m.nodeId;

/** click's message: the element, then the click's options and how a dialog it raises is answered. */
export type ClickMessage = TargetMessage & {
  button?: 'left' | 'middle' | 'right';
  clickCount?: number;
  /** held during the click: Alt, Control, ControlOrMeta, Meta, Shift */
  modifiers?: string[];
} & DialogMessage;
export const clickMessageArgs = (m: ClickMessage): unknown[] => [
  targetOf(m),
  { button: m.button, clickCount: m.clickCount, modifiers: strings(m.modifiers), ...dialogOptions(m) },
];

/** type's message: the element, the text, and whether it replaces the value and presses Enter. */
export type TypeMessage = TargetMessage & {
  text: string /** default true */;
  replace?: boolean;
  pressEnter?: boolean;
} & DialogMessage;
export const typeMessageArgs = (m: TypeMessage): unknown[] => [
  targetOf(m),
  m.text === undefined ? '' : m.text,
  { replace: bool(m.replace), pressEnter: bool(m.pressEnter), ...dialogOptions(m) },
];

/**
 * keypress(target, key, options?) — target a node id, `{ text }`, or null for whatever has
 * focus; the deprecated keypress(key, { id }) is told apart by its second argument (a
 * string only in the new form).
 */
export function keypressArgs(raw: unknown[]): [target: Target | null, key: string, options?: KeypressOptions] {
  if (typeof raw[1] === 'string') {
    return [
      raw[0] === null || raw[0] === undefined ? null : elementTarget(raw[0], 'target'),
      string(raw[1], 'key', true),
      checkOptions<KeypressOptions>(raw[2], KEYPRESS_SCHEMA),
    ];
  }
  const { id, ...o } = checkOptions<KeypressOptions>(raw[1], KEYPRESS_SCHEMA);
  return [id === undefined ? null : nodeId(id), string(raw[0], 'key', true), o];
}

export function destination(v: unknown): DragDestination {
  if (typeof v === 'string') return nodeId(v, 'destination');
  const o = v as Record<string, unknown>;
  if (o && typeof o === 'object') {
    if (o.text !== undefined) return elementTarget(o, 'destination');
    if (o.x !== undefined || o.y !== undefined)
      return { x: finite(o.x, 'destination x'), y: finite(o.y, 'destination y') };
    if (o.dx !== undefined || o.dy !== undefined)
      return { dx: finite(o.dx ?? 0, 'destination dx'), dy: finite(o.dy ?? 0, 'destination dy') };
  }
  return refuse(
    'destination',
    'a node id, { text } (the text of the drop target), { x, y } (viewport pixels) or { dx, dy } (pixels from the source)',
    v,
  );
}

export function files(v: unknown): UploadFile | UploadFile[] {
  if (!v || typeof v !== 'object') refuse('files', 'a list of { name, type?, data, encoding? }', v);
  return v as UploadFile | UploadFile[];
}

/**
 * callPageTool's message as arguments. `signal` comes from a caller in the same world: the
 * content script passes the one that a cancel message for this call aborts.
 */
export function pageToolCallArgs(m: {
  name: string;
  input?: Record<string, unknown>;
  signal?: AbortSignal;
}): [name: string, input: Record<string, unknown> | undefined, options?: { signal: AbortSignal }] {
  return [m.name, m.input, m.signal ? { signal: m.signal } : undefined];
}
