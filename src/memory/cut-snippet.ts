/** Snippet length of search results, in UTF-16 code units (memory.md §6.2). */
export const SNIPPET_MAX_UNITS = 700;

/**
 * The first `maxUnits` UTF-16 code units of `text` (search uses {@link SNIPPET_MAX_UNITS}), one
 * fewer when the cut would leave half of a surrogate pair. No ellipsis is added. Pure.
 */
export function cutSnippet(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  const end = Math.max(0, Math.floor(maxUnits));
  const last = text.charCodeAt(end - 1);
  const splitsPair = end > 0 && last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splitsPair ? end - 1 : end);
}
