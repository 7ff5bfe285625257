export interface CodeBlock {
  /** The info string's first word ('' when none). */
  lang: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  file?: string;
}
export const README_FILES: string[];
export function codeBlocks(markdown: string): CodeBlock[];
export function readmeBlocks(root: string, file: string): (CodeBlock & { file: string })[];
export function blockContaining(
  root: string,
  file: string,
  marker: string,
  lang?: string,
): CodeBlock & { file: string };
