import { afterEach, describe, expect, it } from 'vitest';
import { safeStringify, toPlainData } from '../../src/dom/safe-json';
import { toArray } from '../../src/dom/builtins';

const proto = Array.prototype as unknown as Record<string, unknown>;
const objProto = Object.prototype as unknown as Record<string, unknown>;

describe('safe JSON under a Prototype.js-style page', () => {
  afterEach(() => {
    delete proto.toJSON;
    delete objProto.polluted;
  });

  it('ignores Array.prototype.toJSON and prototype pollution', () => {
    const value = { a: [1, 'x', [true, null]], b: { c: 'd"e' }, skip: undefined, fn: () => 1 };
    const clean = JSON.stringify(value);
    proto.toJSON = function (this: unknown[]) {
      return 'tampered';
    };
    objProto.polluted = 1;
    expect(JSON.stringify(value)).not.toBe(clean); // the page's JSON is broken …
    expect(safeStringify(value)).toBe(clean); // … ours is not
    expect(toPlainData(value)).toEqual({ a: [1, 'x', [true, null]], b: { c: 'd"e' } });
  });

  it('matches JSON.stringify indentation, NaN, undefined-in-array and empty containers', () => {
    const value = { n: NaN, list: [undefined, 2], e: [], o: {}, s: 'é\n' };
    expect(safeStringify(value, 2)).toBe(JSON.stringify(value, null, 2));
    expect(safeStringify(value)).toBe(JSON.stringify(value));
  });

  it('drops DOM nodes and rejects cycles like JSON does', () => {
    expect(toPlainData({ el: document.createElement('div'), x: 1 })).toEqual({ x: 1 });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => safeStringify(cyclic)).toThrow(TypeError);
  });
});

describe('toArray', () => {
  it('copies iterables and array-likes without Array.from', () => {
    const from = Array.from;
    Array.from = (() => []) as typeof Array.from;
    try {
      expect(toArray(new Set([1, 2]))).toEqual([1, 2]);
      expect(toArray({ length: 2, 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
    } finally {
      Array.from = from;
    }
  });
});
