import { describe, expect, it } from 'vitest';
import { plainTarget } from '../../src/snapshot/distill/duplicate-links';

/** A deterministic pseudo-random sequence (the same strings every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const BASES = [
  'https://en.wikipedia.org/wiki/Mozilla',
  'http://127.0.0.1:4173/corpus/x.html?q=1#top',
  'https://user@shop.example:8443/a/b/',
];
const PARTS = [
  '/',
  'wiki',
  'Caf%C3%A9',
  '%2e',
  '%2E',
  '.',
  '..',
  '?',
  '#',
  '&',
  '=',
  "'",
  '"',
  ' ',
  '\\',
  '|',
  '`',
  '{',
  '}',
  '<',
  '>',
  ':',
  '@',
  '!',
  '$',
  '(',
  ')',
  '*',
  '+',
  ',',
  ';',
  '~',
  '-',
  '_',
  'é',
  '\t',
  'A',
  'z',
  '9',
  '%',
  '%zz',
  '//',
];

describe('plainTarget', () => {
  it('is what the URL parser resolves, whenever it answers', () => {
    const rand = rng(35);
    let answered = 0;
    for (const base of BASES) {
      const origin = new URL('/', base).href.slice(0, -1);
      for (let n = 0; n < 20000; n++) {
        let path = '/';
        const len = 1 + Math.floor(rand() * 8);
        for (let i = 0; i < len; i++) path += PARTS[Math.floor(rand() * PARTS.length)];
        for (const value of [path, origin + path, origin.toUpperCase() + path, origin + ':80' + path]) {
          const plain = plainTarget(origin, value);
          if (plain === null) continue;
          answered++;
          expect(plain, value).toBe(new URL(value, base).href);
        }
      }
    }
    // Most generated values hold a character the parser escapes; enough are plain to mean something.
    expect(answered).toBeGreaterThan(1000);
  });

  it('answers for the paths and same-origin URLs of a site', () => {
    expect(plainTarget('https://en.wikipedia.org', '/wiki/Firefox')).toBe('https://en.wikipedia.org/wiki/Firefox');
    expect(plainTarget('https://en.wikipedia.org', '/w/index.php?title=Mozilla&action=edit&section=12')).toBe(
      'https://en.wikipedia.org/w/index.php?title=Mozilla&action=edit&section=12',
    );
    expect(plainTarget('https://a.example', 'https://a.example/x#y')).toBe('https://a.example/x#y');
    expect(plainTarget('https://a.example', '//b.example/x')).toBeNull();
    expect(plainTarget('https://a.example', '/a/../b')).toBeNull();
    expect(plainTarget('https://a.example', 'https://a.example.org/x')).toBeNull();
    expect(plainTarget('https://a.example', 'x.html')).toBeNull();
  });
});
