// Key names → KeyboardEvent fields (key, code, legacy keyCode, produced text), and
// modifier parsing. Pure data and functions so they are unit-testable.

export interface KeyDef {
  key: string;
  code: string;
  keyCode: number;
  /** Text the key inserts in an editable target (printable keys only). */
  text?: string;
  location?: number;
}

export interface Modifiers {
  ctrl?: boolean;
  shift?: boolean;
  alt?: boolean;
  meta?: boolean;
}

const NAMED: Record<string, KeyDef> = {
  Enter: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { key: 'Tab', code: 'Tab', keyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', keyCode: 27 },
  Backspace: { key: 'Backspace', code: 'Backspace', keyCode: 8 },
  Delete: { key: 'Delete', code: 'Delete', keyCode: 46 },
  Insert: { key: 'Insert', code: 'Insert', keyCode: 45 },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 },
  Home: { key: 'Home', code: 'Home', keyCode: 36 },
  End: { key: 'End', code: 'End', keyCode: 35 },
  PageUp: { key: 'PageUp', code: 'PageUp', keyCode: 33 },
  PageDown: { key: 'PageDown', code: 'PageDown', keyCode: 34 },
  ' ': { key: ' ', code: 'Space', keyCode: 32, text: ' ' },
  Shift: { key: 'Shift', code: 'ShiftLeft', keyCode: 16, location: 1 },
  Control: { key: 'Control', code: 'ControlLeft', keyCode: 17, location: 1 },
  Alt: { key: 'Alt', code: 'AltLeft', keyCode: 18, location: 1 },
  Meta: { key: 'Meta', code: 'MetaLeft', keyCode: 91, location: 1 },
  ContextMenu: { key: 'ContextMenu', code: 'ContextMenu', keyCode: 93 },
};

const ALIASES: Record<string, string> = {
  esc: 'Escape',
  escape: 'Escape',
  return: 'Enter',
  enter: 'Enter',
  tab: 'Tab',
  space: ' ',
  spacebar: ' ',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  shift: 'Shift',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  // Playwright's name for the shortcut modifier: Meta on macOS, Control elsewhere.
  controlormeta: 'ControlOrMeta',
  contextmenu: 'ContextMenu',
};

// US layout: punctuation → [code, keyCode, shifted?]
const PUNCT: Record<string, [string, number, boolean]> = {
  '-': ['Minus', 189, false],
  _: ['Minus', 189, true],
  '=': ['Equal', 187, false],
  '+': ['Equal', 187, true],
  '[': ['BracketLeft', 219, false],
  '{': ['BracketLeft', 219, true],
  ']': ['BracketRight', 221, false],
  '}': ['BracketRight', 221, true],
  '\\': ['Backslash', 220, false],
  '|': ['Backslash', 220, true],
  ';': ['Semicolon', 186, false],
  ':': ['Semicolon', 186, true],
  "'": ['Quote', 222, false],
  '"': ['Quote', 222, true],
  ',': ['Comma', 188, false],
  '<': ['Comma', 188, true],
  '.': ['Period', 190, false],
  '>': ['Period', 190, true],
  '/': ['Slash', 191, false],
  '?': ['Slash', 191, true],
  '`': ['Backquote', 192, false],
  '~': ['Backquote', 192, true],
  '!': ['Digit1', 49, true],
  '@': ['Digit2', 50, true],
  '#': ['Digit3', 51, true],
  $: ['Digit4', 52, true],
  '%': ['Digit5', 53, true],
  '^': ['Digit6', 54, true],
  '&': ['Digit7', 55, true],
  '*': ['Digit8', 56, true],
  '(': ['Digit9', 57, true],
  ')': ['Digit0', 48, true],
};

/** The key a person presses to type `ch`, and whether Shift is held for it. */
export function keyForChar(ch: string): { def: KeyDef; shift: boolean } {
  if (ch === '\n' || ch === '\r') return { def: NAMED.Enter, shift: false };
  if (ch === '\t') return { def: NAMED.Tab, shift: false };
  if (ch === ' ') return { def: NAMED[' '], shift: false };
  const c = ch.charCodeAt(0);
  if (c >= 97 && c <= 122)
    return { def: { key: ch, code: 'Key' + ch.toUpperCase(), keyCode: c - 32, text: ch }, shift: false };
  if (c >= 65 && c <= 90) return { def: { key: ch, code: 'Key' + ch, keyCode: c, text: ch }, shift: true };
  if (c >= 48 && c <= 57) return { def: { key: ch, code: 'Digit' + ch, keyCode: c, text: ch }, shift: false };
  const p = PUNCT[ch];
  if (p) return { def: { key: ch, code: p[0], keyCode: p[1], text: ch }, shift: p[2] };
  // Any other character (accents, CJK, emoji): no physical key on a US layout, as IMEs report it.
  return { def: { key: ch, code: '', keyCode: 0, text: ch }, shift: false };
}

/**
 * Sets the modifier `name` names ("Ctrl", "shift", "ControlOrMeta"…) on `mods`; false when
 * it names no modifier.
 */
function addModifier(mods: Modifiers, name: string): boolean {
  let m = ALIASES[name.toLowerCase()];
  if (m === 'ControlOrMeta') m = isApplePlatform() ? 'Meta' : 'Control';
  if (m === 'Control') mods.ctrl = true;
  else if (m === 'Shift') mods.shift = true;
  else if (m === 'Alt') mods.alt = true;
  else if (m === 'Meta') mods.meta = true;
  else return false;
  return true;
}

/** The page's platform takes Meta for its shortcuts (Cmd+A) where others take Control. */
function isApplePlatform(): boolean {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return !!nav && /^(Mac|iP)/.test(nav.platform ?? '');
}

/** Resolves "Enter", "esc", "a", "Control+A", "Shift+Tab"… Null for unknown names. */
export function parseKey(input: string): { def: KeyDef; mods: Modifiers } | null {
  if (typeof input !== 'string' || input.length === 0) return null;
  const mods: Modifiers = {};
  let keyName = input;
  // "Control+Shift+K" — but a lone "+" is the plus key.
  if (input.length > 1 && input.indexOf('+') > 0) {
    const parts = input.split('+');
    keyName = parts[parts.length - 1] === '' ? '+' : parts[parts.length - 1];
    for (let i = 0; i < parts.length - 1; i++) {
      if (!addModifier(mods, parts[i]) && parts[i] !== '') return null;
    }
  }
  if (keyName.length === 1 || [...keyName].length === 1) {
    const { def, shift } = keyForChar(keyName);
    // A shortcut is written with its capital letter ("Control+K" in menus and docs) and means
    // the unshifted chord, as Playwright presses it; Shift only when the chord says so.
    if (shift && !(keyName !== input && /^[A-Z]$/.test(keyName))) mods.shift = true;
    return { def, mods };
  }
  const named = NAMED[keyName] ?? NAMED[ALIASES[keyName.toLowerCase()] ?? ''];
  if (named) return { def: named, mods };
  const f = /^F([1-9]|1[0-2])$/.exec(keyName);
  if (f) return { def: { key: keyName, code: keyName, keyCode: 111 + Number(f[1]) }, mods };
  return null;
}

/** Accepts `{ctrl, shift, alt, meta}` or `['Ctrl', 'Shift']` (seed 003 uses both). */
export function normalizeModifiers(input: unknown): Modifiers {
  const mods: Modifiers = {};
  if (!input) return mods;
  if (typeof input === 'object' && typeof (input as { length?: unknown }).length === 'number') {
    const list = input as ArrayLike<unknown>;
    for (let i = 0; i < list.length; i++) {
      if (typeof list[i] === 'string') addModifier(mods, list[i] as string);
    }
    return mods;
  }
  if (typeof input === 'object') {
    const o = input as Record<string, unknown>;
    if (o.ctrl || o.control) mods.ctrl = true;
    if (o.shift) mods.shift = true;
    if (o.alt) mods.alt = true;
    if (o.meta || o.cmd) mods.meta = true;
  }
  return mods;
}

export function mergeModifiers(a: Modifiers, b: Modifiers): Modifiers {
  return {
    ctrl: !!(a.ctrl || b.ctrl),
    shift: !!(a.shift || b.shift),
    alt: !!(a.alt || b.alt),
    meta: !!(a.meta || b.meta),
  };
}

/** True when the key with these modifiers would insert its text (no Ctrl/Alt/Meta chord). */
export function insertsText(def: KeyDef, mods: Modifiers): boolean {
  return !!def.text && def.key !== 'Enter' && !mods.ctrl && !mods.alt && !mods.meta;
}
