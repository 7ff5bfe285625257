// The agent tools (SPEC I7, issue 34): what a model is handed for function calling and
// what the MCP server lists. A tool that runs a command of the table takes its
// description from the table's `doc` (commands/table.ts), so a command is described
// once; the tools that drive the browser around the page (navigate, tabs, dialogs,
// waiting) have no command and are described here. Names follow Playwright MCP's where
// the two overlap, so an agent prompted for one can use the other; `ref` is a DomTool id.
import { COMMANDS, type CommandDoc, type CommandName } from '../commands/table';
import { INSPECT_KINDS } from '../commands/schemas';

/** JSON Schema (draft 2020-12), the subset the tools use. */
export interface JsonSchema {
  type?: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: (string | number | boolean)[];
  minimum?: number;
  additionalProperties?: boolean | JsonSchema;
  $schema?: string;
}

/** What the tool does beyond reading, in the words of MCP's tool annotations. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface AgentTool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations: ToolAnnotations;
  /** The table command it runs; absent for the tools the host implements (navigate, tabs…). */
  command?: CommandName;
  /** Needs a host that drives the browser (Node over Playwright, the extension), not the page alone. */
  browser?: boolean;
}

// Argument docs shared by several tools (said once here).
const REF = 'Id of the element, as the page text shows it before the element (e.g. nv_4kx2).';
const ELEMENT = 'What the element is, in words (for the log and permission prompts; the ref decides).';
const BY_TEXT = 'Instead of ref: the visible text or label of the element to act on.';
// Playwright MCP's browser_type argument, taken so that calls written for it work.
const SLOWLY = 'Accepted for calls written for Playwright MCP: DomTool always types key by key.';

function docOf(command: CommandName): CommandDoc {
  for (const c of COMMANDS) if (c.name === command && 'doc' in c && c.doc) return c.doc;
  throw new Error(`command ${command} has no doc in commands/table.ts`);
}

const str = (description: string): JsonSchema => ({ type: 'string', description });

/** An argument documented by the command's doc (its `args`), or by the text given. */
function arg(command: CommandName, name: string, schema: JsonSchema): JsonSchema {
  const said = docOf(command).args?.[name];
  return said ? { ...schema, description: said } : schema;
}

function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema & { type: 'object' } {
  return { type: 'object', properties, required, additionalProperties: false };
}

function commandTool(
  name: string,
  command: CommandName,
  properties: Record<string, JsonSchema>,
  required: string[],
  annotations: ToolAnnotations,
): AgentTool {
  return { name, command, description: docOf(command).does, inputSchema: object(properties, required), annotations };
}

const READ: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
const ACT: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, openWorldHint: true };
const LOCAL: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

/** The element an action takes: a ref, or its visible text. */
const target = () => ({ ref: str(REF), text: str(BY_TEXT), element: str(ELEMENT) });

export const AGENT_TOOLS: readonly AgentTool[] = [
  {
    name: 'browser_navigate',
    description:
      'Opens a URL in the current tab and answers a first look at the new page as text, within about 2,000 tokens: long lists show their first items and a count (browser_snapshot answers more, browser_find searches all of it).',
    inputSchema: object({ url: str('The URL to open.') }, ['url']),
    annotations: { ...ACT, title: 'Navigate to a URL' },
    browser: true,
  },
  {
    name: 'browser_navigate_back',
    description: 'Goes back to the previous page of the tab and answers a first look at it, as browser_navigate does.',
    inputSchema: object({}),
    annotations: { ...ACT, title: 'Go back' },
    browser: true,
  },
  commandTool('browser_snapshot', 'getText', {}, [], { ...READ, title: 'Page text' }),
  commandTool('browser_changes', 'getChanges', {}, [], { ...READ, title: 'Changes since the last look' }),
  commandTool(
    'browser_find',
    'find',
    {
      query: arg('find', 'query', { type: 'string' }),
      limit: arg('find', 'limit', { type: 'integer', minimum: 1 }),
      reveal: arg('find', 'reveal', { type: 'boolean' }),
    },
    ['query'],
    { ...READ, title: 'Find in page' },
  ),
  commandTool(
    'browser_inspect',
    'inspect',
    {
      ref: str(REF),
      kind: { ...str('The action to check (default click).'), enum: [...INSPECT_KINDS] },
    },
    ['ref'],
    { ...READ, title: 'Inspect an element' },
  ),
  commandTool(
    'browser_click',
    'click',
    {
      ...target(),
      doubleClick: arg('click', 'doubleClick', { type: 'boolean' }),
      button: arg('click', 'button', { type: 'string', enum: ['left', 'middle', 'right'] }),
      modifiers: arg('click', 'modifiers', {
        type: 'array',
        items: { type: 'string', enum: ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'] },
      }),
    },
    [],
    { ...ACT, title: 'Click' },
  ),
  commandTool(
    'browser_type',
    'type',
    {
      ref: str(REF),
      text: arg('type', 'text', { type: 'string' }),
      submit: arg('type', 'submit', { type: 'boolean' }),
      slowly: { type: 'boolean', description: SLOWLY },
      element: str(ELEMENT),
    },
    ['ref', 'text'],
    { ...ACT, title: 'Type text' },
  ),
  commandTool(
    'browser_select_option',
    'select',
    {
      ref: str(REF),
      values: arg('select', 'values', { type: 'array', items: { type: 'string' } }),
      element: str(ELEMENT),
    },
    ['ref', 'values'],
    { ...ACT, title: 'Select options' },
  ),
  commandTool(
    'browser_press_key',
    'keypress',
    {
      key: arg('keypress', 'key', { type: 'string' }),
      ref: str('Focus this element first (default: the key goes to what has focus). ' + REF),
    },
    ['key'],
    { ...ACT, title: 'Press a key' },
  ),
  commandTool('browser_hover', 'hover', target(), [], { ...LOCAL, title: 'Hover' }),
  commandTool(
    'browser_drag',
    'drag',
    {
      startRef: str('Id of the element to drag. ' + REF),
      endRef: str('Id of the element to drop it on.'),
      startElement: str(ELEMENT),
      endElement: str(ELEMENT),
    },
    ['startRef', 'endRef'],
    { ...ACT, title: 'Drag and drop' },
  ),
  commandTool(
    'browser_file_upload',
    'upload',
    {
      ref: str('The file input, or the button or drop zone that opens one. ' + REF),
      paths: arg('upload', 'paths', { type: 'array', items: { type: 'string' } }),
    },
    ['ref', 'paths'],
    { ...ACT, title: 'Upload files' },
  ),
  commandTool('browser_check', 'check', target(), [], { ...ACT, idempotentHint: true, title: 'Check' }),
  commandTool('browser_uncheck', 'uncheck', target(), [], { ...ACT, idempotentHint: true, title: 'Uncheck' }),
  commandTool(
    'browser_scroll',
    'scroll',
    {
      ref: str('The scrollable element (default: the page). ' + REF),
      direction: arg('scroll', 'direction', { type: 'string', enum: ['up', 'down', 'left', 'right'] }),
      amount: arg('scroll', 'amount', { type: 'number', minimum: 1 }),
    },
    [],
    { ...LOCAL, title: 'Scroll' },
  ),
  {
    name: 'browser_wait_for',
    description:
      'Waits until a text appears or disappears on the page, or for a number of seconds; answers the matching lines.',
    inputSchema: object({
      text: str('Text to wait for.'),
      textGone: str('Text to wait to disappear.'),
      time: {
        type: 'number',
        minimum: 0,
        description: 'Seconds to wait (at most 30), or the longest to wait for the text (default 10).',
      },
    }),
    annotations: { ...READ, idempotentHint: false, title: 'Wait for' },
  },
  {
    name: 'browser_handle_dialog',
    description:
      'Says how the next JavaScript dialog (confirm, prompt, alert) is answered: accepted, with promptText for a prompt, or dismissed. Actions answer dialogs themselves and report them; call this before the action that raises one.',
    inputSchema: object(
      {
        accept: { type: 'boolean', description: 'Accept (OK) or dismiss (Cancel).' },
        promptText: str('The answer to a prompt().'),
      },
      ['accept'],
    ),
    annotations: { ...LOCAL, title: 'Handle a dialog' },
  },
  {
    name: 'browser_tabs',
    description: 'Lists, opens, closes or selects browser tabs; tools act on the selected tab.',
    inputSchema: object(
      {
        action: { type: 'string', enum: ['list', 'new', 'close', 'select'], description: 'What to do.' },
        index: { type: 'integer', minimum: 0, description: 'The tab for close and select (default: the current one).' },
        url: str('For new: the URL to open.'),
      },
      ['action'],
    ),
    annotations: { ...LOCAL, title: 'Tabs' },
    browser: true,
  },
  commandTool(
    'browser_page_tool',
    'callPageTool',
    { name: arg('callPageTool', 'name', { type: 'string' }), input: arg('callPageTool', 'input', { type: 'object' }) },
    ['name'],
    { ...ACT, title: 'Call a page tool' },
  ),
];

/** The tool of this name, or null. */
export function agentTool(name: string): AgentTool | null {
  for (const t of AGENT_TOOLS) if (t.name === name) return t;
  return null;
}
