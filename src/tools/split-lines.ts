/**
 * Lines of a text file: split on `\n`, a trailing `\r` removed from each line, and no phantom
 * empty line after a final newline. An empty text has no lines.
 */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}
