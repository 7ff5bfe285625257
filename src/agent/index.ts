// `browserx-domtool/agent`: what an agent builder hands to a model (SPEC I7) — the tool
// definitions in the shapes the APIs take, and callTool, which runs one in the page, through
// the extension service or (with `browserx-domtool/playwright`) from Node.
export { AGENT_TOOLS, agentTool, type AgentTool, type JsonSchema, type ToolAnnotations } from './tools';
export { agentTools, mcpTools, openAITools, anthropicTools, argumentSchema, type ToolListOptions } from './formats';
export { callTool, type ToolHost, type CallOptions, type TabAction } from './call';
export { domToolHost, serviceHost, type DomToolLike, type ServiceLike, type TabsLike } from './hosts';
export type { ToolAnswer } from './answers';
export { connectMcpBridge, type McpBridge, type McpBridgeOptions, type BridgeStatus } from './bridge-client';
export { BRIDGE_DEFAULT_PORT, BRIDGE_PATH, pairingCode, parsePairingCode } from './bridge-protocol';
