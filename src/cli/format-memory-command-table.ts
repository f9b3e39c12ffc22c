import Table from "cli-table3";
import type { MemoryCommandReport } from "./build-memory-command-report.js";

/** The search settings the legend explains (the agent's resolved `memorySearch.query`). */
export interface MemoryLegendSettings {
  /** Normalised hybrid weights (they sum to 1). */
  weights: { vectorWeight: number; textWeight: number };
  /** `query.hybrid.enabled`; false means vector scores alone in hybrid mode. */
  hybridEnabled: boolean;
  decay: { enabled: boolean; halfLifeDays: number };
  /** Effective minimum score, 0–1. */
  minScore: number;
}

/** Longest snippet shown in a table cell, in code points (an ellipsis marks a cut). */
const SNIPPET_CODE_POINTS = 60;
/** Files named per sync category before the rest are counted. */
const LISTED_FILES = 5;

const score = (value: number | undefined) => (value === undefined ? "—" : value.toFixed(4));

/** Whitespace collapsed to single spaces, cut by code points so a surrogate pair stays whole. */
export function oneLineSnippet(snippet: string): string {
  const points = Array.from(snippet.replace(/\s+/g, " ").trim());
  return points.length <= SNIPPET_CODE_POINTS
    ? points.join("")
    : `${points.slice(0, SNIPPET_CODE_POINTS - 1).join("")}…`;
}

function listed(count: number, names: readonly string[]): string {
  if (count === 0) return "0";
  const shown = names.slice(0, LISTED_FILES).join(", ");
  const more = names.length > LISTED_FILES ? `, +${names.length - LISTED_FILES} more` : "";
  return `${count} (${shown}${more})`;
}

function syncLine(sync: MemoryCommandReport["sync"]): string {
  const reindex = sync.fullReindex ? `full reindex (${sync.reindexReason ?? "forced"})` : "no full reindex";
  return [
    `indexed ${listed(sync.indexed.length, sync.indexed)}`,
    `skipped ${listed(
      sync.skipped.length,
      sync.skipped.map((skip) => `${skip.path}: ${skip.reason}`),
    )}`,
    `deleted ${listed(sync.deleted.length, sync.deleted)}`,
    reindex,
  ].join(", ");
}

function legend(report: MemoryCommandReport, settings: MemoryLegendSettings, mmrRan: boolean): string {
  const vector = settings.weights.vectorWeight.toFixed(2);
  const text = settings.weights.textWeight.toFixed(2);
  const merged =
    report.mode === "fts-only"
      ? "merged = the best keyword score over the query's keywords"
      : settings.hybridEnabled
        ? `merged = ${vector} × vector + ${text} × keyword`
        : "merged = the vector score";
  const decay = settings.decay.enabled
    ? `decay = age multiplier, halving every ${settings.decay.halfLifeDays} days (1 for MEMORY.md, memory.md and undated notes, which never decay)`
    : "decay = 1 (temporal decay is off)";
  return [
    "Legend: score = merged × decay, highest first",
    "keyword = full-text (BM25) match, vector = embedding similarity, — = not found that way",
    merged,
    decay,
    "age = days since the note's date",
    ...(mmrRan ? ["mmr = place given by the diversity re-ranking (MMR), which sets the final order"] : []),
    `min score ${settings.minScore}.`,
  ].join("; ");
}

/**
 * The readable report of `claw-eval memory`: where the index is, how it searched, what the sync
 * did, then one table row per hit with every part of its score, and a legend in plain words.
 * The `mmr` column appears only when MMR ran. Pure; no colour.
 */
export function formatMemoryCommandTable(report: MemoryCommandReport, settings: MemoryLegendSettings): string {
  const fallback = report.fallback === null ? "none" : `${report.fallback.from} unusable: ${report.fallback.reason}`;
  const lines = [
    `Workspace: ${report.workspace}`,
    `Index: ${report.store}`,
    `Search: ${report.mode}, provider ${report.provider}, model ${report.model}`,
    `Fallback: ${fallback}`,
    `Sync: ${syncLine(report.sync)}`,
    `Query: ${JSON.stringify(report.query)}`,
  ];
  if (report.results.length === 0) return [...lines, `No results (min score ${settings.minScore}).`].join("\n");
  const mmrRan = report.results.some((result) => result.parts.mmrRank !== undefined);
  const table = new Table({
    head: [
      "#",
      "score",
      "keyword",
      "vector",
      "merged",
      "decay",
      "age (days)",
      ...(mmrRan ? ["mmr"] : []),
      "location",
      "snippet",
    ],
    style: { head: [], border: [] },
    colAligns: [
      "right",
      "right",
      "right",
      "right",
      "right",
      "right",
      "right",
      ...(mmrRan ? ["right" as const] : []),
      "left",
      "left",
    ],
  });
  for (const result of report.results) {
    const { parts } = result;
    table.push([
      String(result.rank),
      score(result.score),
      score(parts.keyword),
      score(parts.vector),
      score(parts.merged),
      parts.decay.toFixed(4),
      parts.ageDays === undefined ? "—" : parts.ageDays.toFixed(1),
      ...(mmrRan ? [parts.mmrRank === undefined ? "—" : String(parts.mmrRank)] : []),
      result.citation,
      oneLineSnippet(result.snippet),
    ]);
  }
  return [...lines, table.toString(), legend(report, settings, mmrRan)].join("\n");
}
