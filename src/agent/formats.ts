// The tool list in the shapes the APIs take: MCP's tools/list, OpenAI-style function
// tools, Anthropic-style tools. The same definitions (./tools.ts) under three wrappers.
import { AGENT_TOOLS, type AgentTool, type JsonSchema, type ToolAnnotations } from './tools';

export interface ToolListOptions {
  /**
   * Include the tools that drive the browser around the page (navigate, back, tabs).
   * Default true; a host in the page alone leaves them out.
   */
  browser?: boolean;
}

const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The agent tools a host offers. */
export function agentTools(options: ToolListOptions = {}): AgentTool[] {
  return AGENT_TOOLS.filter((t) => options.browser !== false || !t.browser);
}

/** MCP `tools/list` entries: name, description, inputSchema, annotations. */
export function mcpTools(
  options: ToolListOptions = {},
): { name: string; description: string; inputSchema: JsonSchema; annotations: ToolAnnotations }[] {
  return agentTools(options).map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema,
    annotations: t.annotations,
  }));
}

/** OpenAI-style function tools (Chat Completions `tools`). */
export function openAITools(
  options: ToolListOptions = {},
): { type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }[] {
  return agentTools(options).map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.inputSchema },
  }));
}

/** Anthropic-style tools (Messages API `tools`). */
export function anthropicTools(
  options: ToolListOptions = {},
): { name: string; description: string; input_schema: JsonSchema }[] {
  return agentTools(options).map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }));
}

/** One tool's arguments as a standalone JSON Schema document (with its dialect). */
export function argumentSchema(tool: AgentTool): JsonSchema {
  return { $schema: SCHEMA_DIALECT, ...tool.inputSchema };
}
