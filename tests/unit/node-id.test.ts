// The id format has one definition (snapshot/ids/node-id.ts): every id the snapshot writes
// passes it, and a string that cannot be an id is a VALIDATION_ERROR before any lookup,
// with or without a snapshot, so the answer never changes after a refresh.
import { describe, expect, it, vi } from 'vitest';
import type { DomToolError } from '../../src/actions/result';
import { isNodeId } from '../../src/snapshot/ids/node-id';
import { IdAllocator, formatId } from '../../src/snapshot/ids/element-ids';
import { resolveTarget, type SnapshotLike } from '../../src/actions/resolve';

const emptySnapshot: SnapshotLike = {
  takenAt: 0,
  getElement: () => null,
  getNodeId: () => undefined,
  getFingerprint: () => null,
  has: () => false,
};

describe('isNodeId', () => {
  it('accepts every id the allocator hands out, and the summary/omission suffixes', () => {
    const alloc = new IdAllocator();
    for (const h of [0, 1, 35, 36, 0xfffff, 0x100000, 0xffffffff, 0x9e3779b9]) {
      expect(isNodeId(formatId(h))).toBe(true);
      expect(isNodeId(alloc.allocate(h))).toBe(true);
    }
    for (let i = 0; i < 2000; i++) expect(isNodeId(alloc.allocate(i * 2654435761))).toBe(true);
    expect(isNodeId(formatId(123) + '_s')).toBe(true);
    expect(isNodeId(formatId(123) + '_o')).toBe(true);
  });

  it('refuses what cannot be an id', () => {
    for (const bad of [
      '4',
      'button',
      '',
      'nv_',
      'NV_A4CO',
      'nv_a4co ',
      ' nv_a4co',
      'nv-a4co',
      '#nv_a4co',
      '[nv_a4co]',
      'nv_' + 'a'.repeat(62),
      4,
      null,
      undefined,
      {},
      ['nv_a'],
    ]) {
      expect(isNodeId(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('resolveTarget on a malformed id', () => {
  it('gives VALIDATION_ERROR before and after a snapshot exists, without refreshing', async () => {
    for (const latest of [() => null, () => emptySnapshot]) {
      const refresh = vi.fn(async () => emptySnapshot);
      const err = (await resolveTarget('4', { latest, refresh }).catch((e: unknown) => e)) as DomToolError;
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.message).toContain('nv_');
      expect(refresh).not.toHaveBeenCalled();
    }
  });

  it('still refreshes once for a well-formed unknown id (ELEMENT_NOT_FOUND)', async () => {
    const refresh = vi.fn(async () => emptySnapshot);
    const err = (await resolveTarget('nv_4', { latest: () => emptySnapshot, refresh }).catch(
      (e: unknown) => e,
    )) as DomToolError;
    expect(err.code).toBe('ELEMENT_NOT_FOUND');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('getText({ root }) with a malformed id', () => {
  it('says it is not a node id (and a well-formed unknown id that it is not in the snapshot)', async () => {
    const { DomTool } = await import('../../src/DomTool');
    document.body.innerHTML = '<button>Save</button>';
    const tool = new DomTool();
    expect(await tool.getText({ root: '4' })).toMatch(/^# "4" is not a node id/);
    expect(await tool.getText({ root: 'nv_zzzz' })).toMatch(/^# nv_zzzz is not in snapshot/);
  });
});
