import type { FileChanges } from "../domain/index.js";

/** Paths kept at most; a reader further behind than this gets "unknown" and rescans. */
export const CHANGE_JOURNAL_LIMIT = 4_096;

/** The write log behind {@link FileSystem.changesSince}. */
export interface ChangeJournal {
  /** Records a write to this absolute path. */
  record(path: string): void;
  /** Records that anything may have changed (a command ran). */
  recordUnknown(): void;
  changesSince(since: number): FileChanges;
}

/**
 * A bounded log of written paths, numbered from 1. `changesSince(g)` lists the distinct paths
 * written after generation `g` in first-write order, or `paths: undefined` when an unknown change
 * happened after `g` or the entries after `g` were dropped to stay within `limit`.
 */
export function createChangeJournal(limit = CHANGE_JOURNAL_LIMIT): ChangeJournal {
  let generation = 0;
  let unknownAt = 0;
  let droppedThrough = 0;
  const entries: { generation: number; path: string }[] = [];
  // Entries before `first` are dropped; they leave the array in batches, so a full log does not
  // shift thousands of entries on every write.
  let first = 0;
  return {
    record(path) {
      generation += 1;
      entries.push({ generation, path });
      if (entries.length - first <= limit) return;
      first = entries.length - limit;
      droppedThrough = entries[first - 1]!.generation;
      if (first >= limit) {
        entries.splice(0, first);
        first = 0;
      }
    },
    recordUnknown() {
      generation += 1;
      unknownAt = generation;
    },
    changesSince(since) {
      if (since < unknownAt || since < droppedThrough) return { generation, paths: undefined };
      const paths = new Set<string>();
      for (let index = first; index < entries.length; index += 1) {
        const entry = entries[index]!;
        if (entry.generation > since) paths.add(entry.path);
      }
      return { generation, paths: [...paths] };
    },
  };
}
