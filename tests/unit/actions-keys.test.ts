import { describe, expect, it } from 'vitest';
import { insertsText, keyForChar, normalizeModifiers, parseKey } from '../../src/actions/keys';

describe('parseKey', () => {
  it('resolves named keys and aliases', () => {
    expect(parseKey('Enter')?.def).toMatchObject({ key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(parseKey('esc')?.def.key).toBe('Escape');
    expect(parseKey('Space')?.def).toMatchObject({ key: ' ', code: 'Space', keyCode: 32 });
    expect(parseKey('down')?.def.key).toBe('ArrowDown');
    expect(parseKey('F5')?.def).toMatchObject({ key: 'F5', keyCode: 116 });
  });

  it('resolves characters with their physical key and Shift', () => {
    expect(parseKey('a')).toEqual({ def: { key: 'a', code: 'KeyA', keyCode: 65, text: 'a' }, mods: {} });
    expect(parseKey('A')?.mods.shift).toBe(true);
    expect(parseKey('?')?.def).toMatchObject({ code: 'Slash', keyCode: 191 });
    expect(parseKey('?')?.mods.shift).toBe(true);
    expect(parseKey('é')?.def).toMatchObject({ key: 'é', code: '', text: 'é' });
    expect(parseKey('+')?.def.code).toBe('Equal');
  });

  it('parses chords', () => {
    expect(parseKey('Control+A')?.mods).toMatchObject({ ctrl: true });
    expect(parseKey('Control+Shift+K')?.mods).toMatchObject({ ctrl: true, shift: true });
    expect(parseKey('Shift+Tab')).toMatchObject({ def: { key: 'Tab' }, mods: { shift: true } });
    expect(parseKey('Ctrl++')?.def.key).toBe('+');
    // A shortcut's capital letter is the unshifted chord (as Playwright presses it); a lone capital is typed with Shift.
    expect(parseKey('Control+K')?.mods).toEqual({ ctrl: true });
    expect(parseKey('Control+?')?.mods).toEqual({ ctrl: true, shift: true });
  });

  it("takes Playwright's ControlOrMeta: Control where the platform is not Apple's", () => {
    expect(navigator.platform).not.toMatch(/^(Mac|iP)/);
    expect(parseKey('ControlOrMeta+a')?.mods).toEqual({ ctrl: true });
    expect(normalizeModifiers(['controlormeta', 'Shift'])).toEqual({ ctrl: true, shift: true });
  });

  it('rejects unknown names', () => {
    expect(parseKey('Hyper')).toBeNull();
    expect(parseKey('')).toBeNull();
    expect(parseKey('Foo+A')).toBeNull();
  });
});

describe('modifiers', () => {
  it('accepts objects and seed-003 string arrays', () => {
    expect(normalizeModifiers({ ctrl: true, meta: true })).toEqual({ ctrl: true, meta: true });
    expect(normalizeModifiers(['Ctrl', 'Shift', 'Alt', 'Meta'])).toEqual({
      ctrl: true,
      shift: true,
      alt: true,
      meta: true,
    });
    expect(normalizeModifiers(undefined)).toEqual({});
  });

  it('chords do not insert text', () => {
    const a = keyForChar('a').def;
    expect(insertsText(a, {})).toBe(true);
    expect(insertsText(a, { ctrl: true })).toBe(false);
    expect(insertsText(parseKey('Enter')!.def, {})).toBe(false);
  });
});
