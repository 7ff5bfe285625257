// WebMCP's page events (`toolactivated`, `toolcancel`). Fired by the world that runs the
// tool: a property set on an event object in the extension's isolated world is not seen by
// the page's own listeners, so when page-world.js ran the call (./bridge.ts), it fires them.

/** Dispatches `type` at the page's window with the tool's name as `toolName`. */
export function fireToolEvent(doc: Document, type: string, toolName: string): void {
  try {
    const win = doc.defaultView;
    if (!win) return;
    const event = new win.Event(type);
    Object.defineProperty(event, 'toolName', { value: toolName });
    win.dispatchEvent(event);
  } catch {
    // A page that broke Event: nothing to tell it with.
  }
}
