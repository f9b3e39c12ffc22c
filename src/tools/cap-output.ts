/** Default cap on the text a listing or search tool returns, in characters. */
export const MAX_OUTPUT_CHARS = 50_000;

/**
 * Cuts `text` at the last whole line that fits in `maxChars` and appends `note` on its own line.
 * Text that fits is returned unchanged.
 */
export function capOutput(text: string, options: { maxChars: number; note: string }): string {
  if (text.length <= options.maxChars) return text;
  const cut = text.lastIndexOf("\n", options.maxChars);
  const kept = cut > 0 ? text.slice(0, cut) : text.slice(0, options.maxChars);
  return `${kept}\n\n${options.note}`;
}
