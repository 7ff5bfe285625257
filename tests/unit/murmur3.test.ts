import { describe, expect, it } from 'vitest';
import murmur from 'murmurhash3js';
import { hashAdd, hashEnd, hashStart, murmur3 } from '../../src/dom/murmur3';
import { imulByHalves } from '../../src/dom/builtins';

// Ids are hashes: our x86_32 must equal the package's bit for bit.
describe('murmur3 (x86, 32-bit)', () => {
  it('matches murmurhash3js x86.hash32 on edge and random keys and seeds', () => {
    const keys = [
      '',
      'a',
      'ab',
      'abc',
      'abcd',
      'abcde',
      'button#1',
      'nv_k3x9a2',
      '\u00e9t\u00e9',
      '\u{1F600}x',
      'x'.repeat(1000),
    ];
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let n = 0; n < 500; n++) {
      let s = '';
      const len = rand() % 40;
      for (let i = 0; i < len; i++) s += String.fromCharCode(rand() % 0x3000);
      keys.push(s);
    }
    for (const key of keys) {
      for (const sd of [0, 1, 0x5eed, 0xffffffff, rand()]) expect(murmur3(key, sd)).toBe(murmur.x86.hash32(key, sd));
    }
  });
  it('hashes pieces as their concatenation (hashStart / hashAdd / hashEnd), with a length cap per piece', () => {
    let seed = 99;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let n = 0; n < 400; n++) {
      const pieces: string[] = [];
      const caps: number[] = [];
      for (let p = rand() % 6; p >= 0; p--) {
        let s = '';
        for (let i = rand() % 12; i > 0; i--) s += String.fromCharCode(rand() % 0x3000);
        pieces.push(s);
        caps.push(rand() % 3 === 0 ? rand() % 8 : Infinity);
      }
      const sd = rand();
      hashStart(sd);
      pieces.forEach((p, i) => hashAdd(p, caps[i]));
      const joined = pieces.map((p, i) => p.slice(0, caps[i] === Infinity ? undefined : caps[i])).join('');
      expect(hashEnd()).toBe(murmur.x86.hash32(joined, sd));
    }
  });
  it('the multiply used when a page replaced Math equals Math.imul', () => {
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const values = [0, 1, -1, 0x7fffffff, -0x80000000, 0xffffffff, 0xcc9e2d51, 0x1b873593, 0x85ebca6b, 0xc2b2ae35, 5];
    for (let i = 0; i < 200; i++) values.push(rand() ^ (rand() << 16));
    // One assertion for the 44,521 pairs: an expect() per pair took 5-8 s on a loaded machine
    // (and timed out CI's landing runs); the mismatches, if any, are listed by the one assertion.
    const wrong: string[] = [];
    for (const a of values)
      for (const b of values) if (imulByHalves(a, b) !== Math.imul(a, b)) wrong.push(`${a} * ${b}`);
    expect(wrong).toEqual([]);
  });
});
