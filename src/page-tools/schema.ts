// The JSON Schema subset page tools declare (WebMCP inputSchema): an object of typed
// properties with `required`, `enum`, nested objects and arrays. Checked before a tool is
// called so that a bad input is refused with the field named (S17), without shipping a
// full JSON Schema validator inside other people's pages.
import { isArray } from '../dom/builtins';

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** false: no argument beyond `properties`; a schema: what each other argument must be. */
  additionalProperties?: boolean | JsonSchema;
}

/** The first problem with `value` against `schema` ("query: expected a string"), or null. */
export function schemaProblem(schema: JsonSchema | undefined, value: unknown, path = 'input'): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const types = schema.type === undefined ? [] : isArray(schema.type) ? schema.type : [schema.type];
  if (types.length && !types.some((t) => hasType(value, t)))
    return `${path}: expected ${types.join(' or ')}, got ${describe(value)}`;
  if (schema.enum && !schema.enum.some((v) => v === value))
    return `${path}: expected one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return `${path}: at least ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return `${path}: at most ${schema.maximum}`;
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      return `${path}: at least ${schema.minLength} characters`;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      return `${path}: at most ${schema.maxLength} characters`;
  }
  if (isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const problem = schemaProblem(schema.items, value[i], `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  if (value && typeof value === 'object' && !isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? [])
      if (record[key] === undefined) return `${path === 'input' ? key : `${path}.${key}`}: required`;
    const known = schema.properties ?? {};
    for (const key of Object.keys(record)) {
      if (record[key] === undefined) continue;
      const at = path === 'input' ? key : `${path}.${key}`;
      const own = Object.prototype.hasOwnProperty.call(known, key) ? known[key] : undefined;
      // An argument the tool does not take is refused, not dropped: a model that misspells
      // one ("ref_id", "submitt") would otherwise be told it succeeded at what it did not ask.
      if (!own && schema.additionalProperties === false) return unknownArgument(at, known);
      const problem = schemaProblem(
        own ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined),
        record[key],
        at,
      );
      if (problem) return problem;
    }
  }
  return null;
}

function unknownArgument(at: string, known: Record<string, JsonSchema>): string {
  const names = Object.keys(known);
  return `${at}: not an argument of this tool (${names.length ? `it takes ${names.join(', ')}` : 'it takes none'})`;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && isFinite(value);
    case 'integer':
      return typeof value === 'number' && Math.floor(value) === value;
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return isArray(value);
    case 'null':
      return value === null;
    case 'object':
      return !!value && typeof value === 'object' && !isArray(value);
    default:
      return true;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}

/** "query: string, limit?: integer" — the argument list shown in the text snapshot. */
export function argumentList(schema: JsonSchema | undefined): string {
  const props = schema?.properties;
  if (!props) return '';
  const required = schema?.required ?? [];
  return Object.keys(props)
    .map((key) => {
      const p = props[key];
      const type = p.enum
        ? p.enum.map((v) => JSON.stringify(v)).join('|')
        : isArray(p.type)
          ? p.type.join('|')
          : (p.type ?? 'any');
      return `${key}${required.indexOf(key) >= 0 ? '' : '?'}: ${type}`;
    })
    .join(', ');
}
