// One call of a model context's executeTool, in the shape each implementation takes:
// Chromium's native WebMCP (156, --enable-features=WebMCPTesting) wants the input as an
// object and rejects a JSON string; @mcp-b/webmcp-polyfill 5.x wants a JSON string. They
// are told apart by whether executeTool is the browser's own code — never by trying one
// shape and retrying with the other, which could run a tool twice.

export interface ExecutingContext {
  executeTool?(tool: unknown, input: unknown): Promise<string | null>;
}

function isNativeFunction(fn: unknown): boolean {
  try {
    return typeof fn === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn));
  } catch {
    return false;
  }
}

/** `ctx.executeTool(tool, input)` with the input as an object (native) or a JSON string (polyfill). */
export function executeIn(ctx: ExecutingContext, tool: unknown, input: Record<string, unknown>): Promise<string | null> {
  const execute = ctx.executeTool!;
  return Promise.resolve(execute.call(ctx, tool, isNativeFunction(execute) ? input : JSON.stringify(input)));
}
