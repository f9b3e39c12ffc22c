/** The YAML text between the frontmatter delimiters of a SKILL.md (spec/skills.md §2.1). */
export interface FrontmatterBlock {
  /** YAML text from offset 4 up to the closing `\n---`, newlines normalised to LF. */
  yaml: string;
  /** How many lines the file has before the block's first line (0 or 1): add it to a block line. */
  lineOffset: number;
}

export type SplitFrontmatterResult = { kind: "block"; block: FrontmatterBlock } | { kind: "none" | "unterminated" };

/** CRLF and lone CR become LF. */
export function normaliseNewlines(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/**
 * Finds the frontmatter block: the file must start with `---` (a BOM or leading whitespace
 * defeats it) and the block ends at the first `\n---` after offset 3, so `----` or `---x`
 * lines close it too. Pure; never throws.
 */
export function splitFrontmatter(text: string): SplitFrontmatterResult {
  const normalised = normaliseNewlines(text);
  if (!normalised.startsWith("---")) return { kind: "none" };
  const end = normalised.indexOf("\n---", 3);
  if (end === -1) return { kind: "unterminated" };
  const lineOffset = normalised.charCodeAt(3) === 10 ? 1 : 0;
  return { kind: "block", block: { yaml: normalised.slice(4, end), lineOffset } };
}
