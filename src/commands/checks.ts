// Argument checks of the public boundary (issue 18 item 4): every entry of the command
// table checks what a caller (often an LLM writing JSON) handed it before anything runs,
// and answers a wrong value with a VALIDATION_ERROR that names the argument, what it
// expects and (cut to 80 characters: no token bomb) what it got. Nothing here throws
// anything but a DomToolError, and nothing is accepted silently.
import { isArray } from '../dom/builtins';
import { ownOptions } from '../options';
import { DomToolError, cut, msg } from '../actions/result';
import { isNodeId } from '../snapshot/ids/node-id';
import { MAX_TARGET_TEXT, type TextTarget } from '../actions/text-target';

/** How one option is checked: a kind, or the list of the strings it may be. */
export type OptionKind = 'bool' | 'int0' | 'int1' | 'num0' | 'fn' | 'str' | 'obj' | readonly string[];
/** [name, kind] pairs: a list, not an object, so no key enumeration a page could have patched (R2). */
export type OptionSchema = readonly (readonly [string, OptionKind])[];

const EXPECTED: Record<string, string> = {
  bool: 'true or false',
  int0: 'a whole number ≥ 0',
  int1: 'a whole number ≥ 1',
  num0: 'a number ≥ 0',
  fn: 'a function',
  str: 'a string',
  obj: 'an object',
};

function invalid(name: string, expected: string, got: unknown): DomToolError {
  return new DomToolError('VALIDATION_ERROR', msg.invalidArg(name, expected) + ' Got ' + shown(got) + '.');
}

/** A value as a message may echo it: short, one line. */
export function shown(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(cut(v, 60));
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? 'a function' : cut(String(v), 60);
  return isArray(v) ? `a list of ${v.length}` : 'an object';
}

function fits(kind: OptionKind, v: unknown): boolean {
  if (typeof kind !== 'string') return typeof v === 'string' && kind.indexOf(v) >= 0;
  switch (kind) {
    case 'bool':
      return typeof v === 'boolean';
    case 'fn':
      return typeof v === 'function';
    case 'str':
      return typeof v === 'string';
    case 'obj':
      return !!v && typeof v === 'object';
    case 'num0':
      return typeof v === 'number' && v >= 0; // Infinity is a fine "no limit"; NaN fails v >= 0
    default:
      return typeof v === 'number' && v % 1 === 0 && v >= (kind === 'int1' ? 1 : 0);
  }
}

/**
 * An options object: absent (undefined or null, the JavaScript idioms for "none") means
 * the defaults; anything else must be an object whose known keys hold fitting values.
 * Keys the schema does not know pass through (callers mix options of several layers).
 */
export function options<T extends object>(v: unknown, schema: OptionSchema, name = 'options'): T {
  if (v === undefined || v === null) return ownOptions({}) as T;
  if (typeof v !== 'object' || isArray(v)) throw invalid(name, 'an object of options', v);
  // Own properties only: a polluted Object.prototype sets no option (R2).
  const o = ownOptions(v as Record<string, unknown>);
  for (let i = 0; i < schema.length; i++) {
    const [key, kind] = schema[i];
    const value = o[key];
    if (value === undefined) continue;
    if (!fits(kind, value))
      throw invalid(key, typeof kind === 'string' ? EXPECTED[kind] : kind.map((k) => `"${k}"`).join(', '), value);
  }
  return o as T;
}

/** A node id from the snapshot; surrounding white space (as LLMs write ids) is dropped. */
export function nodeId(v: unknown, name = 'id'): string {
  const id = typeof v === 'string' ? v.trim() : v;
  if (!isNodeId(id))
    throw new DomToolError(
      'VALIDATION_ERROR',
      name === 'id'
        ? msg.invalidId(v)
        : msg.invalidArg(name, 'a node id such as nv_1k9x2 from the latest snapshot') + ' Got ' + shown(v) + '.',
    );
  return id;
}

/** An element argument: a node id, or `{ text, within? }` — the text the agent read (A9). */
export function elementTarget(v: unknown, name = 'id'): string | TextTarget {
  if (!v || typeof v !== 'object' || isArray(v)) return nodeId(v, name);
  const o = v as Record<string, unknown>;
  if (typeof o.text !== 'string' || !o.text.trim())
    throw invalid(name, 'a node id, or { text } with the text to act on', v);
  if (o.text.length > MAX_TARGET_TEXT)
    throw invalid(
      name + '.text',
      `a text of at most ${MAX_TARGET_TEXT} characters (quote one line of the snapshot)`,
      v,
    );
  const within = o.within === undefined ? undefined : nodeId(o.within, 'within');
  return within === undefined ? { text: o.text } : { text: o.text, within };
}

export function optionalNodeId(v: unknown, name: string): string | undefined {
  return v === undefined ? undefined : nodeId(v, name);
}

export function string(v: unknown, name: string, nonEmpty = false): string {
  if (typeof v !== 'string' || (nonEmpty && v === ''))
    throw invalid(name, nonEmpty ? 'a non-empty string' : 'a string', v);
  return v;
}

export function oneOf<T extends string>(v: unknown, name: string, allowed: readonly T[]): T {
  if (typeof v !== 'string' || allowed.indexOf(v as T) < 0)
    throw invalid(name, allowed.map((k) => `"${k}"`).join(', '), v);
  return v as T;
}

export function stringList(v: unknown, name: string): string[] {
  if (!isArray(v)) throw invalid(name, 'a list of strings', v);
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') throw invalid(name, 'a list of strings', v);
  return v as string[];
}

export function finite(v: unknown, name: string): number {
  if (typeof v !== 'number' || !isFinite(v)) throw invalid(name, 'a finite number', v);
  return v;
}

export function fail(name: string, expected: string, got: unknown): never {
  throw invalid(name, expected, got);
}
