import { describe, expect, it } from 'vitest';
import { BRAND, GLOBAL_NAME, GLOBAL_SYMBOL, installGlobal } from '../../src/integration/global';
import { DEBUG_FLAG, installDebugHandle } from '../../src/integration/debug';
import type { DomTool } from '../../src/DomTool';

const api = (version = '1.0.0') =>
  ({ __brand: BRAND, version }) as { __brand: typeof BRAND; version: string; displaced?: unknown };

describe('installGlobal', () => {
  it('installs on an empty global', () => {
    const win: Record<PropertyKey, unknown> = {};
    const a = api();
    expect(installGlobal(win, a)).toEqual({ api: a, status: 'installed' });
    expect(win[GLOBAL_NAME]).toBe(a);
    expect(win[GLOBAL_SYMBOL]).toBe(a);
  });

  it('keeps the first copy of the same build', () => {
    const win: Record<PropertyKey, unknown> = {};
    const first = api();
    installGlobal(win, first);
    const second = installGlobal(win, api());
    expect(second.status).toBe('kept-first');
    expect(second.api).toBe(first);
    expect(win[GLOBAL_NAME]).toBe(first);
  });

  it('replaces another version and a getter-only squatter', () => {
    const win: Record<PropertyKey, unknown> = {};
    const stale = { version: 'old' };
    Object.defineProperty(win, GLOBAL_NAME, { get: () => stale, configurable: true });
    const a = api();
    expect(installGlobal(win, a).status).toBe('replaced');
    expect(win[GLOBAL_NAME]).toBe(a);
    expect(a.displaced).toBe(stale);
    const b = api('2.0.0');
    expect(installGlobal(win, b).status).toBe('replaced');
    expect(b.displaced).toBe(a);
  });

  it('falls back to the symbol when the name is locked, and survives a throwing getter', () => {
    const locked: Record<PropertyKey, unknown> = {};
    Object.defineProperty(locked, GLOBAL_NAME, { value: 1, writable: false, configurable: false });
    expect(installGlobal(locked, api()).status).toBe('symbol-only');
    const throwing: Record<PropertyKey, unknown> = {};
    Object.defineProperty(throwing, GLOBAL_NAME, {
      get() {
        throw new Error('nope');
      },
      configurable: true,
    });
    expect(installGlobal(throwing, api()).status).toBe('installed');
  });
});

describe('installDebugHandle', () => {
  class FakeTool {
    constructor(readonly options: unknown) {}
  }
  const Tool = FakeTool as unknown as new () => DomTool;

  it('replaces only the literal flag true', () => {
    const win: Record<string, unknown> = { [DEBUG_FLAG]: true };
    const tool = installDebugHandle(win, Tool);
    expect(tool).toBeInstanceOf(FakeTool);
    expect(win[DEBUG_FLAG]).toBe(tool);
    expect((tool as unknown as FakeTool).options).toMatchObject({ debug: true });
    expect(installDebugHandle(win, Tool)).toBeUndefined(); // an existing handle stays
    expect(win[DEBUG_FLAG]).toBe(tool);
    expect(installDebugHandle({ [DEBUG_FLAG]: 'yes' }, Tool)).toBeUndefined();
  });
});
