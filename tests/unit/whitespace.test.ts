// normalizeWhitespace / cleanName skip their regex replaces when a scan finds the text
// already clean (dom-utils.ts singleSpaced), and hasNameText answers cleanName(t) !== ''
// without cleaning: every answer must equal the regex replaces' own.
import { describe, expect, it } from 'vitest';
import { normalizeWhitespace, singleSpaced } from '../../src/dom/dom-utils';
import { cleanName, hasNameText } from '../../src/semantics/name-text';

const slowNormalize = (t: string) => t.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
const slowClean = (t: string) =>
  t
    .replace(/[\uE000-\uF8FF]|[\uDB80-\uDBFF][\uDC00-\uDFFF]/g, '')
    .replace(/[\s\u00a0\u200b\ufeff]+/g, ' ')
    .trim();

const PIECES = [
  'a',
  'Buy now',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\u2003',
  '\u3000',
  '\ue001',
  '\udb80\udc01',
  'é',
  '日本',
  '\u0085',
  '\r\n',
  'x y',
  '😀',
];

function* samples(): Generator<string> {
  // Every string of up to three pieces, and a seeded random sample of longer ones.
  for (const a of PIECES) for (const b of PIECES) for (const c of PIECES) yield a + b + c;
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 2000; i++) {
    let s = '';
    for (let k = 0; k < 8; k++) s += PIECES[Math.floor(rand() * PIECES.length)];
    yield s;
  }
  // Long text on both sides of the scan's length limit, clean inside or not, padded or not.
  for (let i = 0; i < 60; i++) {
    let s = '';
    const words = 150 + Math.floor(rand() * 250);
    for (let k = 0; k < words; k++) s += (k ? (i % 3 ? ' ' : PIECES[Math.floor(rand() * PIECES.length)]) : '') + 'word';
    yield s;
    yield '\n    ' + s + '\n  ';
  }
}

describe('whitespace normalization fast path', () => {
  it('normalizeWhitespace equals the regex replace on every sample', () => {
    for (const s of samples()) expect(normalizeWhitespace(s)).toBe(slowNormalize(s));
  });
  it('cleanName equals the regex replaces on every sample', () => {
    for (const s of samples()) expect(cleanName(s)).toBe(slowClean(s));
  });
  it('hasNameText says whether cleanName leaves anything, on every sample', () => {
    for (const s of samples()) expect(hasNameText(s), JSON.stringify(s)).toBe(slowClean(s) !== '');
    for (const s of ['\u0001', '\udb80', '\udb80x', '\udc00', ' \t\n\u00a0\u200b\ufeff\ue001\udb80\udc01 '])
      expect(hasNameText(s), JSON.stringify(s)).toBe(slowClean(s) !== '');
  });

  it('takes the fast path for ordinary text only', () => {
    expect(singleSpaced('Add to cart')).toBe(true);
    expect(singleSpaced('Café 日本 😀')).toBe(true);
    expect(singleSpaced('Add  to cart')).toBe(false);
    expect(singleSpaced(' Add')).toBe(false);
    expect(singleSpaced('Add\u00a0to')).toBe(false);
    expect(singleSpaced('\ue001 Menu')).toBe(false);
  });
});
