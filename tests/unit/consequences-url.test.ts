// The string reading of absolute link URLs (classify/consequences.ts absoluteParts) must
// agree with the URL parser wherever it answers: scheme, host, and the last path segment
// the download check reads. Where it cannot be sure it answers null and the anchor parses.
import { describe, expect, it } from 'vitest';
import { absoluteParts } from '../../src/snapshot/classify/consequences';

const HREFS = [
  'https://example.com',
  'https://example.com/',
  'HTTPS://WWW.Example.COM/Files/Report.ZIP',
  'http://example.com:8080/a/b.csv?x=1#frag',
  'https://example.com/a/b/?q=/c.zip',
  'https://example.com/a#/c.zip',
  'https://shop.example.co.uk/path/to/file%20name.zip',
  'https://example.com/a/..',
  'https://example.com/a/.',
  'https://example.com/a/%2e%2e',
  'https://example.com\\evil.com/x',
  'https://exa\tmple.com/x',
  'https://user:pw@example.com/x',
  'https://bücher.example/x.zip',
  'https://ex%41mple.com/x',
  'https://example.com./x',
  'https://127.0.0.1:3000/dl/a.deb',
  'https://[::1]/x',
  'ftp://example.com/x.zip',
  'https:example.com/x',
  'http://example.com?only=query',
  'https://example.com/a b/c d.zip',
];

function lastSegment(path: string): string {
  const s = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

describe('absoluteParts', () => {
  it.each(HREFS)('%s agrees with the URL parser or declines', (href) => {
    const mine = absoluteParts(href);
    if (!mine) return;
    const url = new URL(href);
    expect(mine.protocol).toBe(url.protocol);
    expect(mine.host).toBe(url.hostname);
    expect(lastSegment(mine.path)).toBe(lastSegment(url.pathname));
  });

  it('answers the plain absolute links most pages have', () => {
    for (const href of [
      'https://example.com/',
      'HTTPS://WWW.Example.COM/Files/Report.ZIP',
      'http://example.com:8080/a/b.csv?x=1#frag',
      'https://example.com',
    ])
      expect(absoluteParts(href)).not.toBeNull();
  });

  it('declines what the parser rewrites', () => {
    for (const href of [
      'https://example.com\\evil.com/x',
      'https://exa\tmple.com/x',
      'https://user:pw@example.com/x',
      'https://bücher.example/x.zip',
      'https://ex%41mple.com/x',
      'https://example.com/a/..',
      'https:example.com/x',
    ])
      expect(absoluteParts(href)).toBeNull();
  });
});
