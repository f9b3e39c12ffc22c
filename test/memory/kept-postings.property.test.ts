// Guards the in-memory keyword postings against: splitting text differently from FTS5 (case,
// diacritics, combining marks that carry a token but cannot open one, underscores, CJK runs,
// emoji, astral and lone-surrogate code points), a bm25 rank that is not FTS5's exact double
// (idf, average length, repeated query terms, AND of terms), a cut that drops a row tying at the
// limit, and postings left stale by a replaced or deleted file or by a compaction.
import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildFtsQuery } from "../../src/memory/build-fts-query.js";
import { classifyFtsCodePoints } from "../../src/memory/sqlite-memory-store-fts-classes.js";
import { type FtsCodePointClass, tokenizeLikeFts, unknownCodePoints } from "../../src/memory/tokenize-like-fts.js";
import { assertProperty } from "../support/assert-property.js";
import { openStore, tempStorePath, writeModelMeta } from "./memory-store-fakes.js";

/** Characters that stress the tokenizer: case, precomposed and combining diacritics, separators, CJK, emoji, astral letters, a lone surrogate. */
const TRICKY = [
  "a",
  "B",
  "é",
  "É",
  "e\u0301",
  "\u0301",
  "_",
  "-",
  "'",
  "’",
  "ß",
  "İ",
  "ǅ",
  "Ω",
  "ﬁ",
  "½",
  "²",
  "٣",
  "中文",
  "ｶ",
  "😀",
  "👍🏽",
  "\u200d",
  "\ufe0f",
  "𝐀",
  "𐐷",
  "\ud800",
  "\u0000",
  "\t",
  "—",
  "…",
  " ",
  " ",
  "0",
  "9",
  "Z",
];
const trickyText = fc.array(fc.constantFrom(...TRICKY), { maxLength: 24 }).map((parts) => parts.join(""));
const anyText = fc.oneof(
  trickyText,
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 24 }),
);

/** FTS5's own terms for each text, in order, from an `fts5vocab` instance table. */
function ftsTerms(texts: readonly string[]): string[][] {
  const db = new Database(":memory:");
  db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61')");
  db.exec("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)");
  const insert = db.prepare("INSERT INTO t (rowid, x) VALUES (?, ?)");
  texts.forEach((text, index) => {
    insert.run(index + 1, text);
  });
  const terms = texts.map((): string[] => []);
  for (const row of db.prepare("SELECT doc, term FROM v ORDER BY doc, offset").all() as {
    doc: number;
    term: string;
  }[]) {
    terms[row.doc - 1]!.push(row.term);
  }
  db.close();
  return terms;
}

describe("tokenizeLikeFts with classes learnt from FTS5", () => {
  it("splits and folds every text exactly as FTS5's unicode61 tokenizer, or declines it", () => {
    const classes = new Map<number, FtsCodePointClass>();
    let declined = 0;
    let checked = 0;
    assertProperty(
      fc.property(fc.array(anyText, { minLength: 1, maxLength: 8 }), (texts) => {
        const unknown = [...new Set(texts.flatMap((text) => unknownCodePoints(text, classes)))];
        for (const [point, found] of classifyFtsCodePoints("unicode61", unknown)) classes.set(point, found);
        const expected = ftsTerms(texts);
        texts.forEach((text, index) => {
          const found = tokenizeLikeFts(text, classes);
          if (!found.ok) {
            declined += 1;
            return;
          }
          checked += 1;
          expect(found.terms, JSON.stringify(text)).toEqual(expected[index]);
        });
      }),
      { numRuns: 150 },
    );
    // Declining is the safe answer; it must stay the exception or the fast path would never run.
    expect(checked).toBeGreaterThan(declined * 4);
  });
});

const WORDS = ["alpha", "Alpha", "beta", "gamma", "café", "cafe\u0301", "CAFE", "x_y", "中文", "naïve", "delta", "😀"];
const chunkText = fc
  .array(fc.constantFrom(...WORDS, ...WORDS.slice(0, 3), " ", ", "), { minLength: 1, maxLength: 9 })
  .map((parts) => parts.join(" "));
const notes = fc.array(fc.array(chunkText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 7 });
const queryText = fc
  .array(fc.constantFrom(...WORDS, "missing"), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(" "));

type Store = ReturnType<typeof openStore>;

/** A keyword-only store that keeps its postings from the first row on. */
function openPostingsStore(path: string): Store {
  const store = openStore({ path, vector: { enabled: false }, keptPostingsMinRows: 0 });
  writeModelMeta(store, "none");
  return store;
}

function writeNote(store: Store, index: number, chunks: readonly string[]): void {
  const name = `memory/n${index}.md`;
  store.upsertFile({
    file: { path: name, source: "memory", hash: `${name}:${chunks.join("|")}`, mtime: 0, size: 0 },
    model: "m",
    chunks: chunks.map((text, line) => ({ startLine: line + 1, endLine: line + 1, text, embedding: [] })),
    now: 1,
  });
}

/**
 * Drops `chunks_fts` through a second connection, so a search that still answers cannot have
 * asked FTS5: it proves the postings path ran rather than the fallback.
 */
function dropFtsTable(path: string): void {
  const db = new Database(path);
  db.exec("DROP TABLE chunks_fts");
  db.close();
}

function plainRanking(path: string, ftsQuery: string, limit: number) {
  const db = new Database(path, { readonly: true });
  const rows = db
    .prepare(
      `SELECT id, bm25(chunks_fts) AS rank FROM chunks_fts WHERE chunks_fts MATCH ? AND model = 'm'
       ORDER BY rank ASC, id ASC LIMIT ?`,
    )
    .all(ftsQuery, limit);
  db.close();
  return rows;
}

describe("keyword search from kept postings", () => {
  it("returns exactly the plain FTS query's rows and ranks, before and after files are replaced and deleted", () => {
    assertProperty(
      fc.property(notes, notes, queryText, fc.integer({ min: 1, max: 8 }), (first, second, query, limit) => {
        const ftsQuery = buildFtsQuery(query);
        // A query of emoji alone has no FTS term: the keyword leg is skipped before the store.
        fc.pre(ftsQuery !== undefined);
        const path = tempStorePath();
        const store = openPostingsStore(path);
        for (const [index, chunks] of first.entries()) writeNote(store, index, chunks);
        const before = store.keywordCandidates({ ftsQuery, model: "m", limit });
        expect(before.map((row) => ({ id: row.id, rank: row.rank }))).toEqual(plainRanking(path, ftsQuery, limit));
        // The postings are now built: replacing and deleting notes must keep them in step.
        for (const [index, chunks] of second.entries()) writeNote(store, index + 1, chunks);
        store.deleteFile("memory/n0.md");
        const expected = plainRanking(path, ftsQuery, limit);
        // "x_y" is a two-term phrase, which needs positions: only that query may ask FTS5.
        if (!query.includes("x_y")) dropFtsTable(path);
        const after = store.keywordCandidates({ ftsQuery, model: "m", limit });
        store.close();
        expect(after.map((row) => ({ id: row.id, rank: row.rank }))).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });

  it("stays exact across a compaction of dead slots", () => {
    const path = tempStorePath();
    const store = openPostingsStore(path);
    const chunk = (round: number, line: number) =>
      `alpha ${round % 3 === 0 ? "beta" : "gamma"} note ${line} ${"alpha ".repeat(line % 4)}`;
    writeNote(store, 0, ["alpha beta"]);
    store.keywordCandidates({ ftsQuery: '"alpha"', model: "m", limit: 3 });
    // 1 300 chunks replaced one file at a time leave more than 1 024 dead slots: a compaction runs.
    for (let round = 0; round < 130; round += 1) {
      writeNote(
        store,
        1 + (round % 5),
        Array.from({ length: 10 }, (_, line) => chunk(round, line)),
      );
    }
    const queries = ['"alpha"', '"alpha" AND "beta"', '"note" AND "gamma"', '"missing"'];
    const expected = queries.map((ftsQuery) => plainRanking(path, ftsQuery, 7));
    dropFtsTable(path);
    queries.forEach((ftsQuery, index) => {
      const found = store.keywordCandidates({ ftsQuery, model: "m", limit: 7 });
      expect(found.map((row) => ({ id: row.id, rank: row.rank }))).toEqual(expected[index]);
    });
    store.close();
  });
});
