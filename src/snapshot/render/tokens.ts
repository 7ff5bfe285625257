// The token estimate every budget and report uses (one definition: budget, deltas, effects).

/** A UTF-16 code unit outside ASCII; runs of ASCII (what most lines are made of). */
const NON_ASCII = /[^\0-\x7f]/;
const ASCII_RUNS = /[\0-\x7f]+/g;

/**
 * Token estimate for a text line, calibrated against o200k_base on the real-page corpus:
 * ASCII ≈ 3.4 chars per token, other scripts ≈ 1.2 (accents, Cyrillic, CJK split densely).
 * Per-page error stays within about ±20 %, hence the budget's safety share (distill/budget.ts).
 * The code units are counted by the regex engine, not a charCodeAt loop: the budget prices
 * every line of a page with this, and the loop cost more than formatting the lines.
 */
export function estimateTokens(line: string): number {
  const length = line.length;
  const other = NON_ASCII.test(line) ? line.replace(ASCII_RUNS, '').length : 0;
  return Math.ceil((length - other) / 3.4 + other / 1.2) + 1;
}
