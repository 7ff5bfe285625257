// The fenced code blocks of the project's READMEs, for the checks that compile and run them
// (issue 18 item 7: a user copies these verbatim, so each one must type-check and work).
//   scripts/check-consumer.mjs       type-checks every ts/js block against the packed package
//                                    with TypeScript 5.x and 7.x;
//   tests/browser/readme.spec.ts     runs them on the pages they were written for.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The READMEs whose code a user copies. */
export const README_FILES = ['README.md', 'examples/extension/README.md'];

/**
 * Every fenced block of `markdown`: its language (the info string's first word, '' when none),
 * the 1-based line of its opening fence and its code (indentation of an indented fence removed).
 */
export function codeBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    const indent = open[1].length;
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]); j++)
      body.push(lines[j].slice(Math.min(indent, lines[j].length - lines[j].trimStart().length)));
    blocks.push({ lang: open[2], line: i + 1, code: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

/** The blocks of one README (path relative to the repository root), with `file` set. */
export function readmeBlocks(root, file) {
  return codeBlocks(readFileSync(join(root, file), 'utf8')).map((b) => ({ ...b, file }));
}

/**
 * The one block of `file` whose code contains `marker` — how a test names the block it runs
 * (a line number would break on every README edit). Throws when there is not exactly one.
 */
export function blockContaining(root, file, marker, lang) {
  const found = readmeBlocks(root, file).filter((b) => (!lang || b.lang === lang) && b.code.includes(marker));
  if (found.length !== 1)
    throw new Error(
      `${file}: expected one ${lang ?? ''} block containing ${JSON.stringify(marker)}, found ${found.length}`,
    );
  return found[0];
}
