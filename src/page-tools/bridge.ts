// The page-world bridge for page tools (S17). A content script runs in an isolated world:
// it shares the page's DOM but not its JavaScript objects, so tools a page script
// registered (through a polyfill, or any object only the page's world holds) are out of
// its reach. page-world.js (a MAIN-world content script) answers for it: both worlds see
// the same DOM events, and only strings cross between worlds, so requests and answers
// are JSON in the `detail` of a CustomEvent on the document.
//
// A page can read and forge these events like any DOM event; what it can forge is only
// the page's own tools, which the page controls anyway. Nothing secret travels here.
import { executeIn } from './execute';
import { clearTimer, setTimer } from '../dom/builtins';
import { fireToolEvent } from './events';

/** Set on <html> by the page-world half once it listens. */
export const BRIDGE_ATTRIBUTE = 'data-browserx-page-tools';
const REQUEST_EVENT = 'browserx-domtool:page-tools-request';
const RESPONSE_EVENT = 'browserx-domtool:page-tools-response';

export interface BridgeRequest {
  id: string;
  op: 'list' | 'call' | 'cancel';
  name?: string;
  input?: unknown;
  /** call: the caller holds a signal; the page-world half hands executeTool one of its own. */
  cancellable?: boolean;
  /** cancel: the id of the call whose signal aborts (no answer is sent). */
  call?: string;
}

export interface BridgeAnswer {
  id: string;
  ok: boolean;
  /** list: the registered tools as plain data. */
  tools?: { name: string; description?: string; inputSchema?: unknown; annotations?: Hints }[];
  /** call: what executeTool answered (a serialized string or null). */
  result?: string | null;
  error?: { name: string; message: string };
}

/** WebMCP's annotations of a tool (the draft's three hints). */
interface Hints {
  readOnlyHint?: boolean;
  consequentialHint?: boolean;
  untrustedContentHint?: boolean;
  /** The older drafts' name for consequentialHint. */
  destructiveHint?: boolean;
}

interface PageContext {
  getTools?(): Promise<{ name: string; description?: string; inputSchema?: unknown; annotations?: Hints }[]>;
  executeTool?(tool: unknown, input: unknown): Promise<string | null>;
}

const INSTALLED = Symbol.for('browserx.domtool.pageToolBridge');

/** The page-world half (page-world.js): answers list/call requests from the isolated world. */
export function installPageToolBridge(win: typeof globalThis = globalThis): boolean {
  const g = win as unknown as Record<PropertyKey, unknown>;
  const doc = (win as { document?: Document }).document;
  if (g[INSTALLED] || !doc) return false;
  g[INSTALLED] = true;
  const EventCtor = (win as { CustomEvent?: typeof CustomEvent }).CustomEvent ?? CustomEvent;
  // Taken at install (document_start, before the page's scripts can replace it).
  const Controller = (win as { AbortController?: typeof AbortController }).AbortController;
  // The calls running with a signal, by request id: an AbortSignal cannot cross worlds, its abort can.
  const running = Object.create(null) as Record<string, { controller?: AbortController; name: string } | undefined>;
  const reply = (answer: BridgeAnswer) =>
    doc.dispatchEvent(new EventCtor(RESPONSE_EVENT, { detail: JSON.stringify(answer) }));
  doc.addEventListener(REQUEST_EVENT, (event) => {
    let request: BridgeRequest;
    try {
      request = JSON.parse(String((event as CustomEvent).detail)) as BridgeRequest;
    } catch {
      return;
    }
    if (request.op === 'cancel') {
      const call = typeof request.call === 'string' ? running[request.call] : undefined;
      // Told here, in the page's world, where the event's toolName is seen.
      if (call) fireToolEvent(doc, 'toolcancel', call.name);
      call?.controller?.abort();
      return;
    }
    const controller = request.op === 'call' && request.cancellable && Controller ? new Controller() : undefined;
    if (request.op === 'call' && request.cancellable) running[request.id] = { controller, name: String(request.name) };
    const done = () => void delete running[request.id];
    void answer(win, request, controller?.signal)
      .then(
        (a) => (done(), a),
        (e) => {
          done();
          throw e;
        },
      )
      .then(reply, (e: { name?: string; message?: string }) =>
        reply({
          id: request.id,
          ok: false,
          error: { name: String(e?.name ?? 'Error'), message: String(e?.message ?? e) },
        }),
      );
  });
  try {
    doc.documentElement?.setAttribute(BRIDGE_ATTRIBUTE, '');
  } catch {
    // A document without a root element yet: the isolated side then finds no bridge.
  }
  return true;
}

async function answer(win: typeof globalThis, request: BridgeRequest, signal?: AbortSignal): Promise<BridgeAnswer> {
  const doc = (win as { document: Document }).document;
  const ctx =
    (doc as Document & { modelContext?: PageContext }).modelContext ??
    (win.navigator as Navigator & { modelContext?: PageContext }).modelContext;
  if (!ctx || typeof ctx.getTools !== 'function') return { id: request.id, ok: true, tools: [] };
  const tools = await ctx.getTools();
  if (request.op === 'list') {
    return {
      id: request.id,
      ok: true,
      tools: tools.map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: t.inputSchema,
        // The draft's three hints, as plain booleans (nothing else of the page's object crosses).
        annotations: t.annotations
          ? {
              readOnlyHint: t.annotations.readOnlyHint === true,
              consequentialHint: t.annotations.consequentialHint === true,
              untrustedContentHint: t.annotations.untrustedContentHint === true,
              destructiveHint: t.annotations.destructiveHint === true,
            }
          : undefined,
      })),
    };
  }
  const tool = tools.find((t) => t.name === request.name);
  if (!tool)
    return { id: request.id, ok: false, error: { name: 'NotFoundError', message: `no tool named ${request.name}` } };
  if (typeof ctx.executeTool !== 'function')
    return {
      id: request.id,
      ok: false,
      error: { name: 'NotSupportedError', message: 'this page offers no executeTool' },
    };
  const input = request.input && typeof request.input === 'object' ? (request.input as Record<string, unknown>) : {};
  return { id: request.id, ok: true, result: await executeIn(ctx, tool, input, signal) };
}

let nextId = 0;

/** True when this document has the page-world half listening. */
export function hasBridge(doc: Document): boolean {
  try {
    return !!doc.documentElement && doc.documentElement.hasAttribute(BRIDGE_ATTRIBUTE);
  } catch {
    return false;
  }
}

/**
 * The isolated-world half: one request, its answer (rejects on timeout). With `signal`, its
 * abort is sent on to the page world, where the tool's own signal aborts.
 */
export function askBridge(
  doc: Document,
  request: Omit<BridgeRequest, 'id'>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<BridgeAnswer> {
  const id = 'r' + ++nextId + '-' + Math.random().toString(36).slice(2, 8);
  const send = (r: BridgeRequest) => doc.dispatchEvent(new CustomEvent(REQUEST_EVENT, { detail: JSON.stringify(r) }));
  return new Promise<BridgeAnswer>((resolve, reject) => {
    const onAnswer = (event: Event) => {
      let answer: BridgeAnswer;
      try {
        answer = JSON.parse(String((event as CustomEvent).detail)) as BridgeAnswer;
      } catch {
        return;
      }
      if (answer.id !== id) return;
      cleanup();
      resolve(answer);
    };
    const timer = setTimer(() => {
      cleanup();
      reject(new Error('the page did not answer'));
    }, timeoutMs);
    const onAbort = () => send({ id: 'c' + id, op: 'cancel', call: id });
    const cleanup = () => {
      clearTimer(timer);
      doc.removeEventListener(RESPONSE_EVENT, onAnswer);
      signal?.removeEventListener('abort', onAbort);
    };
    doc.addEventListener(RESPONSE_EVENT, onAnswer);
    signal?.addEventListener('abort', onAbort, { once: true });
    send(signal ? { ...request, id, cancellable: true } : { ...request, id });
  });
}
