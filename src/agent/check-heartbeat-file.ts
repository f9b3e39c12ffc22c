const ATX_HEADING = /^#+(\s|$)/;
const EMPTY_LIST_ITEM = /^[-*+]\s*(\[[\sxX]?\]\s*)?$/;

/**
 * True when `HEARTBEAT.md` content is effectively empty (spec/loop.md §5.3 step 4): every
 * trimmed line is blank, an ATX heading (`#`… followed by a space or end of line), or an
 * empty list item (`-`, `*`, `+`, optionally with `[ ]` / `[x]`). A missing file is not
 * empty; the caller decides that before calling.
 */
export function isHeartbeatFileEffectivelyEmpty(content: string): boolean {
  return content.split(/\r?\n/).every((line) => {
    const trimmed = line.trim();
    return trimmed === "" || ATX_HEADING.test(trimmed) || EMPTY_LIST_ITEM.test(trimmed);
  });
}
