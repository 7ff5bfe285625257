// The README block parser behind the compile-and-run checks (issue 18 item 7): a block it
// missed would silently go unchecked.
import { describe, expect, it } from 'vitest';
import { codeBlocks, readmeBlocks, README_FILES } from '../../scripts/readme-blocks.mjs';

// vitest runs from the repository root (happy-dom gives import.meta.url an http: scheme).
const ROOT = process.cwd();

describe('codeBlocks', () => {
  it('finds fenced blocks with their language and opening line, indented fences included', () => {
    const md = [
      '# t',
      '```ts',
      'const a = 1;',
      '```',
      'text',
      '  ```js',
      '  f();',
      '    g();',
      '  ```',
      '```',
      'plain',
      '```',
    ].join('\n');
    expect(codeBlocks(md)).toEqual([
      { lang: 'ts', line: 2, code: 'const a = 1;\n' },
      { lang: 'js', line: 6, code: 'f();\n  g();\n' },
      { lang: '', line: 10, code: 'plain\n' },
    ]);
  });

  it('finds every ts/js block of the READMEs (the count moves only when a README does)', () => {
    const fences = README_FILES.map((f) => readmeBlocks(ROOT, f));
    for (const blocks of fences) for (const b of blocks) expect(b.code.includes('```')).toBe(false);
    expect(fences[0].filter((b) => b.lang === 'ts' || b.lang === 'js').length).toBeGreaterThanOrEqual(9);
    expect(fences[1].filter((b) => b.lang === 'js').length).toBe(1);
  });
});
