import { describe, expect, it } from 'vitest';
import { selectorSubjects } from '../../src/dom/selector-subject';

const subjects = (list: string): string[] | null => {
  const out: string[] = [];
  return selectorSubjects(list, out) ? out : null;
};

describe('selectorSubjects', () => {
  it('keeps the last compound without its pseudo-classes', () => {
    expect(subjects('.menu > li.item:hover')).toEqual(['li.item']);
    expect(subjects('html.js .nav ul li a#top[data-x="a b"]:not(.y .z)')).toEqual(['a#top[data-x="a b"]']);
    expect(subjects('.a + .b ~ .c, #d')).toEqual(['.c', '#d']);
    expect(subjects(':is(.a, .b) > .c:nth-child(2n + 1 of .x)')).toEqual(['.c']);
  });

  it('keeps escapes (utility classes) as written', () => {
    expect(subjects('.md\\:absolute')).toEqual(['.md\\:absolute']);
    expect(subjects('.\\31 0 > .x')).toEqual(['.x']);
    expect(subjects('.\\31 0')).toEqual(['.\\31 0']);
    expect(subjects('.\\[position\\:fixed\\]')).toEqual(['.\\[position\\:fixed\\]']);
  });

  it('gives no subject for a pseudo-element, old or new syntax', () => {
    expect(subjects('.a::before, .b')).toEqual(['.b']);
    expect(subjects('.a:after')).toEqual([]);
    expect(subjects('x-host::part(label)')).toEqual([]);
  });

  it('refuses a subject that can be any element', () => {
    expect(subjects('*')).toBeNull();
    expect(subjects('.a > *')).toBeNull();
    expect(subjects(':hover')).toBeNull();
    expect(subjects('.a, :is(.b, .c)')).toBeNull();
    expect(subjects('& > .x')).toBeNull();
    expect(subjects('svg|rect')).toBeNull();
    expect(subjects('.a .b, [data-open]')).toEqual(['.b', '[data-open]']);
  });

  it('matches what the engine matches: every element the selector matches, matches its subject', () => {
    document.body.innerHTML =
      '<nav class="menu"><ul><li class="item" id="i1"><a href="#">x</a></li><li class="item other">y</li></ul></nav><p class="item">z</p>';
    for (const selector of ['.menu li.item', '.menu > ul > .item:first-child', 'ul .item:not(.other)', 'nav li + li']) {
      const [subject] = subjects(selector)!;
      const matched = [...document.querySelectorAll(selector)];
      expect(matched.length).toBeGreaterThan(0);
      for (const el of matched) expect(el.matches(subject)).toBe(true);
    }
  });
});
