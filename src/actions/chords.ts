// A key chord as a US keyboard sends it: the named modifiers go down first (each
// keydown already carrying the modifiers held so far, location 1 = left), then
// the key — held for `repeat` auto-repeats (keydown/keypress with repeat: true and
// their default actions) — then the modifiers come up in reverse order. An upper-
// case letter typed on its own implies Shift in the key's fields but, like
// Playwright's keyboard.press('A'), sends no separate Shift key events.
import { fireKey } from './events';
import { pressKey, type KeyOutcome } from './keyboard';
import { normalizeModifiers, type KeyDef, type Modifiers } from './keys';

const MODIFIER_KEYS: { flag: keyof Modifiers; def: KeyDef }[] = [
  { flag: 'ctrl', def: { key: 'Control', code: 'ControlLeft', keyCode: 17, location: 1 } },
  { flag: 'alt', def: { key: 'Alt', code: 'AltLeft', keyCode: 18, location: 1 } },
  { flag: 'shift', def: { key: 'Shift', code: 'ShiftLeft', keyCode: 16, location: 1 } },
  { flag: 'meta', def: { key: 'Meta', code: 'MetaLeft', keyCode: 91, location: 1 } },
];

/** `pressed`: the modifiers whose keys are pressed as keys (not implied by the character). */
export function pressChord(target: Element, def: KeyDef, mods: Modifiers, pressed: Modifiers, repeat = 0): KeyOutcome {
  const held: Modifiers = {};
  const down: KeyDef[] = [];
  for (const m of MODIFIER_KEYS) {
    if (!pressed[m.flag] || m.def.key === def.key) continue;
    held[m.flag] = true;
    fireKey(target, 'keydown', m.def, held);
    down.push(m.def);
  }
  const repeats = Math.max(0, Math.min(100, Math.floor(repeat)));
  let outcome = pressKey(target, def, mods, { release: repeats === 0 });
  for (let i = 1; i <= repeats; i++) {
    const next = pressKey(target, def, mods, { repeat: true, release: i === repeats });
    outcome = {
      prevented: outcome.prevented || next.prevented,
      defaultAction: next.defaultAction ?? outcome.defaultAction,
    };
  }
  // Released in reverse; each keyup no longer carries its own modifier.
  for (let i = down.length - 1; i >= 0; i--) {
    const m = MODIFIER_KEYS.find((x) => x.def === down[i]);
    if (m) held[m.flag] = false;
    fireKey(target.isConnected ? target : target.ownerDocument.body, 'keyup', down[i], held);
  }
  return outcome;
}

/** The modifiers a chord names ("Control+Shift+K" → ctrl, shift; "Control++" → ctrl; "A" → none). */
export function namedModifiers(key: string): Modifiers {
  if (typeof key !== 'string') return {};
  const i = key.lastIndexOf('+', key.length - 2);
  return i > 0 ? normalizeModifiers(key.slice(0, i).split('+')) : {};
}
