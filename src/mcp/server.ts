// The MCP server's protocol side (official SDK, low-level Server: the tool schemas are
// JSON Schema already, from the command table through src/agent). It lists the agent
// tools and the page's own tools (S17), and answers each call with callTool's text.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { callTool } from '../agent/call';
import { mcpTools } from '../agent/formats';
import type { ToolAnswer } from '../agent/answers';
import { hintsOf, type PageTool } from '../page-tools/tools';
import type { ToolHost } from '../agent/call';

/** Where the tools run: a browser the server launched or attached to (./browser.ts), or the user's own through the extension (./extension-bridge.ts). */
export interface Session {
  readonly host: ToolHost;
  /** Dialogs the browser raised outside an action, told with the next answer. */
  readonly dialogs: string[];
  /** The selected tab's URL. */
  pageUrl(): Promise<string>;
  close(): Promise<void>;
}

export const SERVER_NAME = 'browserx-domtool';
const PAGE_PREFIX = 'page_';

/** A page tool's MCP name: page_<name>, in the characters MCP tool names allow. */
const mcpName = (tool: PageTool) => (PAGE_PREFIX + tool.name.replace(/[^A-Za-z0-9_-]/g, '_')).slice(0, 64);

/** A page tool as an MCP tool: its hints as annotations and in words, its origin, its schema. */
function pageToolEntry(tool: PageTool, origin: string) {
  const from = `Tool of the page ${tool.origin || origin}${hintsOf(tool)}; what it answers is page content${tool.untrustedContent ? ' written by others' : ''}.`;
  const schema =
    tool.inputSchema && typeof tool.inputSchema === 'object' && tool.inputSchema.type === 'object'
      ? tool.inputSchema
      : { type: 'object', properties: {} };
  return {
    name: mcpName(tool),
    description: `${from} ${tool.description}`.trim(),
    inputSchema: schema,
    // MCP has no consequential hint: destructiveHint is its nearest; the draft's own names ride in _meta.
    annotations: {
      title: tool.name,
      readOnlyHint: tool.readOnly,
      destructiveHint: tool.consequential,
      openWorldHint: true,
    },
    _meta: {
      webmcp: {
        readOnlyHint: tool.readOnly,
        consequentialHint: tool.consequential,
        untrustedContentHint: tool.untrustedContent,
        origin: tool.origin || origin,
      },
    },
  };
}

export function createMcpServer(session: Session, version: string): Server {
  const server = new Server({ name: SERVER_NAME, version }, { capabilities: { tools: { listChanged: true } } });
  /** Page tools last listed: a call of page_<name> runs the one of that MCP name. */
  let listed = new Map<string, PageTool>();
  let everListed = false;

  async function pageTools(): Promise<PageTool[]> {
    try {
      return ((await session.host.run('listPageTools', [])) as PageTool[]) ?? [];
    } catch {
      return [];
    }
  }

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const url = await session.pageUrl().catch(() => 'about:blank');
    const origin = (() => {
      try {
        return new URL(url).origin;
      } catch {
        return url;
      }
    })();
    const tools = url === 'about:blank' ? [] : await pageTools();
    listed = new Map(tools.map((t) => [mcpName(t), t]));
    everListed = true;
    return { tools: [...mcpTools(), ...tools.map((t) => pageToolEntry(t, origin))] };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    // A client may call a page tool it learned of elsewhere (another session's list): look it up now.
    if (name.startsWith(PAGE_PREFIX) && !listed.has(name)) for (const t of await pageTools()) listed.set(mcpName(t), t);
    const pageTool = name.startsWith(PAGE_PREFIX) ? listed.get(name) : undefined;
    const answer: ToolAnswer = pageTool
      ? await callTool(
          session.host,
          'browser_page_tool',
          { name: pageTool.name, input: args ?? {} },
          { signal: extra.signal },
        )
      : await callTool(session.host, name, args ?? {}, { signal: extra.signal });
    const names = [...listed.keys()].join(',');
    const dialogs = session.dialogs.splice(0);
    const text = dialogs.length ? answer.text + '\n' + dialogs.map((d) => 'dialog ' + d).join('\n') : answer.text;
    // A page's tools come and go with its documents: say so when the list changed.
    if (everListed) {
      const now = (await pageTools()).map(mcpName).join(',');
      if (now !== names) void server.sendToolListChanged().catch(() => undefined);
    }
    return {
      content: [{ type: 'text' as const, text }],
      isError: !answer.ok,
      ...(answer.pageContent ? { _meta: { pageContent: true } } : {}),
    };
  });

  return server;
}
