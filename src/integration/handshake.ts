// The nonce handshake that matches a chrome frameId to an <iframe> element (see
// frames.ts for why): its own module, because every frame installs it at load — before
// anything else of DomTool is loaded there — so an ancestor hears its children's hellos.
export const HELLO_KEY = '__browserxFrameHello';

/** The window of `doc` (default: this world's document), or null (a test runner without one). */
export function documentWindow(doc?: Document): Window | null {
  try {
    const d = doc ?? (typeof document === 'undefined' ? undefined : document);
    return d ? d.defaultView : null;
  } catch {
    return null;
  }
}

/** chrome frameId of the frame an <iframe> element hosts, -1 if unknown. */
export type FrameIdOf = (frameElement: Element) => number;

/**
 * The content script's half of the handshake: nonces posted by descendant frames,
 * with the window that posted each.
 */
export class FrameHandshake {
  /** nonce → the window that posted it; made on first use, not at install (R1: a page that replaced Map before we loaded). */
  private made: Map<string, unknown> | undefined;
  private waiters: (() => void)[] = [];

  private get seen(): Map<string, unknown> {
    return (this.made ??= new Map());
  }

  constructor(win: Window) {
    try {
      win.addEventListener(
        'message',
        (event) => {
          const data = event.data as Record<string, unknown> | null;
          if (!data || typeof data !== 'object' || typeof data[HELLO_KEY] !== 'string' || !event.source) return;
          this.seen.set(data[HELLO_KEY], event.source);
          if (this.seen.size > 500) this.seen.delete(this.seen.keys().next().value as string);
          const waiting = this.waiters;
          this.waiters = [];
          for (let i = 0; i < waiting.length; i++) waiting[i]();
        },
        true,
      );
    } catch {
      /* no window: no child frames to match */
    }
  }

  /** Child side: announces `nonce` to every ancestor window. */
  static announce(win: Window, nonce: string): void {
    let w: Window = win;
    for (let i = 0; i < 16 && w.parent && w.parent !== w; i++) {
      w = w.parent;
      try {
        w.postMessage({ [HELLO_KEY]: nonce }, '*');
      } catch {
        /* a detached ancestor */
      }
    }
  }

  /** Resolves when every nonce has arrived, or after `ms`. */
  async waitFor(nonces: string[], ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (nonces.some((n) => !this.seen.has(n)) && Date.now() < deadline) {
      // The loader every frame runs carries this class: no Math here, which would bring
      // intrinsics.ts's stand-ins into it (issue 19).
      const left = deadline - Date.now();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left > 1 ? left : 1);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** A matcher for frame elements, given the service worker's nonce → frameId table. */
  frameIdOf(nonces: Record<string, number>): FrameIdOf {
    return (el) => {
      let win: unknown = null;
      try {
        win = (el as HTMLIFrameElement).contentWindow;
      } catch {
        win = null;
      }
      if (!win) return -1;
      for (const nonce of Object.keys(nonces)) if (this.seen.get(nonce) === win) return nonces[nonce];
      return -1;
    };
  }
}
