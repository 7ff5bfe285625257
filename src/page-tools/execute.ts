// One call of a model context's executeTool, in the shape each implementation takes:
// Chromium's native WebMCP (--enable-features=WebMCPTesting) wants the input as an object
// from 156 on and as a JSON string before (150 rejects an object with "Failed to parse
// input arguments"); @mcp-b/webmcp-polyfill 5.x wants a JSON string. Polyfill and native
// are told apart by whether executeTool is the browser's own code. The native shapes are
// told apart by the browser's answer: a refusal to parse the input comes before the tool
// runs, so only that refusal is retried with the other shape — never a failure of the
// tool itself, which could run it twice.

export interface ExecutingContext {
  executeTool?(tool: unknown, input: unknown, options?: { signal?: AbortSignal }): Promise<string | null>;
}

function isNativeFunction(fn: unknown): boolean {
  try {
    return typeof fn === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn));
  } catch {
    return false;
  }
}

/**
 * `ctx.executeTool(tool, input, { signal })` with the input as an object (native) or a JSON
 * string (polyfill); the signal (WebMCP's cancellation) only when the caller has one.
 */
export async function executeIn(
  ctx: ExecutingContext,
  tool: unknown,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<string | null> {
  const execute = ctx.executeTool!;
  const call = (shape: unknown) =>
    signal ? execute.call(ctx, tool, shape, { signal }) : execute.call(ctx, tool, shape);
  if (!isNativeFunction(execute)) return call(JSON.stringify(input));
  try {
    return await call(input);
  } catch (error) {
    if (!INPUT_NOT_PARSED.test(String((error as { message?: unknown } | null)?.message ?? ''))) throw error;
    return call(JSON.stringify(input));
  }
}

/** The native refusal of an input shape it does not take (the tool did not run). */
const INPUT_NOT_PARSED = /parse input arguments/i;
