import type Database from "better-sqlite3";
import {
  createKeptPostings,
  forgetPostings,
  type KeptPostings,
  keepPostings,
  rankKeptPostings,
} from "./kept-postings.js";
import type { KeywordRow } from "./memory-candidates.js";
import { classifyFtsCodePoints } from "./sqlite-memory-store-fts-classes.js";
import type { KeywordCandidatesOptions } from "./sqlite-memory-store-types.js";
import { type FtsCodePointClass, tokenizeLikeFts, unknownCodePoints } from "./tokenize-like-fts.js";

const ROW_COLUMNS = "id, path, source, start_line AS startLine, end_line AS endLine, text";

/**
 * Index size (FTS rows) from which the keyword leg keeps its postings in memory. Below it FTS5
 * ranks a query in about a millisecond and the copy is not worth its memory.
 */
export const KEPT_POSTINGS_MIN_ROWS = 2_000;

/** The only tokenizer whose splitting the in-memory postings follow (`trigram` emits overlapping grams). */
const KEPT_POSTINGS_TOKENIZER = "unicode61";

function byRankThenId(a: KeywordRow, b: KeywordRow): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The keyword leg of one database (memory.md §6.1). */
export interface KeywordSearch {
  /** FTS5 matches of `model`, by `bm25` ascending then id, at most `limit`; `[]` without FTS5. */
  candidates(options: KeywordCandidatesOptions): KeywordRow[];
  /** A chunk just stored under FTS rowid `rowid`: its terms join the in-memory postings. */
  keep(rowid: number, text: string): void;
  /** Chunks about to be deleted: they leave the in-memory postings. */
  forget(rowids: readonly number[]): void;
  /** Drops the in-memory postings (after a failed write, whose rollback they cannot follow). */
  invalidate(): void;
}

/** The phrases of a `buildFtsQuery` expression: the quoted strings joined by ` AND `, or `undefined`. */
function quotedPhrases(ftsQuery: string): string[] | undefined {
  const phrases: string[] = [];
  for (const part of ftsQuery.split(" AND ")) {
    if (part.length < 2 || !part.startsWith('"') || !part.endsWith('"')) return undefined;
    const inner = part.slice(1, -1);
    if (inner.includes('"')) return undefined;
    phrases.push(inner);
  }
  return phrases;
}

/**
 * The keyword leg. Three paths give the same rows in the same order as the plain query
 * (`bm25` ascending, then chunk id), which is also the fallback:
 * - at {@link KEPT_POSTINGS_MIN_ROWS} rows and more, with the `unicode61` tokenizer and a query
 *   whose every phrase is one term, `bm25` is computed from postings kept in memory (built on
 *   first use from the stored texts, split exactly as FTS5 splits them, then kept in step with
 *   writes), and only the winning rows are read;
 * - otherwise FTS5 ranks rowids alone and the winning rows are read afterwards, unless a tie
 *   straddles the limit;
 * - a chunk of another model than the index's (the model in the meta row) takes the plain query.
 */
export function createKeywordSearch(
  db: Database.Database,
  options: { ftsAvailable: boolean; indexModel: () => string | undefined; keptPostingsMinRows?: number | undefined },
): KeywordSearch {
  if (!options.ftsAvailable) {
    return { candidates: () => [], keep: () => {}, forget: () => {}, invalidate: () => {} };
  }
  const minRows = options.keptPostingsMinRows ?? KEPT_POSTINGS_MIN_ROWS;
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
  /** The rows of these ranked rowids, by rank then chunk id. */
  const readRanked = (winners: readonly { rowid: number; rank: number }[]): KeywordRow[] => {
    const rankOf = new Map(winners.map((row) => [row.rowid, row.rank]));
    const rows = rowsById.all(JSON.stringify(winners.map((row) => row.rowid))) as (Omit<KeywordRow, "rank"> & {
      rowid: number;
    })[];
    return rows.map(({ rowid, ...row }) => ({ ...row, rank: rankOf.get(rowid)! })).sort(byRankThenId);
  };
  let tokenizer: string | undefined;
  const tokenizerOf = (): string => {
    if (tokenizer !== undefined) return tokenizer;
    const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'chunks_fts'").pluck().get() as
      | string
      | undefined;
    tokenizer = /tokenize\s*=\s*'([^']*)'/.exec(sql ?? "")?.[1] ?? "";
    return tokenizer;
  };
  let log: ((value: number) => number) | undefined;
  /** SQLite's own `ln`, the libm `log` FTS5 ranks with, so the ranks are the same doubles. */
  const ftsLog = (): ((value: number) => number) => {
    if (log !== undefined) return log;
    try {
      const ln = db.prepare("SELECT ln(?)").pluck();
      log = (value) => ln.get(value) as number;
    } catch {
      // A build without SQLite's math functions: JavaScript's log, which may differ in the last bit.
      log = Math.log;
    }
    return log;
  };
  /** Code points learnt from FTS5 so far, and those that do not fit the model (texts with them are unsupported). */
  const classes = new Map<number, FtsCodePointClass>();
  const unfit = new Set<number>();
  const termsOf = (text: string): string[] | undefined => {
    const first = tokenizeLikeFts(text, classes);
    if (first.ok) return first.terms;
    if (first.unknown === undefined || unfit.has(first.unknown)) return undefined;
    const unknown = unknownCodePoints(text, classes).filter((point) => !unfit.has(point));
    const learnt = classifyFtsCodePoints(KEPT_POSTINGS_TOKENIZER, unknown);
    for (const point of unknown) {
      const found = learnt.get(point);
      if (found === undefined) unfit.add(point);
      else classes.set(point, found);
    }
    const again = tokenizeLikeFts(text, classes);
    return again.ok ? again.terms : undefined;
  };
  let kept: KeptPostings | undefined;
  /** FTS rows while no postings are kept; `undefined` until counted. */
  let rowCount: number | undefined;
  const postings = (): KeptPostings | undefined => {
    if (kept !== undefined) return kept;
    if (tokenizerOf() !== KEPT_POSTINGS_TOKENIZER) return undefined;
    rowCount ??= db.prepare("SELECT count(*) FROM chunks_fts").pluck().get() as number;
    if (rowCount < minRows) return undefined;
    const built = createKeptPostings();
    for (const [rowid, text] of db.prepare("SELECT rowid, text FROM chunks_fts").raw().iterate() as Iterable<
      [number, string]
    >) {
      keepPostings(built, rowid, termsOf(text));
    }
    kept = built;
    return kept;
  };
  const fromPostings = (ftsQuery: string, limit: number): KeywordRow[] | undefined => {
    const quoted = quotedPhrases(ftsQuery);
    if (quoted === undefined) return undefined;
    const index = postings();
    if (index === undefined) return undefined;
    const phrases: string[] = [];
    for (const phrase of quoted) {
      const terms = termsOf(phrase);
      // A phrase of several terms needs positions, and one of none matches as FTS5 decides.
      if (terms?.length !== 1) return undefined;
      phrases.push(terms[0]!);
    }
    const ranking = rankKeptPostings(index, phrases, { limit, log: ftsLog() });
    if (ranking === undefined) return undefined;
    if (ranking.rowids.length === 0) return [];
    return readRanked(ranking.rowids.map((rowid, at) => ({ rowid, rank: ranking.ranks[at]! }))).slice(0, limit);
  };
  return {
    candidates({ ftsQuery, model, limit: asked }) {
      const limit = Math.max(0, Math.floor(asked));
      if (limit === 0) return [];
      if (options.indexModel() !== model) return plain.all(ftsQuery, model, limit) as KeywordRow[];
      const fast = fromPostings(ftsQuery, limit);
      if (fast !== undefined) return fast;
      const top = ranked.all(ftsQuery, limit + 1) as { rowid: number; rank: number }[];
      if (top.length > limit && top[limit - 1]!.rank === top[limit]!.rank) {
        return plain.all(ftsQuery, model, limit) as KeywordRow[];
      }
      return readRanked(top.slice(0, limit));
    },
    keep(rowid, text) {
      if (kept !== undefined) keepPostings(kept, rowid, termsOf(text));
      else if (rowCount !== undefined) rowCount += 1;
    },
    forget(rowids) {
      if (kept !== undefined) forgetPostings(kept, rowids);
      else if (rowCount !== undefined) rowCount -= rowids.length;
    },
    invalidate() {
      kept = undefined;
      rowCount = undefined;
    },
  };
}
