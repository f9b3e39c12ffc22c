import type { TextBlock } from "../domain/index.js";
import { truncateToolResultText } from "../platform/truncate-tool-result-text.js";

/** Chars every truncated block keeps at least (context.md §6.3 `minKeep`). */
const MIN_KEEP = 2000;

/** Sum of the text lengths of `content`, chars. */
export function countTextChars(content: readonly TextBlock[]): number {
  let chars = 0;
  for (const block of content) chars += block.text.length;
  return chars;
}

/**
 * Caps a tool result's text blocks to `maxChars` chars in total (context.md §6.3): when their
 * text is longer, each block is cut with `truncateToolResultText` to
 * `max(2000 + suffix.length, ⌊maxChars × its share of the text⌋)` chars. Content that fits is
 * returned as is (`truncated: false`). Never mutates its input. Pure.
 */
export function truncateToolResultBlocks(options: {
  content: readonly TextBlock[];
  /** Chars, for all blocks together. */
  maxChars: number;
  suffix: string;
}): { content: TextBlock[]; truncated: boolean } {
  const { content, maxChars, suffix } = options;
  const total = countTextChars(content);
  if (total <= maxChars) return { content: [...content], truncated: false };
  let truncated = false;
  const capped = content.map((block): TextBlock => {
    const blockMax = Math.max(MIN_KEEP + suffix.length, Math.floor((maxChars * block.text.length) / total));
    const text = truncateToolResultText({ text: block.text, maxChars: blockMax, suffix, minKeep: MIN_KEEP });
    if (text === block.text) return block;
    truncated = true;
    return { ...block, text };
  });
  return { content: capped, truncated };
}
