// A text run's shown text (S6): normalized white space, capped at MAX_TEXT_LENGTH with "…".
// Long raw text is normalized from its head; what is shown must be what normalizing the
// whole text gives, whatever white space lies around the cut.
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH, finalizeRun } from '../../src/snapshot/distill/text-runs';
import { normalizeWhitespace } from '../../src/dom/dom-utils';
import type { BuildNode } from '../../src/snapshot/tree';

function run(raw: string): BuildNode {
  return { vn: { node_id: '', tag: '#text', visible: true }, raw, children: [], block: 1, top: 0, bottom: 0 };
}

/** What the run shows, from normalizing the whole raw text (the definition). */
function expected(raw: string): { text?: string; overflow?: boolean } | null {
  const text = normalizeWhitespace(raw);
  if (!text) return null;
  return text.length > MAX_TEXT_LENGTH
    ? { text: text.slice(0, MAX_TEXT_LENGTH - 1).trimEnd() + '…', overflow: true }
    : { text };
}

function shown(raw: string): { text?: string; overflow?: boolean } | null {
  const node = run(raw);
  if (!finalizeRun(node)) return null;
  return node.vn.text_overflow ? { text: node.vn.text, overflow: true } : { text: node.vn.text };
}

/** Deterministic pseudo-random text: words, runs of mixed white space, NBSP, ZWSP, tabs, newlines. */
function sample(seed: number, length: number, spaceShare: number): string {
  let x = seed;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const spaces = [' ', '  ', '\n   ', '\t', '\u00a0', '\u200b', ' \n\n      ', '\u3000'];
  let out = '';
  while (out.length < length) {
    out +=
      next() < spaceShare ? spaces[Math.floor(next() * spaces.length)] : 'word'.slice(0, 1 + Math.floor(next() * 4));
  }
  return out;
}

describe('finalizeRun (S6)', () => {
  it('shows what normalizing the whole text shows, for long and short, dense and sparse text', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const length = [10, 480, 1990, 2000, 2001, 2600, 9000, 40000][seed % 8];
      const share = [0.05, 0.3, 0.6, 0.85, 0.97][seed % 5];
      const raw = (seed % 3 ? '' : '  \n ') + sample(seed, length, share);
      expect(shown(raw)).toEqual(expected(raw));
    }
  });

  it('a cut inside a white space run, right after it, and text that is mostly white space', () => {
    const word = 'x'.repeat(9);
    const cases = [
      word.repeat(222) + ' '.repeat(50) + 'tail', // the run straddles the head's end
      'y'.repeat(1999) + '   z',
      'a' + ' '.repeat(3000) + 'b'.repeat(600),
      ' '.repeat(2500),
      '\n'.repeat(1500) + 'short text' + '\n'.repeat(1500),
      'é'.repeat(400) + ' 😀'.repeat(700),
    ];
    for (const raw of cases) expect(shown(raw)).toEqual(expected(raw));
  });
});
