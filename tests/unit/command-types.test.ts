// The types the command table derives are what users call (issue 19: one table). They were once
// silently empty — ServiceActionType was `never`, so DomToolService had no typed click/type/… at
// all — and nothing noticed. These checks run in `npm run typecheck` (a wrong type does not
// compile) and at run time (every routed command is a method of the service).
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  COMMANDS,
  type CommandArgs,
  type CommandMethods,
  type CommandName,
  type CommandRequest,
  type CommandResult,
  type MessagedName,
  type RequestFields,
  type RequestResult,
  type ServiceActionType,
  type ServiceOwnType,
} from '../../src/commands/table';
import type { ActionName } from '../../src/commands/spec';
import { DomToolService, type ServiceResult } from '../../src/extension';
import { DomTool } from '../../src/DomTool';
import type { TabRequest } from '../../src/extension/service-types';
import type { ActionResult } from '../../src';

/** Compiles only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Routed to a frame: the actions (the one list, src/commands/spec.ts) and the page's own tools.
const routed: Same<ServiceActionType, ActionName | 'callPageTool' | 'listPageTools'> = true;
// That list is true: the commands answering an ActionResult are exactly the actions.
type AnsweringActionResult = {
  [N in CommandName]: CommandResult<N> extends Promise<ActionResult> ? N : never;
}[CommandName];
const actionsTrue: Same<AnsweringActionResult, ActionName> = true;

// Each routed action is a typed method taking { tabId, … } (a type error here if not).
type ClickArgs = Parameters<DomToolService['click']>[0];
const click: ClickArgs = { tabId: 1, nodeId: 'nv_1' };
type DragArgs = Parameters<DomToolService['drag']>[0];
const drag: DragArgs = { tabId: 1, nodeId: 'nv_1', to: { dx: 10, dy: 0 } };

// DomTool's methods: one per entry, none lost to a mapped type gone wrong.
const methods: Same<keyof CommandMethods, CommandName> = true;
// DomTool declares each method by hand (issue 33): every entry of the table has a declared
// method with the entry's parameter and result types, and DomTool has no other public
// method than getElement. keypress is checked below (it has an older form as an overload).
type Method<N extends CommandName> = DomTool[N] extends (...args: infer A) => infer R ? [A, R] : never;
type Declared = {
  [N in Exclude<CommandName, 'keypress'>]: Same<Method<N>, [CommandArgs<N>, CommandResult<N>]>;
};
const declared: Declared[keyof Declared] = true;
type PublicMethod = {
  [K in keyof DomTool]: DomTool[K] extends (...args: never[]) => unknown ? K : never;
}[keyof DomTool];
const noOthers: Same<PublicMethod, CommandName | 'getElement'> = true;
// The service declares each routed request the same way: the table's fields in, the command's answer (or a refusal) out.
type Routed = {
  [T in ServiceActionType]: Same<Parameters<DomToolService[T]>, [TabRequest & RequestFields<T>]> extends true
    ? Same<Awaited<ReturnType<DomToolService[T]>>, Awaited<RequestResult<T>> | ActionResult>
    : false;
};
const routedDeclared: Routed[keyof Routed] = true;
// The requests the service answers itself (getText, find, inspect, getChanges, …) are typed by the table too:
// method name = message name, and the command's own result inside a ServiceResult. The two highlight
// requests answer the protocol's shape (boxes drawn; `{ cleared }`), their refusal being the ServiceResult's.
type OwnAnswer<T extends ServiceOwnType> = T extends 'highlight'
  ? { shown: number; missing: string[] }
  : T extends 'clearHighlight'
    ? { cleared: boolean }
    : Awaited<RequestResult<T>>;
type Own = {
  [T in ServiceOwnType]: Same<Awaited<ReturnType<DomToolService[T]>>, ServiceResult<OwnAnswer<T>>>;
};
const ownDeclared: Own[keyof Own] = true;
const ownTypes: Same<
  ServiceOwnType,
  'getSerializedDom' | 'getText' | 'getChanges' | 'find' | 'inspect' | 'highlight' | 'clearHighlight'
> = true;
// Pointer targets and drop targets take the text the agent read (A9).
const dragToText: Parameters<DomTool['drag']> = ['nv_1', { text: 'Done' }];
const uploadByText: Parameters<DomTool['upload']> = [{ text: 'Drop a file here' }, [{ name: 'a.txt', data: 'x' }]];
// The protocol: one request type per message, each with its own fields.
// Message types are the method names; the only other types are the two older names kept as aliases.
const requestTypes: Same<CommandRequest['type'], `domtool:${MessagedName | 'getSnapshot' | 'invalidate'}`> = true;
const typeRequest: Extract<CommandRequest, { type: 'domtool:type' }> = {
  type: 'domtool:type',
  nodeId: 'nv_1',
  text: 'Ada',
  pressEnter: true,
};

describe('types derived from the command table', () => {
  it('DomTool and the service declare one method per entry, typed by it', () => {
    expect([declared, noOthers, routedDeclared, ownDeclared, ownTypes]).toEqual([true, true, true, true, true]);
    expectTypeOf<DomTool['click']>().parameters.toEqualTypeOf<CommandArgs<'click'>>();
    expectTypeOf<DomTool['getText']>().returns.toEqualTypeOf<Promise<string>>();
    // keypress: the element first, and the older key-first form as a deprecated overload.
    expectTypeOf<DomTool['keypress']>().toBeCallableWith('nv_1', 'Enter');
    expectTypeOf<DomTool['keypress']>().toBeCallableWith(null, 'Tab', { modifiers: ['Shift'] });
    expectTypeOf<DomTool['keypress']>().toBeCallableWith('Enter', { id: 'nv_1' });
    expectTypeOf<ReturnType<CommandMethods['keypress']>>().toEqualTypeOf<Promise<ActionResult>>();
    // At run time too: a method per entry on the prototype, and nothing installed there by a loop.
    for (const c of COMMANDS)
      expect(Object.getOwnPropertyDescriptor(DomTool.prototype, c.name)?.value, c.name).toBeTypeOf('function');
  });

  it('DomTool and the protocol have one typed entry per command', () => {
    expect([methods, requestTypes, actionsTrue]).toEqual([true, true, true]);
    expect(dragToText[1]).toEqual({ text: 'Done' });
    expect(uploadByText[0]).toEqual({ text: 'Drop a file here' });
    expect(typeRequest.nodeId).toBe('nv_1');
    expect(COMMANDS.map((c) => c.name)).toContain('waitForStable');
  });

  it('every entry the service routes or answers is a method of DomToolService named like its message', () => {
    expect(routed).toBe(true);
    expect(click.nodeId).toBe('nv_1');
    expect(drag.to).toEqual({ dx: 10, dy: 0 });
    const names = COMMANDS.filter((c) => c.message && (c.message as { service?: string }).service).map(
      (c) => (c.message as { type?: string }).type ?? c.name,
    );
    expect(names.length).toBeGreaterThan(20);
    for (const n of names)
      expect(typeof (DomToolService.prototype as unknown as Record<string, unknown>)[n], n).toBe('function');
  });
});
