/** One column-0 `key: …` line of a frontmatter block. */
export interface TopLevelKeyLine {
  /** 1-based line in the block. */
  line: number;
  /** The raw text after `key:`, trimmed (`""` when the value starts on the next line). */
  inline: string;
}

const KEY_LINE = /^([^\s#:][^:]*?)[ \t]*:(?:[ \t]+(.*))?$/;

/**
 * Raw top-level key lines of a frontmatter block, first occurrence per key. Used for the
 * §2.3 raw-inline rule and to point diagnostics at a key's line. Pure.
 */
export function scanTopLevelKeys(yaml: string): Map<string, TopLevelKeyLine> {
  const keys = new Map<string, TopLevelKeyLine>();
  const lines = yaml.split("\n");
  for (const [index, text] of lines.entries()) {
    const match = KEY_LINE.exec(text);
    if (match === null) continue;
    const key = match[1] as string;
    if (!keys.has(key)) keys.set(key, { line: index + 1, inline: (match[2] ?? "").trim() });
  }
  return keys;
}
