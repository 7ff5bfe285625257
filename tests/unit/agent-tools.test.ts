// The agent tool definitions and callTool (src/agent) against a scripted host: the
// schemas and shapes the function-calling APIs take, validation before anything runs,
// the answer after an action (its line, then the delta), errors with their next step.
import { describe, expect, it } from 'vitest';
import {
  AGENT_TOOLS,
  anthropicTools,
  callTool,
  mcpTools,
  openAITools,
  serviceHost,
  type ToolHost,
} from '../../src/agent';
import { COMMANDS } from '../../src/commands/table';

type Call = [string, unknown[]];

function host(answers: Record<string, unknown>): ToolHost & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    run: (command, args) => {
      calls.push([command, args]);
      return Promise.resolve(answers[command]);
    },
  };
}

describe('tool definitions', () => {
  it('every tool has a description, an object schema whose required names are properties, and a unique name', () => {
    const names = new Set<string>();
    for (const t of AGENT_TOOLS) {
      expect(t.name).toMatch(/^browser_[a-z_]+$/);
      expect(names.has(t.name)).toBe(false);
      names.add(t.name);
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe('object');
      for (const r of t.inputSchema.required ?? []) expect(Object.keys(t.inputSchema.properties ?? {})).toContain(r);
      for (const p of Object.values(t.inputSchema.properties ?? {}))
        expect(p.description, `${t.name}: every argument is documented`).toBeTruthy();
    }
  });

  it('a tool that runs a command says what the command table says (one description)', () => {
    for (const t of AGENT_TOOLS.filter((x) => x.command)) {
      const c = COMMANDS.find((x) => x.name === t.command) as { doc?: { does: string } };
      expect(t.description).toBe(c.doc!.does);
    }
  });

  it('the three list shapes carry the same tools; the page alone leaves out the browser tools', () => {
    expect(mcpTools().map((t) => t.name)).toEqual(AGENT_TOOLS.map((t) => t.name));
    expect(openAITools()[0]).toEqual({
      type: 'function',
      function: {
        name: 'browser_navigate',
        description: AGENT_TOOLS[0].description,
        parameters: AGENT_TOOLS[0].inputSchema,
      },
    });
    expect(anthropicTools({ browser: false }).map((t) => t.name)).not.toContain('browser_navigate');
    expect(anthropicTools({ browser: false }).map((t) => t.name)).toContain('browser_click');
  });
});

describe('callTool', () => {
  it('refuses an unknown tool and bad arguments before anything runs', async () => {
    const h = host({});
    expect(await callTool(h, 'browser_fly')).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
    const bad = await callTool(h, 'browser_type', { ref: 'nv_1', text: 5 });
    expect(bad).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(bad.text).toContain('text: expected string');
    expect(await callTool(h, 'browser_click', {})).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(h.calls).toEqual([]);
  });

  it('answers an action with its line, then what changed (its marks, not its count line)', async () => {
    const h = host({
      click: { success: true, ok: true, text: 'ok; dialog opened' },
      keypress: { success: true, ok: true, text: 'ok' },
      getChanges: {
        kind: 'delta',
        text: '# changes since #1 (now #2): 1 added, 0 changed, 1 removed\n+ nv_2 button "Close"\n# removed: nv_3',
      },
    });
    const a = await callTool(h, 'browser_click', { ref: 'nv_1', element: 'Open button' });
    expect(a).toEqual({ ok: true, text: 'ok; dialog opened\n+ nv_2 button "Close"\n# removed: nv_3' });
    // Only a key press may have moved the focus as its effect: other actions leave blurs out.
    expect(h.calls).toEqual([
      ['click', ['nv_1', {}]],
      ['getChanges', [{ timeBudgetMs: 1000, tokenBudget: 2000, ignoreBlur: true }]],
    ]);
    await callTool(h, 'browser_press_key', { key: 'Tab' });
    expect(h.calls[3]).toEqual(['getChanges', [{ timeBudgetMs: 1000, tokenBudget: 2000, ignoreBlur: false }]]);
  });

  it('names the controls that appeared once: on the result line only when the delta does not show them', async () => {
    const effect = {
      mutations: 3,
      appeared: {
        tokens: 9,
        opened: { role: 'listbox', name: 'Fruit', id: 'nv_l' },
        controls: ['nv_a option "Apple"'],
      },
    };
    const h = host({
      click: { ok: true, success: true, text: 'ok; opened listbox "Fruit" nv_l; new: nv_a option "Apple"', effect },
      getChanges: { kind: 'delta', text: '+ nv_l listbox "Fruit"\n+   nv_a option "Apple"' },
    });
    const a = await callTool(h, 'browser_click', { ref: 'nv_1' });
    expect(a.text).toBe('ok; opened listbox "Fruit" nv_l\n+ nv_l listbox "Fruit"\n+   nv_a option "Apple"');
    const hidden = host({
      click: { ok: true, success: true, text: 'ok; opened listbox "Fruit" nv_l; new: nv_a option "Apple"', effect },
      getChanges: { kind: 'delta', text: '+ nv_l listbox "Fruit"' },
    });
    expect((await callTool(hidden, 'browser_click', { ref: 'nv_1' })).text).toContain('new: nv_a option "Apple"');
  });

  it('a delta that shows a change overrules the action\'s "no visible effect"; without one it stays', async () => {
    const click = {
      success: true,
      ok: true,
      duration: 1,
      snapshotInvalidated: true,
      noObservableEffect: true,
      effect: { mutations: 0 },
      text: 'ok; no visible effect (the page may ignore synthetic events; check before repeating)',
    };
    const changed = host({ click, getChanges: { kind: 'delta', text: '~ nv_2 radio "Express" [checked]' } });
    expect((await callTool(changed, 'browser_click', { text: 'Express' })).text).toBe(
      'ok\n~ nv_2 radio "Express" [checked]',
    );
    const still = host({ click, getChanges: { kind: 'unchanged', text: '# unchanged' } });
    expect((await callTool(still, 'browser_click', { text: 'Express' })).text).toBe(click.text);
  });

  it('an action error carries its code and the next step, and no delta', async () => {
    const h = host({
      click: { success: false, error: { code: 'OBSCURED', message: 'covered by dialog "Cookies" (nv_9)' } },
    });
    const a = await callTool(h, 'browser_click', { text: 'Buy' });
    expect(a.ok).toBe(false);
    expect(a.text).toMatch(/^failed OBSCURED: covered by dialog "Cookies" \(nv_9\)\nNext: /);
    expect(h.calls).toEqual([['click', [{ text: 'Buy' }, {}]]]);
  });

  it('browser_handle_dialog answers the next action that raises one, once', async () => {
    const h = host({ click: { success: true, text: 'ok' }, getChanges: { kind: 'unchanged', text: '' } });
    await callTool(h, 'browser_handle_dialog', { accept: true, promptText: 'yes' });
    await callTool(h, 'browser_click', { ref: 'nv_1' });
    await callTool(h, 'browser_click', { ref: 'nv_1' });
    expect(h.calls.filter((c) => c[0] === 'click').map((c) => c[1][1])).toEqual([
      { dialog: 'accept', promptText: 'yes' },
      {},
    ]);
  });

  it("takes Playwright MCP's newer argument names: target for ref, text for find's query", async () => {
    const h = host({
      hover: { success: true, text: 'ok' },
      getChanges: { kind: 'unchanged', text: '' },
      find: { total: 0, text: '# find' },
    });
    expect((await callTool(h, 'browser_hover', { target: 'nv_1', element: 'Menu' })).ok).toBe(true);
    expect((await callTool(h, 'browser_find', { text: 'Total' })).ok).toBe(true);
    expect(h.calls.map((c) => c[1][0])).toEqual([
      'nv_1',
      { timeBudgetMs: 1000, tokenBudget: 2000, ignoreBlur: true },
      'Total',
    ]);
  });

  it('refuses an argument the tool does not take, naming the ones it takes, instead of dropping it', async () => {
    const h = host({});
    // A misspelt modifier list would otherwise click without Shift and answer "ok".
    const typo = await callTool(h, 'browser_click', { ref: 'nv_1', modifers: ['Shift'] });
    expect(typo).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(typo.text).toContain(
      'modifers: not an argument of this tool (it takes ref, text, element, doubleClick, button, modifiers)',
    );
    expect((await callTool(h, 'browser_snapshot', { depth: 2 })).text).toContain(
      'depth: not an argument of this tool (it takes none)',
    );
    expect(h.calls).toEqual([]);
  });

  it("takes Playwright MCP's click modifiers and browser_type's slowly", async () => {
    const h = host({
      click: { success: true, text: 'ok' },
      type: { success: true, text: 'ok' },
      getChanges: { kind: 'unchanged', text: '' },
    });
    expect((await callTool(h, 'browser_click', { ref: 'nv_1', modifiers: ['ControlOrMeta'] })).ok).toBe(true);
    expect((await callTool(h, 'browser_type', { ref: 'nv_2', text: 'hi', slowly: true })).ok).toBe(true);
    expect(h.calls.filter((c) => c[0] !== 'getChanges')).toEqual([
      ['click', ['nv_1', { modifiers: ['ControlOrMeta'] }]],
      ['type', ['nv_2', 'hi', { pressEnter: false }]],
    ]);
    expect((await callTool(h, 'browser_click', { ref: 'nv_1', modifiers: ['Hyper'] })).code).toBe('VALIDATION_ERROR');
  });

  it('browser tools need a host that drives the browser', async () => {
    expect(await callTool(host({}), 'browser_navigate', { url: 'https://example.com' })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED',
    });
  });

  it('a page tool answer is fenced as page content', async () => {
    const h = host({ callPageTool: { success: true, tool: 'add', duration: 1, result: { added: 1 }, text: 'ok' } });
    const a = await callTool(h, 'browser_page_tool', { name: 'add', input: { sku: 'A' } });
    expect(a.pageContent).toBe(true);
    expect(a.text).toContain('<page-content>\n{"added":1}\n</page-content>');
    expect(h.calls).toEqual([['callPageTool', ['add', { sku: 'A' }]]]);
  });
});

describe('serviceHost', () => {
  it('sends each command as the service request of that message, with the tabId, and unwraps ServiceResults', async () => {
    const sent: [string, Record<string, unknown>][] = [];
    const answer = (method: string, value: unknown) => (req: Record<string, unknown>) => (
      sent.push([method, req]), Promise.resolve(value)
    );
    const service = {
      click: answer('click', { success: true, duration: 1, snapshotInvalidated: true, text: 'ok' }),
      getChanges: answer('getChanges', {
        ok: true,
        result: { kind: 'delta', text: '~ f1:nv_2 checkbox "Gift" [unchecked]' },
        frames: [],
      }),
      getText: answer('getText', {
        ok: false,
        error: { code: 'RESTRICTED_PAGE', message: 'chrome:// pages cannot be read' },
      }),
    };
    const h = serviceHost(service, 7);
    const a = await callTool(h, 'browser_click', { ref: 'f1:nv_1' });
    expect(a).toEqual({ ok: true, text: 'ok\n~ f1:nv_2 checkbox "Gift" [unchecked]' });
    expect(sent).toEqual([
      ['click', { tabId: 7, nodeId: 'f1:nv_1' }],
      ['getChanges', { tabId: 7, options: { timeBudgetMs: 1000, tokenBudget: 2000, ignoreBlur: true } }],
    ]);
    // A service error is the answer's code, not a throw.
    expect(await callTool(h, 'browser_snapshot')).toMatchObject({ ok: false, code: 'RESTRICTED_PAGE' });
    // The click's own options travel with it (the content script's click reads them).
    await callTool(h, 'browser_click', { ref: 'nv_4', doubleClick: true, modifiers: ['Shift'] });
    expect(sent.at(-2)).toEqual(['click', { tabId: 7, nodeId: 'nv_4', clickCount: 2, modifiers: ['Shift'] }]);
    // What the service cannot do is said, not guessed.
    expect(await callTool(h, 'browser_hover', { ref: 'nv_3' })).toMatchObject({ ok: false, code: 'UNSUPPORTED' });
  });
});

describe('browser_inspect', () => {
  const found = { found: true, ok: true, actionable: true, id: 'nv_1', role: 'textbox', name: 'Email' };

  it('takes the action kind, as DomTool.inspect(target, kind) does, and refuses one it does not know', async () => {
    const kinds = AGENT_TOOLS.find((t) => t.name === 'browser_inspect')?.inputSchema.properties?.kind;
    expect(kinds?.enum).toEqual(['click', 'hover', 'type', 'clear', 'check', 'uncheck', 'focus']);
    const h = host({ inspect: found });
    expect((await callTool(h, 'browser_inspect', { ref: 'nv_1', kind: 'type' })).ok).toBe(true);
    expect(h.calls).toEqual([['inspect', ['nv_1', 'type']]]);
    expect(await callTool(h, 'browser_inspect', { ref: 'nv_1', kind: 'paint' })).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
  });

  it('through the extension service, the kind is a field of the inspect request', async () => {
    const sent: Record<string, unknown>[] = [];
    const service = {
      inspect: (req: Record<string, unknown>) => (sent.push(req), Promise.resolve({ ok: true, result: found })),
    };
    await callTool(serviceHost(service, 3), 'browser_inspect', { ref: 'f1:nv_1', kind: 'check' });
    expect(sent).toEqual([{ tabId: 3, nodeId: 'f1:nv_1', kind: 'check' }]);
  });
});
