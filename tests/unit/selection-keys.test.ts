// Word movement of Control+arrows in text fields (selection-keys.ts): pure string logic.
import { describe, expect, it } from 'vitest';
import { nextWordEnd, previousWordStart } from '../../src/actions/selection-keys';

describe('word boundaries for Control+ArrowLeft/Right', () => {
  const text = 'Quarterly report, draft 2';
  it('goes back to the start of the word, skipping the separators before it', () => {
    expect(previousWordStart(text, text.length)).toBe(text.indexOf('2'));
    expect(previousWordStart(text, text.indexOf(' 2'))).toBe(text.indexOf('draft'));
    expect(previousWordStart(text, text.indexOf(', draft'))).toBe(text.indexOf('report'));
    expect(previousWordStart(text, 3)).toBe(0);
    expect(previousWordStart(text, 0)).toBe(0);
  });
  it('goes forward to the end of the word, skipping the separators after the caret', () => {
    expect(nextWordEnd(text, 0)).toBe('Quarterly'.length);
    expect(nextWordEnd(text, 'Quarterly report'.length)).toBe('Quarterly report, draft'.length);
    expect(nextWordEnd(text, text.length)).toBe(text.length);
  });
  it('treats letters of any script and digits as word characters', () => {
    expect(previousWordStart('Grüße aus Köln', 14)).toBe(10);
    expect(nextWordEnd('Grüße aus Köln', 0)).toBe(5);
  });
});
