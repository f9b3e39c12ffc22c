/** What a relevance label points at: a whole memory file, or some of its lines. */
export interface RelevantTarget {
  /** Workspace-relative path with `/` separators, as the index names files. */
  path: string;
  /** 1-based inclusive lines; absent for the whole file. */
  lines?: { start: number; end: number };
}

const LINE_RANGE = /^(.+)#L(\d+)(?:-L?(\d+))?$/;

/**
 * Reads a relevance label: `path`, `path#La-Lb` (also `path#La-b`) or `path#La` (one line, the
 * form a one-line citation takes). Anything else is a whole-file path as written. Pure; does not
 * check that the range is sensible (`1 ≤ a ≤ b`): callers that take user input do.
 */
export function parseRelevantLabel(label: string): RelevantTarget {
  const match = LINE_RANGE.exec(label);
  if (match === null) return { path: label };
  const start = Number(match[2]);
  return { path: match[1]!, lines: { start, end: match[3] === undefined ? start : Number(match[3]) } };
}

/** Whether a hit's lines fall on the target: same path and, for a line range, any overlap. */
export function hitsRelevantTarget(
  target: RelevantTarget,
  hit: { path: string; startLine: number; endLine: number },
): boolean {
  if (hit.path !== target.path) return false;
  if (target.lines === undefined) return true;
  return hit.startLine <= target.lines.end && hit.endLine >= target.lines.start;
}
