import type Database from "better-sqlite3";
import type { KeywordRow } from "./memory-candidates.js";
import type { KeywordCandidatesOptions } from "./sqlite-memory-store-types.js";

const ROW_COLUMNS = "id, path, source, start_line AS startLine, end_line AS endLine, text";

function byRankThenId(a: KeywordRow, b: KeywordRow): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The keyword leg of one database (memory.md §6.1). */
export interface KeywordSearch {
  /** FTS5 matches of `model`, by `bm25` ascending then id, at most `limit`; `[]` without FTS5. */
  candidates(options: KeywordCandidatesOptions): KeywordRow[];
}

/**
 * The keyword leg. When every chunk is of the asked model (the model in the meta row: an index
 * holds one model, a model change being a full reindex into a fresh file), it ranks rowids alone
 * and reads the few winning rows afterwards, which spares reading every matching row's content.
 * A tie across the limit (where the cut would depend on FTS5's internal order) and any other
 * model fall back to the plain query, so both paths return the same rows in the same order.
 */
export function createKeywordSearch(
  db: Database.Database,
  options: { ftsAvailable: boolean; indexModel: () => string | undefined },
): KeywordSearch {
  if (!options.ftsAvailable) return { candidates: () => [] };
  const plain = db.prepare(
    `SELECT ${ROW_COLUMNS}, bm25(chunks_fts) AS rank
     FROM chunks_fts WHERE chunks_fts MATCH ? AND model = ? ORDER BY rank ASC, id ASC LIMIT ?`,
  );
  const ranked = db.prepare(
    "SELECT rowid, bm25(chunks_fts) AS rank FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rank ASC LIMIT ?",
  );
  const rowsById = db.prepare(
    `SELECT rowid, ${ROW_COLUMNS} FROM chunks WHERE rowid IN (SELECT value FROM json_each(?))`,
  );
  return {
    candidates({ ftsQuery, model, limit: asked }) {
      const limit = Math.max(0, Math.floor(asked));
      if (limit === 0) return [];
      if (options.indexModel() !== model) return plain.all(ftsQuery, model, limit) as KeywordRow[];
      const top = ranked.all(ftsQuery, limit + 1) as { rowid: number; rank: number }[];
      if (top.length > limit && top[limit - 1]!.rank === top[limit]!.rank) {
        return plain.all(ftsQuery, model, limit) as KeywordRow[];
      }
      const kept = top.slice(0, limit);
      const rankOf = new Map(kept.map((row) => [row.rowid, row.rank]));
      const rows = rowsById.all(JSON.stringify(kept.map((row) => row.rowid))) as (Omit<KeywordRow, "rank"> & {
        rowid: number;
      })[];
      return rows.map(({ rowid, ...row }) => ({ ...row, rank: rankOf.get(rowid)! })).sort(byRankThenId);
    },
  };
}
