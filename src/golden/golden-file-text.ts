/**
 * A golden file holds the normalised prompt exactly, plus one trailing newline so editors and
 * git see a complete last line. Pure.
 */
export function formatGoldenFile(prompt: string): string {
  return `${prompt}\n`;
}

/**
 * The prompt a golden file holds: CRLF line endings (a Windows checkout) read as `\n`, and
 * exactly one trailing newline removed. Pure.
 */
export function parseGoldenFile(text: string): string {
  const unix = text.replace(/\r\n/g, "\n");
  return unix.endsWith("\n") ? unix.slice(0, -1) : unix;
}
