// What marks a DomTool message: its own module, so the loader every frame runs
// (content-stub.ts) recognises messages without loading the protocol (issue 19).
export const MESSAGE_PREFIX = 'domtool:';

/** True for any `domtool:*` message (known or not), so unknown ones get an error answer. */
export function isDomToolMessage(message: unknown): message is { type: string } {
  return (
    !!message &&
    typeof message === 'object' &&
    typeof (message as { type?: unknown }).type === 'string' &&
    (message as { type: string }).type.indexOf(MESSAGE_PREFIX) === 0
  );
}
