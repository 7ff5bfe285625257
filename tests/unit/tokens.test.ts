import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/snapshot/render/tokens';

/** The estimate as first written: one pass over the UTF-16 code units. */
function reference(line: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < line.length; i++) {
    if (line.charCodeAt(i) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 3.4 + other / 1.2) + 1;
}

describe('estimateTokens', () => {
  it('counts exactly what a pass over the code units counts', () => {
    // Edge code units: NUL, DEL, the first non-ASCII, Latin-1, a lone and a paired surrogate, CJK.
    const alphabet = ['a', ' ', '\0', '\x7f', '\x80', 'é', '\n', '"', '\ud83d', '😀', '日', 'Ж', '…'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const lines = ['', 'x', 'é', '😀'];
    for (let n = 0; n < 500; n++) {
      let line = '';
      const length = next() % 300;
      for (let i = 0; i < length; i++) line += alphabet[next() % (n % 3 ? 3 : alphabet.length)];
      lines.push(line);
    }
    for (const line of lines) expect(estimateTokens(line)).toBe(reference(line));
  });
});
