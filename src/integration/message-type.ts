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

/** A chrome.runtime.onMessage listener. */
export type MessageListener = (
  message: unknown,
  sender: unknown,
  sendResponse: (response: unknown) => void,
) => boolean | undefined;

export interface MessageEvent {
  addListener(cb: MessageListener): void;
  removeListener(cb: MessageListener): void;
}

/**
 * Answers every domtool:* message of chrome.runtime.onMessage with `handle` (others are
 * left to the extension's other listeners). Returns what stops it.
 */
export function answerDomToolMessages(
  onMessage: MessageEvent,
  handle: (message: unknown) => Promise<unknown>,
): () => void {
  const listener: MessageListener = (message, _sender, sendResponse) => {
    if (!isDomToolMessage(message)) return undefined;
    void handle(message).then(sendResponse);
    return true; // keeps the channel open for the asynchronous answer
  };
  onMessage.addListener(listener);
  return () => {
    try {
      onMessage.removeListener(listener);
    } catch {
      /* orphaned runtime */
    }
  };
}
