// type(id, value) on a slider handle drawn without ARIA (jQuery UI's bare <span tabindex=0>):
// no aria-valuenow says what it holds, so it is set as a person sets it. The handle is
// focused and stepped with arrow keys; the value is read back from what the page shows
// beside it — the number that moved with the handle ("Volume: 20" → "Volume: 21"), found
// on the first key press and nearest the handle. "60%" places it by position instead
// (what the snapshot's `valuetext="20% along the track"` tells). A page that shows no
// number that follows the handle gets an honest refusal, not a guess at its scale.
import { handleAlong } from '../snapshot/classify/describe';
import { getRole } from '../semantics';
import { pressKey } from './keyboard';
import { parseKey } from './keys';
import { nextFrame } from './drag-sequence';
import { cut } from './result';

/** Text nodes and fields read for a readout at most (a page of thousands of numbers is cut). */
const MAX_READS = 4000;
/** Key presses at most (a 0..1000 slider stepped by one). */
const MAX_PRESSES = 1000;
const NUMBER = /-?\d+(?:[.,]\d+)?/g;

export interface HandleOutcome {
  ok: boolean;
  valueAfter: string;
  reason?: string;
  /** What the value was read from, for the result's note. */
  readFrom?: string;
}

/** A focusable handle the snapshot shows as a slider by its position alone (no role, no aria-valuenow). */
export function isDrawnHandle(el: Element): boolean {
  try {
    if (getRole(el) || el.hasAttribute('aria-valuenow')) return false;
    return (el as HTMLElement).tabIndex >= 0 && handleAlong(el) !== null;
  } catch {
    return false;
  }
}

/** A number the page shows: an element's text holding one number, or a field's value (elements: libraries replace text nodes). */
interface Reading {
  node: Node;
  value: number;
}

function numberOf(s: string | null | undefined): number | null {
  const m = (s ?? '').match(NUMBER);
  return m && m.length === 1 ? Number(m[0].replace(',', '.')) : null;
}

function readNode(node: Node): number | null {
  const el = node as HTMLInputElement;
  return numberOf(el.localName === 'input' ? el.value : el.textContent);
}

/** Every number shown in the handle's document (text nodes with one number, inputs and outputs), bounded. */
function readings(doc: Document, handle: Element): Reading[] {
  const out: Reading[] = [];
  const body = doc.body;
  if (!body) return out;
  const walker = doc.createTreeWalker(body, 5 /* SHOW_ELEMENT | SHOW_TEXT */);
  for (let n = walker.nextNode(), i = 0; n && i < MAX_READS; n = walker.nextNode(), i++) {
    if (n === handle || handle.contains(n)) continue;
    // A field that shows a value (jQuery UI's demos write it into a readonly input); never a secret one (S12).
    const field =
      n.nodeType === 1 && (n as Element).localName === 'input' && (n as HTMLInputElement).type !== 'password';
    if (n.nodeType !== 3 && !field) continue;
    const node = field ? n : n.parentNode;
    // A container of the handle is no readout of it (its text is the whole widget's).
    if (!node || node.nodeType !== 1 || node.contains(handle) || out.some((r) => r.node === node)) continue;
    const value = readNode(node);
    if (value !== null) out.push({ node, value });
  }
  return out;
}

/** How many ancestors up from `a` until one contains `b` (nearer readouts win). */
function distance(a: Node, b: Node): number {
  let d = 0;
  for (let cur: Node | null = a; cur && !cur.contains(b); cur = cur.parentNode) d++;
  return d;
}

/** The reading that moved since `before`, nearest the handle (null: none did). */
function movedReading(handle: Element, before: Reading[]): Reading | null {
  let best: Reading | null = null;
  let bestDistance = Infinity;
  for (const r of before) {
    const now = readNode(r.node);
    if (now === null || now === r.value || !r.node.isConnected) continue;
    const d = distance(handle, r.node);
    if (d < bestDistance) {
      best = { node: r.node, value: now };
      bestDistance = d;
    }
  }
  return best;
}

/** Presses a key on the handle and waits (a few frames at most) for it to move. */
async function step(handle: Element, key: string, along: number): Promise<void> {
  const parsed = parseKey(key);
  if (!parsed) return;
  pressKey(handle, parsed.def, parsed.mods);
  await Promise.resolve();
  for (let frame = 0; handleAlong(handle) === along && frame < 6; frame++) await nextFrame();
}

/** Sets a drawn handle to `text`: a number the page shows beside it, or a position ("60%"). */
export async function typeIntoHandle(handle: Element, text: string): Promise<HandleOutcome> {
  const trimmed = text.trim();
  const byPosition = /%$/.test(trimmed);
  const wanted = Number(byPosition ? trimmed.slice(0, -1) : trimmed);
  const at = () => handleAlong(handle) ?? NaN;
  if (!isFinite(wanted) || trimmed === '' || trimmed === '%')
    return { ok: false, valueAfter: `${at()}%`, reason: `"${cut(text)}" is not a number` };
  (handle as HTMLElement).focus({ preventScroll: true });
  const before = readings(handle.ownerDocument, handle);
  let along = at();
  // The first press finds the readout (the number that moved with the handle) and which way is up.
  let up = 'ArrowRight';
  let down = 'ArrowLeft';
  let readout: Reading | null = null;
  const current = (): number => (byPosition ? at() : readout ? (readNode(readout.node) ?? NaN) : NaN);
  if (!byPosition || along !== wanted) {
    await step(handle, up, along);
    const moved = at();
    if (moved === along)
      return { ok: false, valueAfter: `${along}%`, reason: 'the handle does not move with arrow keys' };
    if (!byPosition) {
      readout = movedReading(handle, before);
      if (!readout)
        return {
          ok: false,
          valueAfter: `${moved}%`,
          reason: `the page shows no number that moves with the handle; it sits at ${moved}% along the track (type "${wanted}%" to place it by position)`,
        };
    }
    // ArrowRight may lower the value (a reversed scale, a right-to-left page).
    const was = byPosition ? along : (before.find((r) => r.node === readout!.node)?.value ?? NaN);
    if (current() < was) [up, down] = [down, up];
    along = moved;
  }
  for (let i = 0; i < MAX_PRESSES; i++) {
    const value = current();
    if (!isFinite(value) || value === wanted) break;
    const key = value < wanted ? up : down;
    await step(handle, key, along);
    const next = current();
    along = at();
    if (next === value) break; // at an end, or the page stopped following
    if ((key === up && next > wanted) || (key === down && next < wanted)) {
      // Overshoot (the step does not divide the distance): keep the nearer of the two.
      if (Math.abs(next - wanted) >= Math.abs(value - wanted)) await step(handle, key === up ? down : up, along);
      break;
    }
  }
  const after = current();
  const valueAfter = byPosition ? `${after}%` : String(after);
  return {
    ok: after === wanted,
    valueAfter,
    reason: after === wanted ? undefined : 'arrow keys did not bring it there (step or bounds)',
    readFrom: readout ? cut(((readout.node.parentNode ?? readout.node).textContent ?? '').trim()) : undefined,
  };
}
