// The token estimate every budget and report uses (one definition: budget, deltas, effects).
/**
 * Token estimate for a text line, calibrated against o200k_base on the real-page corpus:
 * ASCII ≈ 3.4 chars per token, other scripts ≈ 1.2 (accents, Cyrillic, CJK split densely).
 * Per-page error stays within about ±20 %, hence the budget's safety share (distill/budget.ts).
 */
export function estimateTokens(line: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < line.length; i++) {
    if (line.charCodeAt(i) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 3.4 + other / 1.2) + 1;
}
