import { describe, expect, it } from 'vitest';
import {
  DomToolError,
  failureResult,
  isDomToolError,
  msg,
  successResult,
  toDomToolError,
} from '../../src/actions/result';

describe('result contract (A5)', () => {
  it('success results always report invalidation', () => {
    const r = successResult(0, { mutations: 2 }, ['note']);
    expect(r).toMatchObject({ success: true, snapshotInvalidated: true, effect: { mutations: 2 }, notes: ['note'] });
    expect(typeof r.duration).toBe('number');
    expect(successResult(0, { mutations: 0 }, [], true).noObservableEffect).toBe(true);
  });

  it('failure results carry code, message, recoverable and retrySuggested', () => {
    const r = failureResult(0, new DomToolError('STALE_NODE', msg.stale('nv_1', 'x')));
    expect(r).toMatchObject({
      success: false,
      snapshotInvalidated: true,
      retrySuggested: true,
      error: { code: 'STALE_NODE', recoverable: true },
    });
    expect(failureResult(0, new DomToolError('CROSS_ORIGIN', msg.crossOrigin('nv_1'))).error?.recoverable).toBe(false);
    expect(failureResult(0, new DomToolError('OBSCURED', 'x')).retrySuggested).toBeUndefined();
  });

  it('wraps any thrown value into ACTION_FAILED', () => {
    const e = toDomToolError(new TypeError('boom'), 'click');
    expect(e.code).toBe('ACTION_FAILED');
    expect(e.message).toContain('boom');
    expect(toDomToolError('weird', 'type').message).toContain('weird');
    const typed = new DomToolError('TIMEOUT', 't');
    expect(toDomToolError(typed, 'x')).toBe(typed);
    expect(isDomToolError(typed)).toBe(true);
  });

  it('rebuilds the typed error from a result', () => {
    const r = failureResult(0, new DomToolError('ELEMENT_NOT_FOUND', msg.notFound('nv_9')));
    const e = DomToolError.fromResult(r)!;
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe('ELEMENT_NOT_FOUND');
    expect(e.retrySuggested).toBe(true);
    expect(DomToolError.fromResult(successResult(0))).toBeNull();
  });

  it('messages tell the agent what to do next', () => {
    expect(msg.stale('nv_1', 'd')).toContain('take a fresh snapshot');
    expect(msg.notFound('nv_1')).toContain('Take a fresh snapshot');
    expect(msg.obscured('nv_1', 'button "Buy"', 'dialog "Cookies"')).toContain('dialog "Cookies"');
  });
});
