// The loader every frame runs (integration/content-stub.ts, issue 19): what it answers by
// itself, when it asks the service worker for the core, and what it does when that fails.
// Pure message logic with a stand-in chrome.runtime; the real extension runs it in
// tests/browser/extension-*.spec.ts and hostile-load.spec.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CORE_SLOT, LOAD_CORE, installDomToolContentStub, type CoreFactory } from '../../src/integration/content-stub';
import type { DomToolResponse } from '../../src/integration/protocol';

type Listener = (message: unknown, sender: unknown, sendResponse: (r: DomToolResponse) => void) => boolean | undefined;

const g = globalThis as unknown as Record<PropertyKey, unknown>;

function fakeRuntime(inject: () => { ok: boolean; message?: string } | undefined) {
  const listeners: Listener[] = [];
  const runtime = {
    id: 'ext',
    onMessage: {
      addListener: (l: Listener) => listeners.push(l),
      removeListener: (l: Listener) => listeners.splice(listeners.indexOf(l), 1),
    },
    sendMessage: vi.fn(async (m: { type: string }) => (m.type === LOAD_CORE ? inject() : undefined)),
  };
  g.chrome = { runtime };
  /** Delivers a message as chrome.runtime.onMessage would; resolves with the answer (or 'not ours'). */
  const send = (message: unknown) =>
    new Promise<DomToolResponse | 'not ours'>((resolve) => {
      const kept = listeners[0](message, {}, resolve);
      if (kept !== true) resolve('not ours');
    });
  return { runtime, listeners, send };
}

/** A core that answers every request with its type and counts how often it was made. */
function fakeCore() {
  const made = vi.fn();
  const handled: string[] = [];
  const factory: CoreFactory = (_runtime, handshake) => {
    made(handshake);
    return {
      get tool(): never {
        throw new Error('not used');
      },
      handle: async (m: unknown) => {
        handled.push((m as { type: string }).type);
        return { ok: true, type: (m as { type: string }).type, result: 'from core' };
      },
      dispose: vi.fn(),
    };
  };
  return { factory, made, handled };
}

describe('installDomToolContentStub', () => {
  beforeEach(() => {
    delete g[CORE_SLOT];
  });
  afterEach(() => {
    delete g.chrome;
    delete g[CORE_SLOT];
    for (const key of Object.getOwnPropertySymbols(g))
      if (String(key).includes('browserx.domtool.contentStub')) delete g[key];
  });

  it('answers the ping and the frame handshake itself, never loading the core', async () => {
    const { runtime, send } = fakeRuntime(() => ({ ok: true }));
    const stub = installDomToolContentStub();
    expect(await send({ type: 'domtool:ping' })).toEqual({ ok: true, type: 'domtool:ping', result: { pong: true } });
    expect(await send({ type: 'domtool:frameHello', nonce: 'n1' })).toEqual({
      ok: true,
      type: 'domtool:frameHello',
      result: true,
    });
    expect(await send({ type: 'other:thing' })).toBe('not ours');
    expect(runtime.sendMessage).not.toHaveBeenCalled();
    expect(stub.loaded).toBe(false);
  });

  it('on the first request asks the service for the core once, then hands every request to it', async () => {
    const core = fakeCore();
    const { runtime, send } = fakeRuntime(() => {
      g[CORE_SLOT] = core.factory; // what executeScript of content-core.js does
      return { ok: true };
    });
    const stub = installDomToolContentStub();
    const [a, b] = await Promise.all([send({ type: 'domtool:getText' }), send({ type: 'domtool:getSnapshot' })]);
    expect(a).toEqual({ ok: true, type: 'domtool:getText', result: 'from core' });
    expect(b).toEqual({ ok: true, type: 'domtool:getSnapshot', result: 'from core' });
    await send({ type: 'domtool:click', nodeId: 'nv_1' });
    expect(runtime.sendMessage).toHaveBeenCalledTimes(1);
    expect(runtime.sendMessage).toHaveBeenCalledWith({ type: LOAD_CORE });
    expect(core.made).toHaveBeenCalledTimes(1);
    // The core gets the handshake that has been listening since the frame loaded.
    expect(core.made.mock.calls[0][0]).not.toBeNull();
    expect(core.handled).toEqual(['domtool:getText', 'domtool:getSnapshot', 'domtool:click']);
    expect(stub.loaded).toBe(true);
  });

  it('uses a core already in this world without asking (bundled, or injected before)', async () => {
    const core = fakeCore();
    g[CORE_SLOT] = core.factory;
    const { runtime, send } = fakeRuntime(() => ({ ok: false, message: 'should not be asked' }));
    installDomToolContentStub();
    expect(await send({ type: 'domtool:getText' })).toMatchObject({ ok: true, result: 'from core' });
    expect(runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('a failed injection is an error answer that says why, and the next request tries again', async () => {
    const core = fakeCore();
    let attempt = 0;
    const { runtime, send } = fakeRuntime(() => {
      attempt++;
      if (attempt === 1) return { ok: false, message: 'Cannot access contents of the page' };
      if (attempt === 2) return undefined; // no service worker listening
      g[CORE_SLOT] = core.factory;
      return { ok: true };
    });
    installDomToolContentStub();
    const first = await send({ type: 'domtool:getText' });
    expect(first).toMatchObject({
      ok: false,
      type: 'domtool:getText',
      error: { code: 'INTERNAL_ERROR', recoverable: true },
    });
    expect((first as { error: { message: string } }).error.message).toContain('Cannot access contents of the page');
    const second = await send({ type: 'domtool:getText' });
    expect((second as { error: { message: string } }).error.message).toContain('createDomToolService()');
    expect(await send({ type: 'domtool:getText' })).toMatchObject({ ok: true, result: 'from core' });
    expect(runtime.sendMessage).toHaveBeenCalledTimes(3);
  });

  it('installed twice answers once; outside an extension it says what to use instead', () => {
    const { listeners } = fakeRuntime(() => ({ ok: true }));
    const first = installDomToolContentStub();
    expect(installDomToolContentStub()).toBe(first);
    expect(listeners).toHaveLength(1);
    first.dispose();
    expect(listeners).toHaveLength(0);
    delete g.chrome;
    expect(() => installDomToolContentStub()).toThrow(/extension content script/);
  });
});
