import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_TYPES, handleMessage, isDomToolMessage, type ProtocolTool } from '../../src/integration/protocol';
import type { ActionResult } from '../../src/types';

const ok: ActionResult = { ok: true, success: true, duration: 1, snapshotInvalidated: true, text: 'ok' };

function fakeTool() {
  const tool = {
    getSerializedDom: vi.fn(async () => ({ page: { body: { children: [1, 2] }, fn: () => 1 } })),
    inspect: vi.fn(async () => ({ ok: true, id: 'nv_1', found: true, actionable: true })),
    getText: vi.fn(async () => 'text'),
    invalidateSnapshot: vi.fn(),
    click: vi.fn(async () => ok),
    type: vi.fn(async () => ok),
    keypress: vi.fn(async () => ok),
    scroll: vi.fn(async () => ok),
    hover: vi.fn(async () => ok),
    select: vi.fn(async () => ok),
    check: vi.fn(async () => ok),
    uncheck: vi.fn(async () => ok),
    focus: vi.fn(async () => ok),
    clear: vi.fn(async () => ok),
    drag: vi.fn(async () => ok),
    upload: vi.fn(async () => ok),
    highlight: vi.fn(async () => ({ shown: 1, missing: [] })),
    clearHighlight: vi.fn(),
  };
  return tool as typeof tool & ProtocolTool;
}

describe('domtool:* protocol', () => {
  it('recognises only domtool: messages', () => {
    expect(isDomToolMessage({ type: 'domtool:click' })).toBe(true);
    expect(isDomToolMessage({ type: 'other' })).toBe(false);
    expect(isDomToolMessage(null)).toBe(false);
  });

  it('maps messages to DomTool calls and returns plain data', async () => {
    const tool = fakeTool();
    const snap = await handleMessage(tool, {
      type: 'domtool:getSnapshot',
      force: true,
      options: { includeLayout: true },
    });
    expect(snap).toEqual({ ok: true, type: 'domtool:getSnapshot', result: { page: { body: { children: [1, 2] } } } });
    expect(tool.getSerializedDom).toHaveBeenCalledWith({ includeLayout: true, force: true });
    await handleMessage(tool, { type: 'domtool:type', nodeId: 'nv_1', text: 'hi ', pressEnter: true });
    expect(tool.type).toHaveBeenCalledWith('nv_1', 'hi ', { replace: undefined, pressEnter: true });
    await handleMessage(tool, { type: 'domtool:keypress', key: 'Enter', modifiers: ['Shift', 3] });
    expect(tool.keypress).toHaveBeenCalledWith(null, 'Enter', { modifiers: ['Shift'] });
    await handleMessage(tool, { type: 'domtool:scroll', direction: 'up' });
    expect(tool.scroll).toHaveBeenCalledWith('page', { direction: 'up', amount: undefined });
    await handleMessage(tool, { type: 'domtool:select', nodeId: 'nv_2', value: ['a', 'b'] });
    expect(tool.select).toHaveBeenCalledWith('nv_2', ['a', 'b']);
    await handleMessage(tool, { type: 'domtool:highlight' });
    expect(tool.highlight).toHaveBeenCalledWith('all');
    await handleMessage(tool, { type: 'domtool:drag', nodeId: 'nv_3', to: 'nv_4', position: 'after' });
    expect(tool.drag).toHaveBeenCalledWith('nv_3', 'nv_4', { steps: undefined, position: 'after' });
    await handleMessage(tool, { type: 'domtool:drag', nodeId: 'nv_3', to: { dx: 40, dy: 0 }, steps: 5 });
    expect(tool.drag).toHaveBeenCalledWith('nv_3', { dx: 40, dy: 0 }, { steps: 5, position: undefined });
    const files = [{ name: 'a.txt', data: 'hi' }];
    await handleMessage(tool, { type: 'domtool:upload', nodeId: 'nv_5', files });
    expect(tool.upload).toHaveBeenCalledWith('nv_5', files, { via: undefined });
    expect(await handleMessage(tool, { type: 'domtool:drag', nodeId: 'nv_3' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(await handleMessage(tool, { type: 'domtool:upload', nodeId: 'nv_3', files: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
  });

  it('message types equal method names; the older names still answer (issue 33)', async () => {
    const tool = fakeTool();
    const json = await handleMessage(tool, { type: 'domtool:getSerializedDom', force: true });
    expect(json).toEqual({
      ok: true,
      type: 'domtool:getSerializedDom',
      result: { page: { body: { children: [1, 2] } } },
    });
    expect(tool.getSerializedDom).toHaveBeenCalledWith({ force: true });
    expect(await handleMessage(tool, { type: 'domtool:invalidateSnapshot' })).toEqual({
      ok: true,
      type: 'domtool:invalidateSnapshot',
      result: { invalidated: true },
    });
    expect(await handleMessage(tool, { type: 'domtool:invalidate' })).toEqual({
      ok: true,
      type: 'domtool:invalidate',
      result: { invalidated: true },
    });
    expect(tool.invalidateSnapshot).toHaveBeenCalledTimes(2);
    expect(MESSAGE_TYPES).toEqual(
      expect.arrayContaining([
        'domtool:getSerializedDom',
        'domtool:getSnapshot',
        'domtool:invalidateSnapshot',
        'domtool:invalidate',
        'domtool:find',
        'domtool:inspect',
      ]),
    );
  });

  it('takes `target` beside `nodeId`, `values` beside `value`, and the element first for keys (issue 33)', async () => {
    const tool = fakeTool();
    await handleMessage(tool, { type: 'domtool:click', target: { text: 'Sign in' } });
    expect(tool.click).toHaveBeenCalledWith({ text: 'Sign in' }, {});
    await handleMessage(tool, { type: 'domtool:type', target: { text: 'Email', within: 'nv_form' }, text: 'a@b.c' });
    expect(tool.type).toHaveBeenCalledWith({ text: 'Email', within: 'nv_form' }, 'a@b.c', {
      replace: undefined,
      pressEnter: undefined,
    });
    await handleMessage(tool, { type: 'domtool:check', target: 'nv_7' });
    expect(tool.check).toHaveBeenCalledWith('nv_7');
    await handleMessage(tool, { type: 'domtool:select', target: { text: 'Country' }, values: ['France'] });
    expect(tool.select).toHaveBeenCalledWith({ text: 'Country' }, ['France']);
    await handleMessage(tool, { type: 'domtool:select', nodeId: 'nv_2', values: 'b', value: 'ignored' });
    expect(tool.select).toHaveBeenLastCalledWith('nv_2', 'b');
    await handleMessage(tool, { type: 'domtool:keypress', nodeId: 'nv_9', key: 'Enter' });
    expect(tool.keypress).toHaveBeenCalledWith('nv_9', 'Enter', { modifiers: undefined });
    await handleMessage(tool, { type: 'domtool:keypress', target: { text: 'Search' }, key: 'a' });
    expect(tool.keypress).toHaveBeenLastCalledWith({ text: 'Search' }, 'a', { modifiers: undefined });
    await handleMessage(tool, { type: 'domtool:scroll', target: { text: 'Reviews' } });
    expect(tool.scroll).toHaveBeenLastCalledWith({ text: 'Reviews' }, { direction: undefined, amount: undefined });
    await handleMessage(tool, { type: 'domtool:drag', target: { text: 'Card 1' }, to: { text: 'Done' } });
    expect(tool.drag).toHaveBeenLastCalledWith(
      { text: 'Card 1' },
      { text: 'Done' },
      { steps: undefined, position: undefined },
    );
    await handleMessage(tool, { type: 'domtool:inspect', target: { text: 'Buy' } });
    expect(tool.inspect).toHaveBeenCalledWith({ text: 'Buy' }, undefined);
    expect(await handleMessage(tool, { type: 'domtool:focus', target: { text: '' } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
  });

  it('returns errors as data and never throws', async () => {
    const tool = fakeTool();
    expect(await handleMessage(tool, { type: 'domtool:click' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    tool.getText.mockRejectedValueOnce(new Error('boom'));
    expect(await handleMessage(tool, { type: 'domtool:getText' })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL_ERROR', recoverable: true, message: expect.stringContaining('boom') },
    });
    expect(await handleMessage(tool, { type: 'domtool:nope' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_MESSAGE' },
    });
  });
});
