import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Math as SafeMath, Promise as SafePromise, isNative, writtenMath } from '../../src/dom/intrinsics';

// The stand-ins used when a page replaced Math before DomTool loaded must give the
// engine's answers (issue 31): held against Math itself on edge and random values.
describe('intrinsics', () => {
  const edge = [
    0,
    -0,
    0.5,
    -0.5,
    1.5,
    -1.5,
    2.5,
    -2.5,
    0.49999999999999994,
    1e-9,
    -1e-9,
    3.7,
    -3.7,
    1e21,
    -1e21,
    2 ** 53,
    NaN,
    Infinity,
    -Infinity,
  ];
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 2000;
  const values = [...edge, ...Array.from({ length: 300 }, rand)];

  it('rounds, floors, ceils, truncates, takes signs and absolute values as Math does', () => {
    for (const name of ['floor', 'ceil', 'round', 'trunc', 'abs', 'sign'] as const) {
      for (const v of values) {
        // Math.round(-0.5) is -0; ±0 are equal for every use we have (coordinates, counts).
        expect(writtenMath[name](v) + 0, `${name}(${v})`).toBe(Math[name](v) + 0);
      }
    }
    for (const v of values.filter((x) => x >= 0)) expect(writtenMath.sqrt(v)).toBeCloseTo(Math.sqrt(v), 9);
  });

  it('max and min take any number of arguments, NaN and none as Math does', () => {
    expect(writtenMath.max()).toBe(-Infinity);
    expect(writtenMath.min()).toBe(Infinity);
    expect(writtenMath.max(1, NaN, 3)).toBeNaN();
    for (let i = 0; i + 3 < values.length; i += 3) {
      const xs = values.slice(i, i + 3);
      expect(writtenMath.max(...xs) + 0).toBe(Math.max(...xs) + 0);
      expect(writtenMath.min(...xs) + 0).toBe(Math.min(...xs) + 0);
    }
  });

  it('multiplies 32-bit as Math.imul and draws randoms in [0, 1)', () => {
    for (let i = 0; i + 1 < values.length; i++)
      expect(writtenMath.imul(values[i] | 0, values[i + 1] | 0)).toBe(Math.imul(values[i] | 0, values[i + 1] | 0));
    for (let i = 0; i < 1000; i++) {
      const r = writtenMath.random();
      expect(r >= 0 && r < 1).toBe(true);
    }
  });

  it("answers with the engine's own functions when they are there, and the engine's Promise", () => {
    expect(SafeMath.max).toBe(Math.max);
    expect(SafeMath.round).toBe(Math.round);
    expect(SafePromise).toBe(Promise);
    expect(isNative(Math.max)).toBe(true);
    expect(isNative(() => 1)).toBe(false);
    expect(isNative(undefined)).toBe(false);
  });

  it('has every Math member our sources use (the bundles read Math from it)', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts'))
          for (const m of readFileSync(path, 'utf8').matchAll(/\bMath\.([A-Za-z0-9_]+)/g)) used.add(m[1]);
      }
    };
    walk(join(__dirname, '../../src'));
    expect(used.size).toBeGreaterThan(3);
    for (const name of used)
      expect(typeof (SafeMath as unknown as Record<string, unknown>)[name], `Math.${name}`).not.toBe('undefined');
  });
});
