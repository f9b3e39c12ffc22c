import { join } from "node:path";
import { type Diagnostic, errorMessage, type FileSystem } from "../domain/index.js";
import { byUtf8Bytes, type MemoryFileEntry, type MemoryFileListing } from "./list-memory-files.js";

/** The folder transcript paths are stored under in the index: `sessions/<file>.jsonl`. */
export const SESSIONS_PATH_PREFIX = "sessions/";

const TRANSCRIPT_SUFFIX = ".jsonl";

/** Whether a file name directly inside the transcript folder is a transcript: `<something>.jsonl`. Pure. */
export function isSessionTranscriptName(name: string): boolean {
  return name.endsWith(TRANSCRIPT_SUFFIX) && name.length > TRANSCRIPT_SUFFIX.length && !name.includes("/");
}

/**
 * The entry of an index path `sessions/<file>.jsonl` inside `sessionsDir`, or `undefined` for
 * any other path (a note, a lock file, a nested path). Pure.
 */
export function sessionTranscriptEntry(options: { sessionsDir: string; path: string }): MemoryFileEntry | undefined {
  const { path } = options;
  if (!path.startsWith(SESSIONS_PATH_PREFIX)) return undefined;
  const name = path.slice(SESSIONS_PATH_PREFIX.length);
  if (!isSessionTranscriptName(name)) return undefined;
  return { path, absolutePath: join(options.sessionsDir, name), source: "sessions" };
}

/**
 * Lists the session transcripts of an agent (memory.md §10): every regular `*.jsonl` file
 * directly inside `sessionsDir`, as `sessions/<file>.jsonl`, sorted by the UTF-8 bytes of the path. Symbolic links,
 * folders, lock files and other names are skipped; a missing folder lists nothing; an unreadable
 * one is a warning naming it.
 */
export async function listSessionTranscripts(options: {
  fs: FileSystem;
  sessionsDir: string;
}): Promise<MemoryFileListing> {
  let names: Awaited<ReturnType<FileSystem["readDirectory"]>>;
  try {
    names = await options.fs.readDirectory(options.sessionsDir);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return { files: [], diagnostics: [] };
    const diagnostic: Diagnostic = {
      file: options.sessionsDir,
      line: 1,
      column: 1,
      path: "",
      expected: "a readable session transcript folder",
      found: errorMessage(error),
      severity: "warning",
    };
    return { files: [], diagnostics: [diagnostic] };
  }
  const files = names.flatMap((entry) => {
    if (entry.kind !== "file") return [];
    const listed = sessionTranscriptEntry({
      sessionsDir: options.sessionsDir,
      path: `${SESSIONS_PATH_PREFIX}${entry.name}`,
    });
    return listed === undefined ? [] : [listed];
  });
  return { files: files.sort(byUtf8Bytes), diagnostics: [] };
}
