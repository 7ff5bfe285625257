// JavaScript dialogs an action raises (A10): alert, confirm, prompt. A native dialog
// blocks the page's thread (and ours with it) until a person answers, so the only way
// to see one from inside the page is to answer it in the page's own world.
//
// The guard (page world) wraps window.alert / confirm / prompt once per window. It is
// pass-through until armed; while an action runs it is armed with the caller's answer
// (default: dismiss — Cancel for confirm and prompt, never a silent OK to "Delete your
// account?"), records each dialog and answers it without showing it.
//
// Arming and the records travel as DOM events carrying JSON strings, the one channel
// both worlds share: an extension's content script (isolated world) talks to the guard
// that its page-world script installed; in the page world (IIFE) DomTool installs the
// guard itself and talks to it the same way.
import { defineProperty } from '../dom/builtins';

export const DIALOG_ARM_EVENT = 'browserx:dialogs-arm';
export const DIALOG_DISARM_EVENT = 'browserx:dialogs-disarm';
export const DIALOG_EVENT = 'browserx:dialog';

export type DialogType = 'alert' | 'confirm' | 'prompt';

/** What the caller wants answered while an action runs. */
export interface DialogPolicy {
  /** Accept confirm/prompt (OK). Default false: Cancel. */
  accept: boolean;
  /** Text a prompt is answered with when accepted (default: the prompt's own default value). */
  promptText?: string;
}

/** One dialog the page raised, and how it was answered. */
export interface DialogRecord {
  type: DialogType;
  message: string;
  /** OK (true) or Cancel (false); an alert has only OK. */
  accepted: boolean;
  /** The text a prompt was answered with. */
  value?: string;
}

const MAX_MESSAGE = 300;
const INSTALLED = '__browserxDomToolDialogs';

/** Wraps alert/confirm/prompt of `win` once (page world). False when it cannot (frozen window, no functions). */
export function installDialogGuard(win: Window): boolean {
  const holder = win as unknown as Record<string, unknown>;
  try {
    if (holder[INSTALLED]) return true;
    const doc = win.document;
    let policy: DialogPolicy | null = null;
    doc.addEventListener(
      DIALOG_ARM_EVENT,
      (event) => {
        policy = parsePolicy((event as CustomEvent).detail);
      },
      true,
    );
    doc.addEventListener(
      DIALOG_DISARM_EVENT,
      () => {
        policy = null;
      },
      true,
    );
    const CustomEventCtor = (win as unknown as { CustomEvent: typeof CustomEvent }).CustomEvent;
    const report = (record: DialogRecord) => {
      try {
        doc.dispatchEvent(new CustomEventCtor(DIALOG_EVENT, { detail: JSON.stringify(record) }));
      } catch {
        /* the answer still goes back to the page */
      }
    };
    const wrap = (type: DialogType) => {
      const original = holder[type];
      if (typeof original !== 'function') return;
      // Rest parameters: unarmed, the page's own call goes through with exactly its arguments.
      const wrapped = function (this: unknown, ...args: unknown[]): unknown {
        const armed = policy;
        if (!armed) return (original as (...a: unknown[]) => unknown).apply(this, args);
        const [message, fallback] = args;
        const text = message === undefined ? '' : String(message).slice(0, MAX_MESSAGE);
        if (type === 'alert') {
          report({ type, message: text, accepted: true });
          return undefined;
        }
        if (type === 'confirm') {
          report({ type, message: text, accepted: armed.accept });
          return armed.accept;
        }
        const value = armed.accept ? (armed.promptText ?? (fallback === undefined ? '' : String(fallback))) : null;
        report(
          value === null ? { type, message: text, accepted: false } : { type, message: text, accepted: true, value },
        );
        return value;
      };
      try {
        defineProperty(wrapped, 'name', { value: type });
        defineProperty(wrapped, 'toString', {
          value: () => Function.prototype.toString.call(original),
          configurable: true,
        });
      } catch {
        /* cosmetic */
      }
      holder[type] = wrapped;
    };
    wrap('alert');
    wrap('confirm');
    wrap('prompt');
    defineProperty(win, INSTALLED, { value: true, configurable: true, enumerable: false });
    return true;
  } catch {
    return false;
  }
}

function parsePolicy(detail: unknown): DialogPolicy {
  try {
    const p = typeof detail === 'string' ? (JSON.parse(detail) as Partial<DialogPolicy>) : null;
    if (p && typeof p === 'object')
      return { accept: p.accept === true, ...(typeof p.promptText === 'string' ? { promptText: p.promptText } : {}) };
  } catch {
    /* a malformed arm answers safely */
  }
  return { accept: false };
}

function parseRecord(detail: unknown): DialogRecord | null {
  try {
    const r = typeof detail === 'string' ? (JSON.parse(detail) as Partial<DialogRecord>) : null;
    if (!r || (r.type !== 'alert' && r.type !== 'confirm' && r.type !== 'prompt')) return null;
    const out: DialogRecord = {
      type: r.type,
      message: String(r.message ?? '').slice(0, MAX_MESSAGE),
      accepted: r.accepted === true,
    };
    if (typeof r.value === 'string') out.value = r.value.slice(0, MAX_MESSAGE);
    return out;
  } catch {
    return null;
  }
}

/**
 * The acting side for one action: arms the guard of each document the action touches,
 * collects the dialogs reported, and disarms. `install` wraps the page's functions first
 * (page world); in a content script the page-world script has done that.
 */
export class DialogWatch {
  readonly records: DialogRecord[] = [];
  private readonly armed: { doc: Document; off: () => void }[] = [];

  constructor(
    private readonly policy: DialogPolicy,
    private readonly install: boolean,
    private readonly onDialog?: () => void,
  ) {}

  arm(doc: Document): void {
    for (let i = 0; i < this.armed.length; i++) if (this.armed[i].doc === doc) return;
    try {
      const win = doc.defaultView;
      if (this.install && win) installDialogGuard(win);
      const listener = (event: Event) => {
        const record = parseRecord((event as CustomEvent).detail);
        if (!record) return;
        this.records.push(record);
        this.onDialog?.();
      };
      doc.addEventListener(DIALOG_EVENT, listener, true);
      const CustomEventCtor =
        (win as unknown as { CustomEvent?: typeof CustomEvent } | null)?.CustomEvent ?? CustomEvent;
      doc.dispatchEvent(new CustomEventCtor(DIALOG_ARM_EVENT, { detail: JSON.stringify(this.policy) }));
      this.armed.push({
        doc,
        off: () => {
          doc.removeEventListener(DIALOG_EVENT, listener, true);
          doc.dispatchEvent(new CustomEventCtor(DIALOG_DISARM_EVENT));
        },
      });
    } catch {
      /* a document we cannot reach raises its dialogs natively */
    }
  }

  disarm(): DialogRecord[] {
    for (let i = 0; i < this.armed.length; i++) {
      try {
        this.armed[i].off();
      } catch {
        /* gone with its frame */
      }
    }
    this.armed.length = 0;
    return this.records;
  }
}
