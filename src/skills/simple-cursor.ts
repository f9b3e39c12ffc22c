/** Marks input the fast path leaves to the full YAML parser. */
export const DECLINED = Symbol("declined");
export type Declined = typeof DECLINED;

/** One line of a frontmatter block: its count of leading spaces and the rest (`""` if blank). */
export interface SimpleLine {
  indent: number;
  text: string;
}

/** The fast path's position in a block's lines. */
export interface SimpleCursor {
  lines: SimpleLine[];
  index: number;
}

export function createSimpleCursor(yaml: string): SimpleCursor {
  const lines = yaml.split("\n").map((raw) => {
    let indent = 0;
    while (raw.charCodeAt(indent) === 32) indent += 1;
    return { indent, text: raw.slice(indent) };
  });
  return { lines, index: 0 };
}

/** Moves past blank lines; returns the line now under the cursor, if any. */
export function skipBlankLines(cursor: SimpleCursor): SimpleLine | undefined {
  let line = cursor.lines[cursor.index];
  while (line !== undefined && line.text === "") {
    cursor.index += 1;
    line = cursor.lines[cursor.index];
  }
  return line;
}

/** Moves to the next line and returns it, if any. */
export function nextLine(cursor: SimpleCursor): SimpleLine | undefined {
  cursor.index += 1;
  return cursor.lines[cursor.index];
}

/** Text without its trailing spaces. */
export function trimTrailingSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
