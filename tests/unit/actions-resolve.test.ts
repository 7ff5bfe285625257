// Id resolution (A3, F4) against a fake snapshot source: refresh-once, stale
// fingerprints, tolerance rules of the fingerprint comparison.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compareFingerprint, resolveTarget, type SnapshotLike, type SnapshotSource } from '../../src/actions/resolve';
import type { NodeFingerprint } from '../../src/types';
import { DomToolError } from '../../src/actions/result';

function fakeSnapshot(entries: Record<string, { el: Element; fp: NodeFingerprint }>): SnapshotLike {
  return {
    takenAt: 0,
    getElement: (id) => entries[id]?.el ?? null,
    getNodeId: () => undefined,
    getFingerprint: (id) => entries[id]?.fp ?? null,
    has: (id) => id in entries,
  };
}

beforeEach(() => {
  document.body.innerHTML =
    '<button id="a">Save</button><button id="b">Delete</button><input id="q" aria-label="Search">';
});

describe('compareFingerprint', () => {
  const fp = (tag: string, role: string, name: string) => ({ tag, role, name });
  it('matches on tag, role and normalized name', () => {
    expect(compareFingerprint(fp('button', 'button', 'Save  draft'), fp('button', 'button', 'Save draft'))).toBeNull();
    expect(compareFingerprint(fp('button', 'button', 'Save'), fp('a', 'button', 'Save'))).toContain('<a>');
    expect(compareFingerprint(fp('div', 'button', 'Go'), fp('div', 'link', 'Go'))).toContain('role');
    expect(compareFingerprint(fp('button', 'button', 'Remove Apple'), fp('button', 'button', 'Remove Zinc'))).toContain(
      'Remove Zinc',
    );
  });
  it('compares truncated names on the recorded prefix', () => {
    expect(
      compareFingerprint(fp('a', 'link', 'A very long link na…'), fp('a', 'link', 'A very long link name indeed')),
    ).toBeNull();
    expect(compareFingerprint(fp('a', 'link', 'A very long link na…'), fp('a', 'link', 'Another link'))).not.toBeNull();
  });
  it('treats generic/none/empty roles alike', () => {
    expect(compareFingerprint(fp('div', '', ''), fp('div', 'generic', ''))).toBeNull();
  });
  it('tolerates a textbox name that follows its value', () => {
    expect(compareFingerprint(fp('input', 'textbox', ''), fp('input', 'textbox', 'hello'), 'hello')).toBeNull();
    expect(compareFingerprint(fp('input', 'textbox', 'Email'), fp('input', 'textbox', 'Phone'), '')).not.toBeNull();
  });
});

describe('resolveTarget', () => {
  const a = () => document.getElementById('a')!;
  const live = (el: Element): NodeFingerprint => ({ tag: el.localName, role: 'button', name: el.textContent ?? '' });

  it('resolves from the latest snapshot without refreshing', async () => {
    const snap = fakeSnapshot({ nv_a: { el: a(), fp: live(a()) } });
    const source: SnapshotSource = { latest: () => snap, refresh: vi.fn() };
    const r = await resolveTarget('nv_a', source);
    expect(r.element).toBe(a());
    expect(source.refresh).not.toHaveBeenCalled();
  });

  it('refreshes once for a missing id, then ELEMENT_NOT_FOUND', async () => {
    const empty = fakeSnapshot({});
    const refresh = vi.fn(async () => empty);
    await expect(resolveTarget('nv_zz', { latest: () => empty, refresh })).rejects.toMatchObject({
      code: 'ELEMENT_NOT_FOUND',
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('finds a re-rendered element after the refresh when it still matches the old fingerprint', async () => {
    const old = document.createElement('button');
    old.textContent = 'Save';
    const before = fakeSnapshot({ nv_a: { el: old, fp: live(old) } });
    const after = fakeSnapshot({ nv_a: { el: a(), fp: live(a()) } });
    const r = await resolveTarget('nv_a', { latest: () => before, refresh: async () => after });
    expect(r.element).toBe(a());
    expect(r.refreshed).toBe(true);
  });

  it('refuses an id whose element now reads differently (STALE_NODE)', async () => {
    const snap = fakeSnapshot({ nv_a: { el: a(), fp: { tag: 'button', role: 'button', name: 'Save' } } });
    a().textContent = 'Delete everything';
    const err = (await resolveTarget('nv_a', { latest: () => snap, refresh: async () => snap }).catch(
      (e: unknown) => e,
    )) as DomToolError;
    expect(err).toBeInstanceOf(DomToolError);
    expect(err.code).toBe('STALE_NODE');
    expect(err.message).toMatch(/^The page changed since the snapshot; take a fresh snapshot/);
  });

  it('rejects malformed ids', async () => {
    const src = { latest: () => null, refresh: vi.fn() };
    await expect(resolveTarget('', src)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(resolveTarget(42, src)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(src.refresh).not.toHaveBeenCalled();
  });
});
