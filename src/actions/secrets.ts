// S12 for action results: a secret field's value never reaches the agent through what
// an action answers. The snapshot hides such values where it renders them; an action
// result is built from many places (the value read back, notes that quote what was
// typed and what stuck, error messages, what appeared, the one-line text), so instead
// of trusting each of them the result is scrubbed once, at the end of the action,
// against every secret value the page held before or after it and every secret the
// agent typed. One rule decides "secret": isSensitiveField (the snapshot's own).
import type { ActionEffect, ActionResult } from '../types';
import { isSensitiveField } from '../semantics/privacy';
import { isElement } from '../dom/dom-utils';

/** What a scrubbed value is replaced with in any text of the result. */
export const HIDDEN = '[hidden]';
/** Fields a page can mark secret; the one test is isSensitiveField. */
const CANDIDATES = 'input, textarea';
/** Below this length a value is only replaced as a whole word (a 3-digit code must not eat ids or counts). */
const WORD_ONLY_BELOW = 6;
/** Below this length only a quoted occurrence is replaced (a 1-letter secret must not eat every "a"). */
const QUOTED_ONLY_BELOW = 3;
/** Bounds the walk over a result (results are small; a cycle or a huge object must not hang the page). */
const MAX_DEPTH = 8;

function fieldValue(el: Element): string | null {
  const value = (el as HTMLInputElement).value;
  return typeof value === 'string' ? value : null;
}

/** Secret values seen during one action. */
export class SecretGuard {
  private readonly values: string[] = [];
  private readonly secretTargets: Element[] = [];

  /** The values of every secret field of `doc` (and of `extra`, e.g. a target inside a shadow root). */
  collect(doc: Document | null, extra?: Element | null): void {
    try {
      const fields = doc ? doc.querySelectorAll(CANDIDATES) : [];
      for (let i = 0; i < fields.length; i++) this.collectField(fields[i]);
      if (extra) this.collectField(extra);
    } catch {
      // A page that broke querySelectorAll: the target's own value is still collected above when given.
    }
  }

  /** The action's target: when it is a secret field, its value is never reported. */
  target(el: Element | null | undefined): void {
    if (!el || !isElement(el) || !isSensitiveField(el)) return;
    if (this.secretTargets.indexOf(el) < 0) this.secretTargets.push(el);
    this.collectField(el);
  }

  /** Text the agent typed into a secret field: as secret as what the field held. */
  typed(el: Element, text: string): void {
    if (isSensitiveField(el)) this.add(text);
  }

  add(value: string | null | undefined): void {
    if (value && this.values.indexOf(value) < 0) this.values.push(value);
  }

  /** Scrubs `result` in place and returns it. */
  redact<R extends ActionResult>(result: R): R {
    if (result.effect) this.hideValue(result.effect);
    if (!this.values.length) return result;
    // Longest first, so that a value containing another is replaced whole.
    const values = this.values.slice().sort((a, b) => b.length - a.length);
    scrub(result as unknown as Record<string, unknown>, values, 0);
    return result;
  }

  private collectField(el: Element): void {
    if (isSensitiveField(el)) this.add(fieldValue(el));
  }

  private hideValue(effect: ActionEffect): void {
    if (effect.valueAfter === undefined) return;
    const secretTarget = this.secretTargets.some((el) => el.isConnected);
    if (secretTarget || this.values.indexOf(effect.valueAfter) >= 0) {
      delete effect.valueAfter;
      effect.valueHidden = true;
    }
  }
}

function scrub(node: Record<string, unknown> | unknown[], values: string[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
  for (const key of keys) {
    const v = (node as Record<string | number, unknown>)[key];
    if (typeof v === 'string') (node as Record<string | number, unknown>)[key] = redactString(v, values);
    else if (v && typeof v === 'object' && !isElement(v as Node))
      scrub(v as Record<string, unknown>, values, depth + 1);
  }
}

function isWordChar(c: string): boolean {
  return /[0-9A-Za-z_]/.test(c);
}

/** `text` with every occurrence of the values replaced by HIDDEN (short ones only as whole words). */
export function redactString(text: string, values: string[]): string {
  let out = text;
  for (const value of values) {
    if (!value || out.indexOf(value) < 0) continue;
    if (value.length < QUOTED_ONLY_BELOW) {
      for (const q of ['"', "'", '\\"']) out = out.split(q + value + q).join(q + HIDDEN + q);
      continue;
    }
    if (value.length >= WORD_ONLY_BELOW) {
      out = out.split(value).join(HIDDEN);
      continue;
    }
    let result = '';
    let from = 0;
    for (let at = out.indexOf(value); at >= 0; at = out.indexOf(value, at + 1)) {
      const before = at > 0 ? out.charAt(at - 1) : '';
      const after = out.charAt(at + value.length);
      if ((before && isWordChar(before)) || (after && isWordChar(after))) continue;
      result += out.slice(from, at) + HIDDEN;
      from = at + value.length;
      at = from - 1;
    }
    out = result + out.slice(from);
  }
  return out;
}
