import { join } from "node:path";
import { z } from "zod";
import {
  ClawEvalError,
  type Diagnostic,
  type FileSystem,
  type Message,
  sessionTranscriptsDir,
  type TranscriptEntry,
} from "../domain/index.js";

/** Transcript files larger than this (bytes) are refused instead of read. */
export const MAX_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

/** `<stateDir>/agents/<agentId>/sessions/<sessionId>.jsonl` (context.md §1.2). */
export function sessionTranscriptPath(options: { stateDir: string; agentId: string; sessionId: string }): string {
  return join(sessionTranscriptsDir(options), `${options.sessionId}.jsonl`);
}

const textBlock = z.object({ type: z.literal("text"), text: z.string() });
const usage = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheWriteTokens: z.number(),
});
const messageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("user"), content: z.string(), kind: z.enum(["user", "heartbeat", "system"]).optional() }),
  z.object({
    role: z.literal("assistant"),
    content: z.array(
      z.union([
        textBlock,
        z.object({
          type: z.literal("tool_call"),
          id: z.string(),
          name: z.string(),
          input: z.record(z.string(), z.unknown()),
          invalidInput: z.string().optional(),
        }),
      ]),
    ),
    stopReason: z.enum(["end_turn", "tool_use", "max_tokens", "refusal", "error", "aborted"]),
    usage: usage.optional(),
  }),
  z.object({
    role: z.literal("tool_result"),
    toolCallId: z.string(),
    toolName: z.string(),
    content: z.array(textBlock),
    isError: z.boolean(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ role: z.literal("custom"), customType: z.string(), content: z.union([z.string(), z.array(textBlock)]) }),
  z.object({ role: z.literal("compaction_summary"), summary: z.string(), tokensBefore: z.number() }),
]) satisfies z.ZodType<Message>;

const base = {
  id: z.string().min(1).optional(),
  parentId: z.string().min(1).nullable().optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
};
const entrySchema = z.discriminatedUnion("type", [
  z.object({ ...base, type: z.literal("message"), message: messageSchema }),
  z.object({
    ...base,
    type: z.literal("compaction"),
    summary: z.string(),
    firstKeptEntryId: z.string().min(1),
    tokensBefore: z.number().nonnegative(),
    tokensAfter: z.number().nonnegative().optional(),
    details: z.object({ readFiles: z.array(z.string()), modifiedFiles: z.array(z.string()) }),
  }),
  z.object({
    ...base,
    type: z.literal("custom"),
    customType: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
]);
type WrittenEntry = z.infer<typeof entrySchema>;

const FIX = "fix the line or delete it; the other lines still load";

function lineDiagnostic(file: string, line: number, path: string, expected: string, found: string): Diagnostic {
  return { file, line, column: 1, path, expected: `${expected} (${FIX})`, found, severity: "error" };
}

function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/**
 * Parses a JSONL transcript (pure). Blank lines are skipped; a line that is not JSON, not a valid
 * entry, repeats an id or points at an id no earlier line has is skipped with a diagnostic. For
 * hand-written fixtures `id`, `parentId` and `timestamp` may be omitted: a missing id comes from
 * `newId` (skipping ids the file uses), a missing parentId chains to the previous kept entry, a
 * missing timestamp is `now()`. An explicit `parentId: null` starts a new root.
 */
export function parseTranscriptText(options: { text: string; file: string; newId: () => string; now: () => number }): {
  entries: TranscriptEntry[];
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const parsed: { line: number; entry: WrittenEntry }[] = [];
  const report = (line: number, path: string, expected: string, found: string) =>
    diagnostics.push(lineDiagnostic(options.file, line, path, expected, found));
  options.text.split("\n").forEach((raw, index) => {
    const text = raw.trim();
    if (text === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      report(index + 1, "", "one JSON object per line", `invalid JSON (${(error as Error).message})`);
      return;
    }
    const result = entrySchema.safeParse(value);
    if (result.success) parsed.push({ line: index + 1, entry: result.data });
    else {
      const issue = result.error.issues[0];
      report(index + 1, issuePath(issue?.path ?? []), "a transcript entry", issue?.message ?? "an invalid entry");
    }
  });
  const taken = new Set(parsed.flatMap(({ entry }) => (entry.id === undefined ? [] : [entry.id])));
  const freshId = () => {
    let id = options.newId();
    while (taken.has(id)) id = options.newId();
    taken.add(id);
    return id;
  };
  const entries: TranscriptEntry[] = [];
  const kept = new Set<string>();
  for (const { line, entry } of parsed) {
    const id = entry.id ?? freshId();
    const parentId = entry.parentId === undefined ? (entries.at(-1)?.id ?? null) : entry.parentId;
    if (kept.has(id)) report(line, "id", "an id no earlier line uses", `duplicate id ${id}`);
    else if (parentId !== null && !kept.has(parentId)) {
      report(line, "parentId", "the id of an earlier entry", `unknown parent ${parentId}`);
    } else if (entry.type === "compaction" && !kept.has(entry.firstKeptEntryId)) {
      report(line, "firstKeptEntryId", "the id of an earlier entry", `unknown entry ${entry.firstKeptEntryId}`);
    } else {
      const timestamp = entry.timestamp ?? new Date(options.now()).toISOString();
      entries.push({ ...entry, id, parentId, timestamp } as TranscriptEntry);
      kept.add(id);
    }
  }
  return { entries, diagnostics };
}

/** The JSONL text of `entries`: one JSON object per line, each line ending in a newline (pure). */
export function formatTranscriptLines(entries: readonly TranscriptEntry[]): string {
  return entries.map((entry) => `${JSON.stringify(entry)}\n`).join("");
}

/** Reads and appends one session's JSONL transcript. */
export interface TranscriptStore {
  readonly path: string;
  /**
   * Reads the file; a missing file is an empty transcript. Ids missing from hand-written lines
   * are counted in file order (`fixture-1`, `fixture-2`, ...), so they are the same on every load
   * of the append-only file and later entries can point at them. Throws a `ClawEvalError` (`io`)
   * for a file over {@link MAX_TRANSCRIPT_BYTES}.
   */
  load(): Promise<{ entries: TranscriptEntry[]; diagnostics: Diagnostic[] }>;
  /** Appends one JSON line per entry, creating the folder and file; no-op for none. */
  append(entries: readonly TranscriptEntry[]): Promise<void>;
}

export interface TranscriptStoreOptions {
  fs: FileSystem;
  /** The transcript file (see {@link sessionTranscriptPath}). */
  path: string;
  /** Timestamp for hand-written lines without one, ms since the epoch. Default: 0. */
  now?: () => number;
}

export function createTranscriptStore(options: TranscriptStoreOptions): TranscriptStore {
  const { fs, path } = options;
  // Whether the file ends in a newline; unknown until read. A hand-written file may not.
  let endsWithNewline: boolean | undefined;

  async function readText(): Promise<string | undefined> {
    const stat = await fs.stat(path);
    if (stat === undefined) return undefined;
    if (stat.size > MAX_TRANSCRIPT_BYTES) {
      const mib = (stat.size / 1024 / 1024).toFixed(1);
      throw new ClawEvalError(
        "io",
        `${path} is ${mib} MiB; transcripts over 64 MiB are not read. Compact the session or move the file away to start a new one.`,
      );
    }
    const text = await fs.readText(path);
    endsWithNewline = text === "" || text.endsWith("\n");
    return text;
  }

  return {
    path,
    async load() {
      const text = await readText();
      if (text === undefined) return { entries: [], diagnostics: [] };
      let counter = 0;
      const newId = () => {
        counter += 1;
        return `fixture-${counter}`;
      };
      return parseTranscriptText({ text, file: path, newId, now: options.now ?? (() => 0) });
    },
    async append(entries) {
      if (entries.length === 0) return;
      if (endsWithNewline === undefined) await readText();
      const lead = endsWithNewline === false ? "\n" : "";
      await fs.appendText(path, `${lead}${formatTranscriptLines(entries)}`);
      endsWithNewline = true;
    },
  };
}
