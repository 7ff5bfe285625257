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
  return tokensFor(line.length, nonAsciiUnits(line));
}

/** Code units of `s` outside ASCII. */
export function nonAsciiUnits(s: string): number {
  return NON_ASCII.test(s) ? s.replace(ASCII_RUNS, '').length : 0;
}

/**
 * The estimate of a line of `length` code units, `other` of them outside ASCII. It grows
 * with both, so counts that are each at most the line's give at most its estimate.
 */
export function tokensFor(length: number, other: number): number {
  return Math.ceil((length - other) / 3.4 + other / 1.2) + 1;
}
