import { requireCount } from "./require-count.js";

/**
 * Two-sided exact McNemar p-value from the discordant counts: `b` units where the first model
 * passed and the second failed, `c` the reverse. p = min(1, 2 · P[X ≤ min(b, c)]) with
 * X ~ Binomial(b + c, 0.5); 1 when there are no discordant pairs. Summed in log space, so it
 * stays accurate for tens of thousands of pairs (tiny p-values underflow to 0).
 */
export function exactMcNemar(b: number, c: number): number {
  requireCount(b, "b");
  requireCount(c, "c");
  const n = b + c;
  if (n === 0) return 1;
  const tail = Math.min(b, c);
  // log P(X = k), from log P(X = 0) = -n ln 2 and P(k + 1) = P(k) · (n - k) / (k + 1).
  const logTerms: number[] = [];
  let logTerm = -n * Math.LN2;
  for (let k = 0; k <= tail; k++) {
    logTerms.push(logTerm);
    logTerm += Math.log(n - k) - Math.log(k + 1);
  }
  // Terms grow up to the mode at n / 2 and tail ≤ n / 2, so the last term is the largest.
  const largest = logTerms[logTerms.length - 1] ?? 0;
  let scaled = 0;
  for (const term of logTerms) scaled += Math.exp(term - largest);
  return Math.min(1, 2 * Math.exp(largest + Math.log(scaled)));
}
