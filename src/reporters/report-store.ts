import { join } from "node:path";
import { errorMessage, type HostFileSystem, type RunResult } from "../domain/index.js";
import type { SecretRedactor } from "../platform/create-secret-redactor.js";
import { renderHtmlReport, renderHtmlReportChunks } from "./render-html-report.js";
import { renderJsonReport, renderJsonReportChunks, type SpooledUnits } from "./render-json-report.js";
import { renderJunitReport } from "./render-junit-report.js";
import { renderMarkdownReport } from "./render-markdown-report.js";
import { REPORTER_NAMES, type ReporterName } from "./reporter-names.js";

/** A report written to a file of the run folder. `render` is pure and may throw. */
export interface FileRenderer {
  fileName: string;
  render(result: RunResult): string;
  /**
   * Optional piecewise rendering of the same bytes, for large reports; with `spooled`, the
   * units' whole records are read from there (the result keeps less of each).
   */
  renderChunks?(result: RunResult, spooled?: SpooledUnits): Iterable<string | Uint8Array>;
}

/** Every reporter and its file; `null` for reporters that write no file. */
export const FILE_RENDERERS: Record<ReporterName, FileRenderer | null> = {
  console: null,
  dot: null,
  github: null,
  json: { fileName: "results.json", render: renderJsonReport, renderChunks: renderJsonReportChunks },
  junit: { fileName: "junit.xml", render: renderJunitReport },
  markdown: { fileName: "summary.md", render: renderMarkdownReport },
  html: { fileName: "index.html", render: renderHtmlReport, renderChunks: renderHtmlReportChunks },
};

export interface WriteReportsOptions {
  result: RunResult;
  /** The `--out` folder; reports go to `<outDir>/<runId>/`. */
  outDir: string;
  reporters: readonly ReporterName[];
  fs: HostFileSystem;
  /** Applied to the whole result before anything is rendered, so no report can carry a secret. */
  redactor: SecretRedactor;
  /**
   * The units' whole records, already redacted, when the run spooled them to disk and
   * `result.units` keeps only what reports read (see `retainUnitForReports`).
   */
  spooled?: SpooledUnits;
  /** Replaces entries of {@link FILE_RENDERERS} (tests inject failing renderers). */
  renderers?: Partial<Record<ReporterName, FileRenderer | null>>;
}

export interface WriteReportsOutcome {
  /**
   * The redacted result the reports were rendered from: callers print and record this one
   * instead of redacting the run a second time (a pass over every string of every unit).
   */
  result: RunResult;
  /** Absolute paths written, in writing order. */
  written: string[];
  /** Renderers that threw or files that could not be written; the others were still written. */
  errors: { reporter: ReporterName; message: string }[];
}

/**
 * Writes the run's file reports atomically into `<outDir>/<runId>/`. `results.json` is always
 * written, first, whatever `reporters` says: it is the record `merge`, history and re-rendering
 * read. The other selected reporters follow in {@link REPORTER_NAMES} order. Never rejects for
 * a renderer or write failure: each is reported in `errors`. Every string of the result is
 * redacted before rendering (not the rendered text, so a renderer's truncation or escaping can
 * never leave part of a secret behind).
 */
export async function writeReports(options: WriteReportsOptions): Promise<WriteReportsOutcome> {
  const renderers = { ...FILE_RENDERERS, ...options.renderers };
  const result = options.redactor.redactValue(options.result);
  const runDir = join(options.outDir, result.runId);
  const selected = REPORTER_NAMES.filter((name) => name === "json" || options.reporters.includes(name));
  const outcome: WriteReportsOutcome = { result, written: [], errors: [] };
  for (const reporter of selected) {
    const renderer = renderers[reporter];
    if (renderer === null) continue;
    try {
      const path = join(runDir, renderer.fileName);
      if (renderer.renderChunks) {
        await options.fs.writeChunksAtomic(path, renderer.renderChunks(result, options.spooled));
      } else await options.fs.writeTextAtomic(path, renderer.render(result));
      outcome.written.push(path);
    } catch (error) {
      outcome.errors.push({ reporter, message: errorMessage(error) });
    }
  }
  return outcome;
}
