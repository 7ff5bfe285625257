// Cancelling a request that runs in a frame (a page tool's call, S17). An AbortSignal cannot
// cross chrome.tabs.sendMessage, so the service gives the request a call id and, when the
// caller's signal aborts, sends `domtool:cancel` naming it; the frame's handler made a
// signal of its own for that call and aborts it. Both ends live here so they agree.
import type { DomToolResponse } from './protocol';

export const CANCEL_MESSAGE = 'domtool:cancel';

let lastCall = 0;

/**
 * The service's end: takes `message.signal` off the message (it stays in this world), gives
 * the message a call id, and on abort sends the cancel through `sendCancel`. Answers what
 * stops listening (call it when the request answered).
 */
export function forwardAbort(
  message: Record<string, unknown>,
  sendCancel: (cancel: { type: string; callId: string }) => void,
): () => void {
  const signal = message.signal as AbortSignal | undefined;
  delete message.signal;
  if (!signal || typeof signal.addEventListener !== 'function') return () => undefined;
  const callId = `${Date.now().toString(36)}.${++lastCall}`;
  message.callId = callId;
  const cancel = () => sendCancel({ type: CANCEL_MESSAGE, callId });
  if (signal.aborted) queueMicrotask(cancel);
  else signal.addEventListener('abort', cancel, { once: true });
  return () => signal.removeEventListener('abort', cancel);
}

/**
 * The frame's end: a request with a call id runs with a signal that a later cancel message
 * naming that id aborts. Other messages go to `handle` as they are.
 */
export function cancellableCalls(
  handle: (message: unknown) => Promise<DomToolResponse>,
): (message: unknown) => Promise<DomToolResponse> {
  // Made on the first call with an id, not here: this runs when the content script loads,
  // and a page that replaced Map (or Object.create) before that must not stop it loading
  // (R2; hostile-load.spec).
  let running: Map<string, AbortController> | null = null;
  return async (message) => {
    const msg = (message && typeof message === 'object' ? message : {}) as Record<string, unknown>;
    if (msg.type === CANCEL_MESSAGE) {
      running?.get(String(msg.callId))?.abort();
      return { ok: true, type: CANCEL_MESSAGE, result: true };
    }
    if (typeof msg.callId !== 'string') return handle(message);
    const controller = new AbortController();
    const calls = (running ??= new Map<string, AbortController>());
    calls.set(msg.callId, controller);
    try {
      return await handle({ ...msg, signal: controller.signal });
    } finally {
      calls.delete(msg.callId);
    }
  };
}
