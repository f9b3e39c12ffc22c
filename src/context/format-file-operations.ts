import type { CompactionFileDetails } from "../domain/index.js";

/** Chars of one file list inside its tags (context.md §5.9). */
export const FILE_LIST_MAX_CHARS = 900;
/** Chars of the whole file-operations section; the two capped lists always fit. */
export const FILE_OPERATIONS_MAX_CHARS = 2000;

/** Paths joined by newlines, at most `maxChars`; a cut list ends with `...and <k> more`. */
function capList(paths: readonly string[], maxChars: number): string {
  const lines: string[] = [];
  let length = -1;
  for (const path of paths) {
    if (length + 1 + path.length > maxChars) break;
    lines.push(path);
    length += 1 + path.length;
  }
  if (lines.length === paths.length) return lines.join("\n");
  const more = () => `...and ${paths.length - lines.length} more`;
  while (lines.length > 0 && [...lines, more()].join("\n").length > maxChars) lines.pop();
  return [...lines, more()].join("\n");
}

/**
 * The file-operations section of a compaction summary (context.md §5.9):
 * `<read-files>\n…\n</read-files>` and `<modified-files>\n…\n</modified-files>` joined by a
 * blank line, an empty list omitted. Each list is at most 900 chars (a cut list ends with
 * `...and <k> more`), so the section stays within 2000 chars. `""` when both are empty. Pure.
 */
export function formatFileOperations(files: CompactionFileDetails): string {
  const blocks: string[] = [];
  if (files.readFiles.length > 0)
    blocks.push(`<read-files>\n${capList(files.readFiles, FILE_LIST_MAX_CHARS)}\n</read-files>`);
  if (files.modifiedFiles.length > 0)
    blocks.push(`<modified-files>\n${capList(files.modifiedFiles, FILE_LIST_MAX_CHARS)}\n</modified-files>`);
  return blocks.join("\n\n");
}
