// Opt-in page-world recorder of click-like listeners (issue 11, item 5). Runs in the
// page's MAIN world at document_start (a content script entry with "world": "MAIN"),
// before the page's own scripts, and wraps EventTarget.prototype.addEventListener /
// removeEventListener to remember which elements get click, pointer or touch
// listeners. The content script asks for them with LISTENER_QUERY_EVENT and gets one
// LISTENER_MARK_EVENT per connected recorded element (see click-listeners.ts).
//
// Not breaking pages: the wrappers call the originals with the same `this` and
// arguments and return what they return; recording is wrapped in try/catch; the
// element → listeners table is a WeakMap (no leaks); window, document, <html> and
// <body> (where delegating frameworks listen) are never recorded.
import { LISTENER_MARK_EVENT, LISTENER_QUERY_EVENT } from './click-listeners';

export { installDialogGuard } from '../settle/dialogs';

const INSTALLED = Symbol.for('browserx.domtool.listenerRecorder');
const CLICKY: Record<string, true> = {
  click: true,
  mousedown: true,
  mouseup: true,
  pointerdown: true,
  pointerup: true,
  dblclick: true,
  touchstart: true,
  touchend: true,
  auxclick: true,
};

interface Entry {
  type: string;
  listener: unknown;
  capture: boolean;
}

export function installListenerRecorder(win: typeof globalThis = globalThis): boolean {
  const g = win as unknown as Record<PropertyKey, unknown>;
  if (g[INSTALLED]) return false;
  const Target = (win as { EventTarget?: typeof EventTarget }).EventTarget;
  const ElementCtor = (win as { Element?: typeof Element }).Element;
  if (!Target || !ElementCtor) return false;
  const proto = Target.prototype;
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  const table = new WeakMap<Element, Entry[]>();
  let refs: WeakRef<Element>[] = [];
  const WeakRefCtor = (win as { WeakRef?: typeof WeakRef }).WeakRef;
  if (!WeakRefCtor) return false;

  const captureOf = (options: unknown): boolean =>
    typeof options === 'boolean'
      ? options
      : !!options && typeof options === 'object' && !!(options as { capture?: unknown }).capture;
  const recordable = (target: unknown): target is Element => {
    if (!(target instanceof ElementCtor)) return false;
    const tag = target.localName;
    return tag !== 'html' && tag !== 'body';
  };

  const wrappedAdd = function addEventListener(
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    try {
      if (listener && CLICKY[type] === true && recordable(this)) {
        const capture = captureOf(options);
        const list = table.get(this);
        if (!list) {
          table.set(this, [{ type, listener, capture }]);
          refs.push(new WeakRefCtor(this));
        } else if (!list.some((e) => e.type === type && e.listener === listener && e.capture === capture)) {
          list.push({ type, listener, capture });
        }
      }
    } catch {
      /* recording is best effort; the page's call below always happens */
    }
    return add.call(this, type, listener, options as boolean | AddEventListenerOptions);
  };
  const wrappedRemove = function removeEventListener(
    this: EventTarget,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ): void {
    try {
      const list = CLICKY[type] === true && recordable(this) ? table.get(this) : undefined;
      if (list) {
        const capture = captureOf(options);
        for (let i = 0; i < list.length; i++) {
          if (list[i].type === type && list[i].listener === listener && list[i].capture === capture) {
            list.splice(i, 1);
            break;
          }
        }
      }
    } catch {
      /* best effort */
    }
    return remove.call(this, type, listener, options as boolean | EventListenerOptions);
  };
  try {
    Object.defineProperty(proto, 'addEventListener', {
      value: wrappedAdd,
      writable: true,
      configurable: true,
      enumerable: true,
    });
    Object.defineProperty(proto, 'removeEventListener', {
      value: wrappedRemove,
      writable: true,
      configurable: true,
      enumerable: true,
    });
  } catch {
    return false;
  }

  const inClosedRoot = (el: Element): boolean => {
    for (let root = el.getRootNode(), i = 0; i < 64 && root.nodeType === 11; i++) {
      const shadow = root as ShadowRoot;
      if (shadow.mode === 'closed') return true;
      root = shadow.host.getRootNode();
    }
    return false;
  };
  const answer = (event: Event) => {
    const doc = event.target as Document;
    const alive: WeakRef<Element>[] = [];
    const marked: Element[] = [];
    for (let i = 0; i < refs.length; i++) {
      const el = refs[i].deref();
      if (!el) continue;
      alive.push(refs[i]);
      const list = table.get(el);
      // Inside a closed shadow root the mark would reach the content script retargeted
      // to the host, crediting the host with its content's listener: left out.
      if (list && list.length && el.isConnected && el.ownerDocument === doc && !inClosedRoot(el)) marked.push(el);
    }
    refs = alive;
    const EventCtor = (win as { CustomEvent?: typeof CustomEvent }).CustomEvent ?? CustomEvent;
    for (let i = 0; i < marked.length; i++) {
      try {
        marked[i].dispatchEvent(new EventCtor(LISTENER_MARK_EVENT, { bubbles: true, composed: true }));
      } catch {
        /* keep going */
      }
    }
  };
  add.call((win as { document?: Document }).document as EventTarget, LISTENER_QUERY_EVENT, answer, true);
  try {
    Object.defineProperty(g, INSTALLED, { value: true });
  } catch {
    /* frozen global: the recorder still works, a second copy would wrap again */
  }
  return true;
}
