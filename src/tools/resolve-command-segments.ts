import { resolve } from "node:path";
import type { Runtime } from "../domain/index.js";
import type { ShellSegment, ShellWord } from "./analyze-shell-command.js";

/** A pipeline segment with what evaluation needs to know about the machine. */
export interface ResolvedSegment {
  raw: string;
  /** The executable word as written. */
  name: string;
  /** Arguments after the executable, quotes removed. */
  args: string[];
  /** Absolute path the executable resolves to through the run's PATH; `undefined` when not found. */
  executable?: string;
  /**
   * Whether no argument can name a file: none looks like a path (`/`, leading `~` or `.`), none
   * names an existing entry of the working directory (also the value of `--option=value`), and
   * none is changed by shell expansion. Only such a segment can be a safe bin (spec/loop.md §8.2).
   */
  stdinOnly: boolean;
}

function looksLikePath(text: string): boolean {
  return text.includes("/") || text.startsWith("~") || text === "." || text === "..";
}

/** The texts of a word that could name a file: itself, and the value of `--name=value` / `-x=value`. */
function candidates(word: ShellWord): string[] {
  const equals = word.text.indexOf("=");
  return word.text.startsWith("-") && equals > 0 ? [word.text, word.text.slice(equals + 1)] : [word.text];
}

async function mayNameFile(word: ShellWord, workdir: string, runtime: Pick<Runtime, "fs">): Promise<boolean> {
  if (word.expands) return true;
  for (const text of candidates(word)) {
    if (text === "" || text === "-") continue;
    if (looksLikePath(text)) return true;
    if ((await runtime.fs.stat(resolve(workdir, text))) !== undefined) return true;
  }
  return false;
}

async function resolveExecutable(
  word: ShellWord,
  workdir: string,
  runtime: Pick<Runtime, "fs" | "which">,
): Promise<string | undefined> {
  if (word.expands || word.text === "") return undefined;
  if (!word.text.includes("/")) return runtime.which(word.text);
  const path = resolve(workdir, word.text);
  return (await runtime.fs.stat(path))?.kind === "file" ? path : undefined;
}

/**
 * Looks up each segment's executable through the run's PATH (`runtime.which`; a name with `/`
 * is taken relative to `workdir`) and checks its arguments against the working directory.
 * Reads the file system only through `runtime`; segments come back in input order.
 */
export async function resolveCommandSegments(options: {
  segments: readonly ShellSegment[];
  workdir: string;
  runtime: Pick<Runtime, "fs" | "which">;
}): Promise<ResolvedSegment[]> {
  const resolved: ResolvedSegment[] = [];
  for (const segment of options.segments) {
    const [first, ...rest] = segment.words;
    if (first === undefined) continue;
    const executable = await resolveExecutable(first, options.workdir, options.runtime);
    let stdinOnly = true;
    for (const word of rest) {
      if (await mayNameFile(word, options.workdir, options.runtime)) {
        stdinOnly = false;
        break;
      }
    }
    resolved.push({
      raw: segment.raw,
      name: first.text,
      args: rest.map((word) => word.text),
      ...(executable === undefined ? {} : { executable }),
      stdinOnly,
    });
  }
  return resolved;
}
