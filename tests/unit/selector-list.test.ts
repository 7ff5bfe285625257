import { describe, expect, it } from 'vitest';
import { splitSelectorList } from '../../src/dom/selector-list';

describe('splitSelectorList', () => {
  it('splits at top-level commas only', () => {
    expect(splitSelectorList('.a::before, .b::after')).toEqual(['.a::before', ' .b::after']);
    expect(splitSelectorList(':is(.a, .b)::before')).toEqual([':is(.a, .b)::before']);
    expect(splitSelectorList('li:not(.x, .y) > a:hover, .m')).toEqual(['li:not(.x, .y) > a:hover', ' .m']);
    expect(splitSelectorList('[data-x="a,b"]::before,q')).toEqual(['[data-x="a,b"]::before', 'q']);
    expect(splitSelectorList("[title='(,']::after, .z")).toEqual(["[title='(,']::after", ' .z']);
    expect(splitSelectorList('.a\\,b::before, .c')).toEqual(['.a\\,b::before', ' .c']);
    expect(splitSelectorList(':where(:is(.a, .b), .c) p, d')).toEqual([':where(:is(.a, .b), .c) p', ' d']);
    expect(splitSelectorList('')).toEqual(['']);
  });
});
