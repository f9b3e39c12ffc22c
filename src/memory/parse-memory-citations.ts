import { posix } from "node:path";

/** A citation's file and 1-based inclusive line range, as written (`path#L3` or `path#L3-L7`). */
export interface MemoryCitation {
  /** The citation text itself. */
  text: string;
  path: string;
  startLine: number;
  endLine: number;
}

const CITATION = String.raw`([\w./-]+)#L(\d+)(?:-L(\d+))?`;
const WHOLE = new RegExp(`^${CITATION}$`);
/**
 * Starts only where a run of path characters starts: a match found inside a run would start at
 * its first character anyway, and trying every position of a long spaceless run is quadratic.
 */
const ANYWHERE = new RegExp(String.raw`(?<![\w./-])${CITATION}`, "g");

function toCitation(match: RegExpMatchArray): MemoryCitation {
  const startLine = Number(match[2]);
  return {
    text: match[0],
    path: match[1] ?? "",
    startLine,
    endLine: match[3] === undefined ? startLine : Number(match[3]),
  };
}

/** `memory/a.md#L3-L7` as a citation; `undefined` when the whole text is not one. Pure. */
export function parseMemoryCitation(text: string): MemoryCitation | undefined {
  const match = text.trim().match(WHOLE);
  return match === null ? undefined : toCitation(match);
}

/** Every `path#Lx` / `path#Lx-Ly` inside running text, in order (memory.md §7.1's citation form). Pure. */
export function findMemoryCitations(text: string): MemoryCitation[] {
  return [...text.matchAll(ANYWHERE)].map(toCitation);
}

/** `memory/a.md`, `./memory/a.md` and `memory//a.md` name the same note. Pure. */
export function normaliseCitationPath(path: string): string {
  const normalised = posix.normalize(path.replaceAll("\\", "/"));
  return normalised.startsWith("./") ? normalised.slice(2) : normalised;
}

/** Whether a workspace-relative path is a default memory file: `MEMORY.md`, `memory.md` or a `.md` under `memory/`. Pure. */
export function isMemoryNotePath(path: string): boolean {
  const normalised = normaliseCitationPath(path);
  if (normalised === "MEMORY.md" || normalised === "memory.md") return true;
  return normalised.startsWith("memory/") && normalised.endsWith(".md") && !normalised.includes("../");
}
