import type { InvalidMemoryCitation, MemoryCitationValidity } from "../domain/index.js";
import type { CollectedMemoryCitation } from "./collect-memory-citations.js";
import { normaliseCitationPath } from "./parse-memory-citations.js";

/** An indexed memory file as it is now: workspace-relative path and text (BOM dropped). */
export interface MemoryNoteText {
  path: string;
  text: string;
}

export interface MeasureCitationValidityOptions {
  citations: readonly CollectedMemoryCitation[];
  /** The indexed notes; a citation of any other path is invalid. */
  notes: readonly MemoryNoteText[];
}

/** Quoted lines in reasons are cut to this many UTF-16 units. */
const QUOTE_MAX_CHARS = 80;

function firstNonEmptyLine(text: string): string | undefined {
  return text
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "");
}

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS)}…` : text);
}

function invalidReason(citation: CollectedMemoryCitation, notes: ReadonlyMap<string, string[]>): string | undefined {
  const { parsed } = citation;
  if (parsed === undefined) return "not of the form path#L<start> or path#L<start>-L<end>";
  const { path, startLine, endLine } = parsed;
  const lines = notes.get(normaliseCitationPath(path));
  if (lines === undefined) return `${path} is not an indexed memory file`;
  if (startLine < 1) return `line ${startLine} does not exist: lines start at 1`;
  if (startLine > endLine) return `start line ${startLine} is after end line ${endLine}`;
  if (endLine > lines.length) return `line ${endLine} is past the end of ${path} (${lines.length} lines)`;
  const first = citation.snippet === undefined ? undefined : firstNonEmptyLine(citation.snippet);
  if (
    first === undefined ||
    lines
      .slice(startLine - 1, endLine)
      .join("\n")
      .includes(first)
  )
    return undefined;
  return `lines ${startLine}-${endLine} of ${path} do not contain the snippet's first line ${quote(first)}`;
}

/**
 * Citation validity (pure): a citation is valid when its path is one of `notes`, `1 ≤ start ≤
 * end ≤ line count` (lines split on `\n`, as the chunker counts them), and, when its snippet is
 * known, the cited lines contain the snippet's first non-empty line (trimmed). Invalid citations
 * come back in input order, each with one reason: the first rule it breaks.
 */
export function measureCitationValidity(options: MeasureCitationValidityOptions): MemoryCitationValidity {
  const notes = new Map(options.notes.map((note) => [normaliseCitationPath(note.path), note.text.split("\n")]));
  const invalid: InvalidMemoryCitation[] = [];
  for (const citation of options.citations) {
    const reason = invalidReason(citation, notes);
    if (reason === undefined) continue;
    invalid.push({ citation: citation.text, source: citation.source, turnIndex: citation.turnIndex, reason });
  }
  return { checked: options.citations.length, valid: options.citations.length - invalid.length, invalid };
}
