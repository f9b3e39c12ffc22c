import Database from "better-sqlite3";
import type { FtsCodePointClass } from "./tokenize-like-fts.js";

/** Marker letter around a probed code point; any ASCII letter the tokenizer keeps as itself would do. */
const MARK = "q";

/**
 * Learns how an FTS5 tokenizer treats code points by asking FTS5 itself, in a private in-memory
 * database: for each code point `c` it indexes `qcq` (does `c` carry a token on, and what does it
 * fold to), `cq` (does it open one) and `c` alone, then reads the terms back through `fts5vocab`.
 * So the keyword index kept in memory splits text exactly as the table's tokenizer does, whatever
 * SQLite version or Unicode tables are linked in. A code point whose behaviour does not fit the
 * model of {@link FtsCodePointClass} (for example one that opens a token but folds to nothing) is
 * left out, which makes every text containing it unsupported.
 */
export function classifyFtsCodePoints(tokenize: string, points: readonly number[]): Map<number, FtsCodePointClass> {
  const db = new Database(":memory:");
  try {
    db.exec(`CREATE VIRTUAL TABLE probe USING fts5(t, tokenize='${tokenize.replaceAll("'", "''")}')`);
    db.exec("CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, instance)");
    const insert = db.prepare("INSERT INTO probe (rowid, t) VALUES (?, ?)");
    db.transaction(() => {
      points.forEach((point, index) => {
        const char = String.fromCodePoint(point);
        insert.run(index * 3 + 1, MARK + char + MARK);
        insert.run(index * 3 + 2, char + MARK);
        insert.run(index * 3 + 3, char);
      });
    })();
    const byDoc = new Map<number, string[]>();
    for (const { doc, term } of db
      .prepare("SELECT doc, term FROM probe_terms ORDER BY doc, offset")
      .all() as Instance[]) {
      const list = byDoc.get(doc);
      if (list === undefined) byDoc.set(doc, [term]);
      else list.push(term);
    }
    const classes = new Map<number, FtsCodePointClass>();
    points.forEach((point, index) => {
      const found = classOf({
        carried: byDoc.get(index * 3 + 1) ?? [],
        opened: byDoc.get(index * 3 + 2) ?? [],
        alone: byDoc.get(index * 3 + 3) ?? [],
      });
      if (found !== undefined) classes.set(point, found);
    });
    return classes;
  } finally {
    db.close();
  }
}

interface Instance {
  doc: number;
  term: string;
}

function classOf(terms: { carried: string[]; opened: string[]; alone: string[] }) {
  const { carried, opened, alone } = terms;
  if (carried.length === 2 && carried[0] === MARK && carried[1] === MARK) {
    // A separator inside a token: it must not open one either.
    const separator = opened.length === 1 && opened[0] === MARK && alone.length === 0;
    return separator ? { starts: false, continues: false, fold: "" } : undefined;
  }
  const only = carried[0];
  if (carried.length !== 1 || only === undefined || only.length < 2) return undefined;
  if (!only.startsWith(MARK) || !only.endsWith(MARK)) return undefined;
  const fold = only.slice(MARK.length, -MARK.length);
  if (fold === "") {
    // Dropped inside a token; it must neither open one nor make one alone.
    return opened.length === 1 && opened[0] === MARK && alone.length === 0
      ? { starts: false, continues: true, fold }
      : undefined;
  }
  if (opened.length !== 1) return undefined;
  if (opened[0] === fold + MARK && alone.length === 1 && alone[0] === fold)
    return { starts: true, continues: true, fold };
  if (opened[0] === MARK && alone.length === 0) return { starts: false, continues: true, fold };
  return undefined;
}
