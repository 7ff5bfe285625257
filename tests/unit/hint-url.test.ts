import { describe, expect, it } from 'vitest';
import { hintFromUrl } from '../../src/snapshot/build';

describe('hintFromUrl (hints for nameless links)', () => {
  it('uses the last meaningful path segment', () => {
    expect(hintFromUrl('/2017/01/13/world/africa/sudan-sanctions.html?x=1#top')).toBe('sudan sanctions');
    expect(hintFromUrl('https://shop.test/products/trail_tent-2p/')).toBe('trail tent 2p');
    expect(hintFromUrl('/user/settings')).toBe('settings');
  });
  it('skips numbers, hashes and bare hosts', () => {
    expect(hintFromUrl('/article/123456')).toBe('article');
    expect(hintFromUrl('/p/0a1b2c3d4e5f6a7b')).toBe('p');
    expect(hintFromUrl('https://twitter.com')).toBeUndefined();
    expect(hintFromUrl('#')).toBeUndefined();
  });
});
