import { closeSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { HostFileSystem, UnitResult } from "../domain/index.js";
import { createHtmlUnitCollector } from "./html-unit-collector.js";
import { renderJsonReportUnit, type SpooledUnits } from "./render-json-report.js";

/** Bytes read from the spool at a time when `results.json` is written. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Finished units written to disk as `results.json` will hold them, instead of kept in memory. */
export interface ResultsSpool extends SpooledUnits {
  /** Appends a unit (already redacted: it is written as given). */
  add(unit: UnitResult): void;
  /** Closes and deletes the spool files; later calls do nothing. */
  close(): void;
}

export interface ResultsSpoolOptions {
  /**
   * Also collect what `index.html` needs of each unit as it is added (its detail line goes to a
   * second file, `html.spool`), so the report does not read every unit back. Default `false`.
   */
  html?: boolean;
}

/** One append-only file of the spool, read back in pieces through one reused buffer. */
interface SpoolFile {
  append(text: string): void;
  chunks(): Iterable<Uint8Array>;
  close(): void;
}

function openSpoolFile(path: string): SpoolFile {
  let descriptor: number | undefined = openSync(path, "w+");
  let bytes = 0;
  const open = (): number => {
    if (descriptor === undefined) throw new Error(`the results spool ${path} is closed`);
    return descriptor;
  };
  return {
    append(text) {
      bytes += writeSync(open(), text, bytes, "utf8");
    },
    *chunks() {
      // One buffer for every piece: a fresh megabyte per piece piled up hundreds of megabytes
      // of buffers awaiting collection while a large results.json was written.
      const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, bytes));
      for (let position = 0; position < bytes; ) {
        const read = readSync(open(), buffer, 0, Math.min(buffer.length, bytes - position), position);
        if (read === 0) throw new Error(`the results spool ${path} ended at byte ${position} of ${bytes}`);
        position += read;
        yield buffer.subarray(0, read);
      }
    },
    close() {
      if (descriptor === undefined) return;
      closeSync(descriptor);
      descriptor = undefined;
      unlinkSync(path);
    },
  };
}

/**
 * Opens `results.spool` in `directory` (a temp folder of the run) for the units of one run.
 * Each unit is rendered once, when it finishes, and appended; {@link SpooledUnits.chunks} reads
 * the text back in megabyte pieces, so neither the run nor the writing of `results.json` holds
 * every unit at once. With `html`, `html.spool` holds each unit's line for `index.html`.
 */
export function openResultsSpool(directory: string, options: ResultsSpoolOptions = {}): ResultsSpool {
  const units = openSpoolFile(join(directory, "results.spool"));
  let count = 0;
  const collector = options.html === true ? createHtmlUnitCollector() : undefined;
  const details = collector === undefined ? undefined : openSpoolFile(join(directory, "html.spool"));
  return {
    get count() {
      return count;
    },
    ...(collector === undefined || details === undefined
      ? {}
      : { html: { data: collector, details: () => details.chunks() } }),
    add(unit) {
      units.append(`${count === 0 ? "" : ",\n"}${renderJsonReportUnit(unit)}`);
      details?.append(collector!.add(unit));
      count += 1;
    },
    chunks: () => units.chunks(),
    close() {
      units.close();
      details?.close();
    },
  };
}

/**
 * Runs `use` with a spool in a fresh temp folder (`claw-eval-spool-*`), then closes the spool
 * and removes the folder, whether `use` resolves or throws.
 */
export async function withResultsSpool<T>(
  fs: HostFileSystem,
  use: (spool: ResultsSpool) => Promise<T>,
  options: ResultsSpoolOptions = {},
): Promise<T> {
  const directory = await fs.makeTempDirectory("claw-eval-spool-");
  try {
    const spool = openResultsSpool(directory, options);
    try {
      return await use(spool);
    } finally {
      spool.close();
    }
  } finally {
    await fs.remove(directory);
  }
}
