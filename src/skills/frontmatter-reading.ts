/**
 * The strict (YAML 1.2 core) reading of a frontmatter block (spec/skills.md §2.1): the
 * top-level mapping as plain JS values (`{}` when the block is not a mapping), or the first
 * syntax error. `line` and `column` are 1-based and relative to the block.
 */
export type FrontmatterReading =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; message: string; line: number; column: number };

export { isRecord } from "../domain/index.js";
