// The types the command table derives are what users call (issue 19: one table). They were once
// silently empty — ServiceActionType was `never`, so DomToolService had no typed click/type/… at
// all — and nothing noticed. These checks run in `npm run typecheck` (a wrong type does not
// compile) and at run time (every routed command is a method of the service).
import { describe, expect, it } from 'vitest';
import { COMMANDS, type ServiceActionType } from '../../src/commands/table';
import { DomToolService } from '../../src/extension';

/** Compiles only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const routed: Same<ServiceActionType, 'click' | 'type' | 'keypress' | 'hover' | 'select' | 'check' | 'uncheck' | 'focus' | 'clear' | 'scroll' | 'drag' | 'upload' | 'callPageTool' | 'listPageTools'> = true;

// Each routed action is a typed method taking { tabId, … } (a type error here if not).
type ClickArgs = Parameters<DomToolService['click']>[0];
const click: ClickArgs = { tabId: 1, nodeId: 'nv_1' };
type DragArgs = Parameters<DomToolService['drag']>[0];
const drag: DragArgs = { tabId: 1, nodeId: 'nv_1', to: { dx: 10, dy: 0 } };

describe('types derived from the command table', () => {
  it('every entry the service routes to a frame is a method of DomToolService', () => {
    expect(routed).toBe(true);
    expect(click.nodeId).toBe('nv_1');
    expect(drag.to).toEqual({ dx: 10, dy: 0 });
    const names = COMMANDS.filter((c) => c.message && ((c.message as { service?: string }).service === 'node' || (c.message as { service?: string }).service === 'any')).map((c) => (c.message as { type?: string }).type ?? c.name);
    expect(names.length).toBeGreaterThan(10);
    for (const n of names) expect(typeof (DomToolService.prototype as unknown as Record<string, unknown>)[n], n).toBe('function');
  });
});
