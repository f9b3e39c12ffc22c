import { readFlowCollection } from "./read-flow-collection.js";
import { isSafePlainLine, resolvePlainScalar } from "./resolve-plain-scalar.js";
import { DECLINED, type Declined, nextLine, type SimpleCursor, trimTrailingSpaces } from "./simple-cursor.js";

/**
 * A `|`, `|-`, `>` or `>-` block scalar whose lines follow the cursor, owned by a key at
 * `parentIndent`. Declines leading blank lines, whitespace-only lines longer than the content
 * indent, more-indented lines of a folded scalar and a less-indented line that does not
 * return to the parent's level.
 */
export function readBlockScalar(cursor: SimpleCursor, parentIndent: number, header: string): string | Declined {
  const body: string[] = [];
  let contentIndent = -1;
  let line = cursor.lines[cursor.index];
  for (; line !== undefined; line = nextLine(cursor)) {
    if (line.text === "") {
      if (contentIndent === -1 || line.indent > contentIndent) return DECLINED;
      body.push("");
      continue;
    }
    if (contentIndent === -1) {
      if (line.indent <= parentIndent) return DECLINED;
      contentIndent = line.indent;
    }
    if (line.indent < contentIndent) break;
    if (line.indent > contentIndent && header.startsWith(">")) return DECLINED;
    body.push(" ".repeat(line.indent - contentIndent) + line.text);
  }
  if (contentIndent === -1 || (line !== undefined && line.indent > parentIndent)) return DECLINED;
  while (body.at(-1) === "") body.pop();
  const text = header.startsWith("|") ? body.join("\n") : foldLines(body);
  return header.endsWith("-") ? text : `${text}\n`;
}

/**
 * A plain scalar continued on lines indented deeper than `parentIndent`, folded (one line
 * break → a space, k blank lines → k line breaks) and then resolved. `firstText` is the part on
 * the key line, if any.
 */
export function readPlainLines(
  cursor: SimpleCursor,
  parentIndent: number,
  firstText: string | undefined,
): string | number | boolean | null | Declined {
  const texts: string[] = firstText === undefined ? [] : [firstText];
  let line = cursor.lines[cursor.index];
  let blanks = 0;
  for (; line !== undefined; line = nextLine(cursor)) {
    if (line.text === "") {
      blanks += 1;
      continue;
    }
    if (line.indent <= parentIndent) break;
    const text = trimTrailingSpaces(line.text);
    if (!isSafePlainLine(text)) return DECLINED;
    for (; blanks > 0; blanks -= 1) texts.push("");
    texts.push(text);
  }
  return texts.length === 0 ? DECLINED : resolvePlainScalar(foldLines(texts));
}

/**
 * A flow collection spread over the lines deeper than `parentIndent` (after `firstText` on
 * the key line, if any), read as one text.
 */
export function readFlowLines(
  cursor: SimpleCursor,
  parentIndent: number,
  firstText: string | undefined,
): object | Declined {
  const texts: string[] = firstText === undefined ? [] : [firstText];
  let line = cursor.lines[cursor.index];
  for (; line !== undefined; line = nextLine(cursor)) {
    if (line.text !== "" && line.indent <= parentIndent) break;
    texts.push(line.text);
  }
  return readFlowCollection(texts.join("\n"));
}

/** YAML line folding of content lines, where `""` stands for an empty line. */
function foldLines(lines: readonly string[]): string {
  let folded = lines[0] ?? "";
  let breaks = 0;
  for (const line of lines.slice(1)) {
    if (line === "") {
      breaks += 1;
      continue;
    }
    folded += breaks === 0 ? ` ${line}` : "\n".repeat(breaks) + line;
    breaks = 0;
  }
  return folded;
}
