// The text rules of accessible names: white space collapses, icon-font glyphs (private-use
// characters, which Chromium drops) go. One module, so the cleaning and the cheap "is there
// any name here" test agree character for character.
import { cleanInside, isWideSpace, singleSpaced } from '../dom/dom-utils';

/** Collapses whitespace, drops private-use characters (icon-font glyphs, which Chromium drops). */
export function cleanName(text: string): string {
  if (singleSpaced(text)) return text;
  // singleSpaced refuses private-use characters, so a clean inside has none to drop.
  return (
    cleanInside(text) ??
    text
      .replace(/[\uE000-\uF8FF]|[\uDB80-\uDBFF][\uDC00-\uDFFF]/g, '')
      .replace(/[\s\u00a0\u200b\ufeff]+/g, ' ')
      .trim()
  );
}

/**
 * `cleanName(text) !== ''`, without building the cleaned string: some character is neither
 * white space (JS \s, U+200B) nor private use. The name computation asks this of the
 * content text at every level of a subtree; cleaning it there each time cost a copy of
 * the text per level (a link around a whole teaser: its paragraph, once per wrapper).
 */
export function hasNameText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c < 0x80) return true;
    if (isWideSpace(c) || (c >= 0xe000 && c <= 0xf8ff)) continue;
    // A supplementary private-use character (planes 15 and 16) is a surrogate pair.
    if (c >= 0xdb80 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return true;
  }
  return false;
}
