// ActionRunner contract in a fake DOM: never throws, always invalidates (F3), one
// refresh on a missing id (F4), metrics reported. Layout-dependent behaviour
// (hit testing, events) is covered by the browser specs.
import { describe, expect, it, vi } from 'vitest';
import { ActionRunner, type ActionHost } from '../../src/actions/ActionRunner';
import type { SnapshotLike } from '../../src/actions/resolve';

function host(snapshot: SnapshotLike | null = null) {
  const empty: SnapshotLike = {
    takenAt: 0,
    getElement: () => null,
    getNodeId: () => undefined,
    getFingerprint: () => null,
    has: () => false,
  };
  const h = {
    document: () => document,
    effectWindowMs: () => 10,
    latestSnapshot: () => snapshot,
    refreshSnapshot: vi.fn(async () => snapshot ?? empty),
    invalidate: vi.fn(),
    metrics: vi.fn(),
  } satisfies ActionHost;
  return h;
}

describe('ActionRunner', () => {
  it('invalidates after a failure and reports metrics', async () => {
    const h = host();
    const runner = new ActionRunner(h);
    const r = await runner.click('nv_nothing');
    expect(r.success).toBe(false);
    expect(r.error?.code).toBe('ELEMENT_NOT_FOUND');
    expect(h.invalidate).toHaveBeenCalledTimes(1);
    expect(h.refreshSnapshot).toHaveBeenCalledTimes(1);
    expect(h.metrics).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'action', action: 'click', success: false, code: 'ELEMENT_NOT_FOUND' }),
    );
  });

  it('validates arguments without throwing', async () => {
    const runner = new ActionRunner(host());
    expect((await runner.type('nv_a', 5 as unknown as string)).error?.code).toBe('VALIDATION_ERROR');
    expect((await runner.keypress(null, 'NotAKey')).error?.code).toBe('VALIDATION_ERROR');
    expect((await runner.select('nv_a', [] as string[])).error?.code).toBe('VALIDATION_ERROR');
    expect((await runner.scroll('page', { direction: 'diagonal' as 'up' })).error?.code).toBe('VALIDATION_ERROR');
    expect((await runner.scroll('page', { amount: -3 })).error?.code).toBe('VALIDATION_ERROR');
  });

  it('invalidates after a success too', async () => {
    document.body.innerHTML = '<input id="q">';
    const h = host();
    const runner = new ActionRunner(h);
    (document.getElementById('q') as HTMLInputElement).focus();
    const r = await runner.keypress(null, 'x');
    expect(r.success).toBe(true);
    expect(r.snapshotInvalidated).toBe(true);
    expect(h.invalidate).toHaveBeenCalledTimes(1);
  });

  it('a throwing metrics callback does not break the result', async () => {
    const h = {
      ...host(),
      metrics: () => {
        throw new Error('nope');
      },
    };
    const r = await new ActionRunner(h).click('nv_x');
    expect(r.error?.code).toBe('ELEMENT_NOT_FOUND');
  });
});
