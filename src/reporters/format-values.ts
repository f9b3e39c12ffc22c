/** Shared value formatting for every reporter, so the console, markdown and HTML agree. */

/** `unknown` for a `null` cost, never `$0`. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return "unknown";
  if (costUsd === 0) return "$0.00";
  return costUsd < 1 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`;
}

/** `850 ms`, `12.3 s`, `2m 05s`. */
export function formatDuration(ms: number): string {
  const rounded = Math.max(0, Math.round(ms));
  if (rounded < 1000) return `${rounded} ms`;
  if (rounded < 60_000) return `${(rounded / 1000).toFixed(1)} s`;
  const seconds = Math.round(rounded / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
}

/**
 * Pass rate over the units that ran to a verdict (passed, failed or errored); interrupted and
 * skipped units do not count. `-` when none did.
 */
export function formatPassRate(counts: { passed: number; failed: number; errored: number }): string {
  const decided = counts.passed + counts.failed + counts.errored;
  if (decided === 0) return "-";
  return `${((counts.passed / decided) * 100).toFixed(1)}%`;
}

/** `12 passed, 1 failed`, then errored / interrupted / skipped only when non-zero. */
export function formatCounts(counts: {
  passed: number;
  failed: number;
  errored: number;
  interrupted: number;
  skipped: number;
}): string {
  const parts = [`${counts.passed} passed`, `${counts.failed} failed`];
  if (counts.errored > 0) parts.push(`${counts.errored} errored`);
  if (counts.interrupted > 0) parts.push(`${counts.interrupted} interrupted`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  return parts.join(", ");
}

/** Cuts text to `maxChars` characters and `maxLines` lines, saying how much was left out. */
export function truncateText(text: string, limits: { maxChars: number; maxLines: number }): string {
  let kept = text;
  const lines = kept.split("\n");
  if (lines.length > limits.maxLines) kept = lines.slice(0, limits.maxLines).join("\n");
  if (kept.length > limits.maxChars) kept = kept.slice(0, limits.maxChars);
  const omitted = text.length - kept.length;
  return omitted > 0 ? `${kept}\n… (${omitted} more chars)` : kept;
}
