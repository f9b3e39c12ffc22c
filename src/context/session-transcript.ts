import {
  ClawEvalError,
  type CompactionFileDetails,
  type Message,
  type TranscriptEntry,
  type TranscriptEntryBase,
} from "../domain/index.js";

export type MessageEntry = Extract<TranscriptEntry, { type: "message" }>;
export type CompactionEntry = Extract<TranscriptEntry, { type: "compaction" }>;
export type CustomEntry = Extract<TranscriptEntry, { type: "custom" }>;

type EntryBody = TranscriptEntry extends infer Entry
  ? Entry extends TranscriptEntry
    ? Omit<Entry, keyof TranscriptEntryBase>
    : never
  : never;

/** What a compaction writes (context.md §1.2); counts are tokens. */
export interface CompactionInput {
  summary: string;
  /** Must name an entry on the current branch. */
  firstKeptEntryId: string;
  tokensBefore: number;
  tokensAfter?: number;
  details: CompactionFileDetails;
}

export interface SessionTranscriptOptions {
  sessionId: string;
  /** Ids of new entries; must never return an id the transcript already holds. */
  newId: () => string;
  /** The clock, ms since the epoch; entry timestamps are its ISO form. */
  now: () => number;
  /** Entries already written (file order); the last one is the leaf. Default: none. */
  entries?: readonly TranscriptEntry[];
}

/**
 * A session's history as the §1.2 append-only entry tree, in memory. Entries are never edited
 * or removed, and are not copied: treat every entry and message as immutable. Appends throw a
 * `ClawEvalError` (`invariant`) when given ids that break the tree.
 */
export interface SessionTranscript {
  readonly sessionId: string;
  /** Every entry, loaded or appended, in file order. */
  readonly allEntries: readonly TranscriptEntry[];
  /** The entries from the root to the leaf, following `parentId`. */
  readonly branch: readonly TranscriptEntry[];
  /** The newest entry of the current branch; `null` when the transcript is empty. */
  readonly leafId: string | null;
  appendMessage(message: Message): MessageEntry;
  appendCompaction(input: CompactionInput): CompactionEntry;
  appendCustom(customType: string, data: Record<string, unknown>): CustomEntry;
  /**
   * The session's model context (context.md §1.2): with a compaction on the branch, its summary
   * as a `compaction_summary` message, then every message entry from `firstKeptEntryId` on (after
   * the compaction when that id is not on the branch); else every message entry of the branch.
   */
  buildContext(): Message[];
  /** Compaction entries on the current branch. */
  readonly compactionCount: number;
  lastCompaction(): CompactionEntry | undefined;
  lastCustom(customType: string): CustomEntry | undefined;
  /**
   * Rewrites messages by branching: the leaf moves to the parent of the first replaced entry,
   * then it and every later branch entry are re-appended with new ids (replaced ones carrying
   * their new message, compactions their re-appended `firstKeptEntryId`). Keys must be message
   * entries on the branch. Returns the appended entries; an empty map appends nothing.
   */
  replaceMessages(replacements: ReadonlyMap<string, Message>): TranscriptEntry[];
  /**
   * Moves the leaf back to `entryId` (`null`: before the first entry) so the next append starts a
   * branch there; nothing is removed. The file records the move only through that next append (a
   * reload takes the last written entry as the leaf). Throws for an id the transcript lacks.
   */
  resetLeaf(entryId: string | null): void;
  /** The entries appended since the previous call, for the store to write. */
  drain(): TranscriptEntry[];
}

function walkBranch(byId: ReadonlyMap<string, TranscriptEntry>, leafId: string | null): TranscriptEntry[] {
  const path: TranscriptEntry[] = [];
  const seen = new Set<string>();
  let entry = leafId === null ? undefined : byId.get(leafId);
  while (entry !== undefined && !seen.has(entry.id)) {
    seen.add(entry.id);
    path.push(entry);
    entry = entry.parentId === null ? undefined : byId.get(entry.parentId);
  }
  return path.reverse();
}

function messagesOf(entries: readonly TranscriptEntry[]): Message[] {
  return entries.flatMap((entry) => (entry.type === "message" ? [entry.message] : []));
}

function findLast<T extends TranscriptEntry>(
  entries: readonly TranscriptEntry[],
  match: (entry: TranscriptEntry) => entry is T,
): T | undefined {
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index] as TranscriptEntry;
    if (match(entry)) return entry;
  }
  return undefined;
}

const isCompaction = (entry: TranscriptEntry): entry is CompactionEntry => entry.type === "compaction";

/** Creates the in-memory transcript over `entries` (pure: ids and time come from the options). */
export function createSessionTranscript(options: SessionTranscriptOptions): SessionTranscript {
  const entries: TranscriptEntry[] = [...(options.entries ?? [])];
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let leafId = entries.at(-1)?.id ?? null;
  let cachedBranch: TranscriptEntry[] | undefined;
  let pending: TranscriptEntry[] = [];
  const branch = () => {
    cachedBranch ??= walkBranch(byId, leafId);
    return cachedBranch;
  };

  function append<Body extends EntryBody>(body: Body): TranscriptEntry & Body {
    const id = options.newId();
    if (byId.has(id))
      throw new ClawEvalError("invariant", `transcript ${options.sessionId}: new entry id ${id} is already taken`);
    const entry = {
      id,
      parentId: leafId,
      timestamp: new Date(options.now()).toISOString(),
      ...body,
    } as TranscriptEntry & Body;
    entries.push(entry);
    byId.set(id, entry);
    pending.push(entry);
    leafId = id;
    cachedBranch = undefined;
    return entry;
  }

  function rebody(
    entry: TranscriptEntry,
    replacements: ReadonlyMap<string, Message>,
    renamed: ReadonlyMap<string, string>,
  ): EntryBody {
    const { id, parentId: _parentId, timestamp: _timestamp, ...body } = entry;
    if (body.type === "message") return { ...body, message: replacements.get(id) ?? body.message };
    if (body.type === "compaction")
      return { ...body, firstKeptEntryId: renamed.get(body.firstKeptEntryId) ?? body.firstKeptEntryId };
    return body;
  }

  return {
    sessionId: options.sessionId,
    get allEntries() {
      return entries;
    },
    get branch() {
      return branch();
    },
    get leafId() {
      return leafId;
    },
    appendMessage: (message) => append({ type: "message", message }),
    appendCompaction(input) {
      if (!branch().some((entry) => entry.id === input.firstKeptEntryId)) {
        throw new ClawEvalError(
          "invariant",
          `compaction keeps from ${input.firstKeptEntryId}, which is not on the current branch`,
        );
      }
      const { tokensAfter, ...rest } = input;
      return append({ type: "compaction", ...rest, ...(tokensAfter === undefined ? {} : { tokensAfter }) });
    },
    appendCustom: (customType, data) => append({ type: "custom", customType, data }),
    buildContext() {
      const path = branch();
      const compaction = findLast(path, isCompaction);
      if (compaction === undefined) return messagesOf(path);
      const keptFrom = path.findIndex((entry) => entry.id === compaction.firstKeptEntryId);
      const start = keptFrom === -1 ? path.indexOf(compaction) + 1 : keptFrom;
      const summary: Message = {
        role: "compaction_summary",
        summary: compaction.summary,
        tokensBefore: compaction.tokensBefore,
      };
      return [summary, ...messagesOf(path.slice(start))];
    },
    get compactionCount() {
      return branch().filter(isCompaction).length;
    },
    lastCompaction: () => findLast(branch(), isCompaction),
    lastCustom: (customType) =>
      findLast(branch(), (entry): entry is CustomEntry => entry.type === "custom" && entry.customType === customType),
    replaceMessages(replacements) {
      const path = branch();
      let first = path.length;
      for (const id of replacements.keys()) {
        const index = path.findIndex((entry) => entry.id === id);
        if (path[index]?.type !== "message") {
          throw new ClawEvalError("invariant", `cannot replace ${id}: not a message entry on the current branch`);
        }
        first = Math.min(first, index);
      }
      if (first === path.length) return [];
      leafId = path[first - 1]?.id ?? null;
      cachedBranch = undefined;
      const renamed = new Map<string, string>();
      return path.slice(first).map((old) => {
        const entry = append(rebody(old, replacements, renamed));
        renamed.set(old.id, entry.id);
        return entry;
      });
    },
    resetLeaf(entryId) {
      if (entryId !== null && !byId.has(entryId)) {
        throw new ClawEvalError("invariant", `transcript ${options.sessionId} has no entry ${entryId} to branch from`);
      }
      leafId = entryId;
      cachedBranch = undefined;
    },
    drain() {
      const drained = pending;
      pending = [];
      return drained;
    },
  };
}
