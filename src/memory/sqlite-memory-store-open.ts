import { existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { type Diagnostic, errorMessage } from "../domain/index.js";
import { applyMemoryStoreSchema, type FtsTokenizer } from "./sqlite-memory-store-schema.js";

/** How to open one memory index database file. */
export interface MemoryDatabaseOptions {
  /** A file path (parent folders are created) or `:memory:`. */
  path: string;
  ftsTokenizer: FtsTokenizer;
  /** `store.vector`: sqlite-vec is loaded only when enabled; `extensionPath` replaces the bundled build. */
  vector: { enabled: boolean; extensionPath?: string | undefined };
  /** How long SQLite retries a locked database before giving up, in ms. */
  busyTimeoutMs: number;
}

/** An open database with what it supports, or why none could be opened. Diagnostics name the file. */
export type OpenedMemoryDatabase =
  | { ok: true; db: Database.Database; ftsAvailable: boolean; vectorsLoaded: boolean; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

type Attempt =
  | Extract<OpenedMemoryDatabase, { ok: true }>
  | { ok: false; problem: "corrupt" | "locked" | "failed"; found: string };

/** A diagnostic about the memory index file (no line or field). */
export function memoryStoreDiagnostic(options: {
  file: string;
  expected: string;
  found: string;
  severity: Diagnostic["severity"];
}): Diagnostic {
  return { line: 1, column: 1, path: "", ...options };
}

/** Whether an error is SQLite's "busy/locked" after the busy timeout ran out. */
export function isDatabaseLockedError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || (typeof code === "string" && code.startsWith("SQLITE_BUSY_"))
  );
}

function isCorruptError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "SQLITE_NOTADB" ||
    code === "SQLITE_CORRUPT" ||
    (typeof code === "string" && code.startsWith("SQLITE_CORRUPT_"))
  );
}

function loadVectors(db: Database.Database, options: MemoryDatabaseOptions, diagnostics: Diagnostic[]): boolean {
  if (!options.vector.enabled) return false;
  try {
    if (options.vector.extensionPath === undefined) sqliteVec.load(db);
    else db.loadExtension(options.vector.extensionPath);
    return true;
  } catch (error) {
    diagnostics.push(
      memoryStoreDiagnostic({
        file: options.path,
        expected: "the sqlite-vec extension",
        found: `${errorMessage(error)}; vector search uses exact cosine in JS`,
        severity: "warning",
      }),
    );
    return false;
  }
}

function attemptOpen(options: MemoryDatabaseOptions): Attempt {
  let db: Database.Database | undefined;
  try {
    db = new Database(options.path, { timeout: options.busyTimeoutMs });
    const diagnostics: Diagnostic[] = [];
    const vectorsLoaded = loadVectors(db, options, diagnostics);
    const check = (db.pragma("quick_check") as { quick_check: string }[]).map((row) => row.quick_check);
    if (check.length !== 1 || check[0] !== "ok") {
      db.close();
      return { ok: false, problem: "corrupt", found: `quick_check reports ${check.slice(0, 3).join("; ")}` };
    }
    const schema = applyMemoryStoreSchema(db, options);
    if (schema.ftsError !== undefined) {
      diagnostics.push(
        memoryStoreDiagnostic({
          file: options.path,
          expected: `FTS5 with the ${options.ftsTokenizer} tokenizer`,
          found: `${schema.ftsError}; keyword search is off`,
          severity: "warning",
        }),
      );
    }
    return { ok: true, db, ftsAvailable: schema.ftsAvailable, vectorsLoaded, diagnostics };
  } catch (error) {
    db?.close();
    const problem = isDatabaseLockedError(error) ? "locked" : isCorruptError(error) ? "corrupt" : "failed";
    return { ok: false, problem, found: errorMessage(error) };
  }
}

/** Renames the file (and its journal files) to `<path>.corrupt-<n>` with the first free n ≥ 1. */
function moveAside(path: string): string {
  let n = 1;
  while (existsSync(`${path}.corrupt-${n}`)) n += 1;
  const target = `${path}.corrupt-${n}`;
  renameSync(path, target);
  for (const suffix of ["-journal", "-wal", "-shm"]) {
    if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix);
  }
  return target;
}

function failure(options: MemoryDatabaseOptions, attempt: Extract<Attempt, { ok: false }>): Diagnostic {
  const locked = attempt.problem === "locked";
  return memoryStoreDiagnostic({
    file: options.path,
    expected: locked ? "an unlocked memory index" : "a memory index SQLite database that opens",
    found: locked ? `still locked after retrying for ${options.busyTimeoutMs} ms (${attempt.found})` : attempt.found,
    severity: "error",
  });
}

/**
 * Opens (creating when missing) a memory index database with the §3 schema and sqlite-vec when
 * enabled. A file that is not SQLite or fails `quick_check` is moved aside to `.corrupt-<n>` and
 * a fresh index is created, with a warning (the notes are files; the index is rebuilt from them).
 * A database still locked after `busyTimeoutMs`, or any other failure, gives `ok: false` with an
 * error diagnostic. Never throws.
 */
export function openMemoryDatabase(options: MemoryDatabaseOptions): OpenedMemoryDatabase {
  try {
    if (options.path !== ":memory:") mkdirSync(dirname(options.path), { recursive: true });
  } catch (error) {
    return { ok: false, diagnostics: [failure(options, { ok: false, problem: "failed", found: errorMessage(error) })] };
  }
  const first = attemptOpen(options);
  if (first.ok) return first;
  if (first.problem !== "corrupt" || options.path === ":memory:")
    return { ok: false, diagnostics: [failure(options, first)] };
  let target: string;
  try {
    target = moveAside(options.path);
  } catch (error) {
    const found = `${first.found}; moving it aside failed: ${errorMessage(error)}`;
    return { ok: false, diagnostics: [failure(options, { ok: false, problem: "failed", found })] };
  }
  const moved = memoryStoreDiagnostic({
    file: options.path,
    expected: "a readable SQLite memory index",
    found: `${first.found}; moved it to ${target} and started a fresh index (memory files are unchanged)`,
    severity: "warning",
  });
  const second = attemptOpen(options);
  if (!second.ok) return { ok: false, diagnostics: [moved, failure(options, second)] };
  return { ...second, diagnostics: [moved, ...second.diagnostics] };
}
