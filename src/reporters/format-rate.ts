import type { ComparisonRate } from "../domain/index.js";

/**
 * `92.0% [81.2–96.9] n=25`, or `-` when n is 0. A clustered rate whose trials come from fewer
 * scenario cases than trials adds them: `97.9% [89.0–99.6] n=48 (2 scenarios)`.
 */
export function formatRate(rate: ComparisonRate): string {
  if (rate.rate === null || rate.low === null || rate.high === null) return "-";
  const percent = (value: number) => (value * 100).toFixed(1);
  const text = `${percent(rate.rate)}% [${percent(rate.low)}–${percent(rate.high)}] n=${rate.n}`;
  if (rate.clusters === undefined || rate.clusters >= rate.n) return text;
  return `${text} (${rate.clusters} ${rate.clusters === 1 ? "scenario" : "scenarios"})`;
}
