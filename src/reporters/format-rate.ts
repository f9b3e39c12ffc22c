import type { ComparisonRate } from "../domain/index.js";

/** `92.0% [81.2–96.9] n=25`, or `-` when n is 0. */
export function formatRate(rate: ComparisonRate): string {
  if (rate.rate === null || rate.low === null || rate.high === null) return "-";
  const percent = (value: number) => (value * 100).toFixed(1);
  return `${percent(rate.rate)}% [${percent(rate.low)}–${percent(rate.high)}] n=${rate.n}`;
}
