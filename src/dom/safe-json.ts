// JSON for the page's own world (R2). `JSON.stringify` consults `toJSON` on every
// object, and Prototype.js-era pages define `Array.prototype.toJSON`, which makes
// every array come out as a JSON *string* ("[1,2]" instead of [1,2]). These
// helpers never look at `toJSON` and only read own enumerable keys, so prototype
// pollution and patched `toJSON` cannot change the output.
import { isArray, objectKeys } from './builtins';

const nativeStringify = JSON.stringify;

/** Plain-data deep copy: what `JSON.parse(JSON.stringify(v))` gives on a clean page. */
export function toPlainData(value: unknown): unknown {
  return plain(value, []);
}

function plain(value: unknown, stack: object[]): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return isFinite(value) ? value : null;
    case 'object':
      break;
    default:
      return undefined; // functions, symbols, bigint, undefined: dropped like JSON does
  }
  const obj = value as Record<string, unknown>;
  if (stack.indexOf(obj) >= 0) throw new TypeError('Converting circular structure to JSON');
  // DOM nodes are never data; keep them out of messages.
  if (
    typeof (obj as { nodeType?: unknown }).nodeType === 'number' &&
    typeof (obj as { nodeName?: unknown }).nodeName === 'string'
  ) {
    return undefined;
  }
  stack.push(obj);
  try {
    if (isArray(obj)) {
      const out: unknown[] = [];
      for (let i = 0; i < obj.length; i++) {
        const v = plain(obj[i], stack);
        out.push(v === undefined ? null : v);
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    const keys = objectKeys(obj);
    for (let i = 0; i < keys.length; i++) {
      const v = plain(obj[keys[i]], stack);
      if (v !== undefined) out[keys[i]] = v;
    }
    return out;
  } finally {
    stack.pop();
  }
}

/** `JSON.stringify(value)` as a clean page would produce it (compact, or indented by `space`). */
export function safeStringify(value: unknown, space = 0): string {
  const data = plain(value, []);
  return data === undefined ? 'undefined' : write(data, space > 0 ? ' '.repeat(space) : '', '');
}

function write(value: unknown, indent: string, current: string): string {
  // Primitives: the native serializer only consults toJSON for objects, so it is safe here.
  if (value === null || typeof value !== 'object') return nativeStringify(value);
  const inner = current + indent;
  const sep = indent ? ',\n' + inner : ',';
  const open = indent ? '\n' + inner : '';
  const close = indent ? '\n' + current : '';
  const parts: string[] = [];
  if (isArray(value)) {
    for (let i = 0; i < value.length; i++) parts.push(write(value[i], indent, inner));
    return parts.length ? '[' + open + parts.join(sep) + close + ']' : '[]';
  }
  const obj = value as Record<string, unknown>;
  const keys = objectKeys(obj);
  for (let i = 0; i < keys.length; i++) {
    parts.push(nativeStringify(keys[i]) + (indent ? ': ' : ':') + write(obj[keys[i]], indent, inner));
  }
  return parts.length ? '{' + open + parts.join(sep) + close + '}' : '{}';
}
