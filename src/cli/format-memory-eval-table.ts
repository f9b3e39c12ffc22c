import Table from "cli-table3";
import type { RetrievalFigures } from "../memory/measure-retrieval.js";
import { QUERY_LANGUAGES, type QueryLanguage } from "../memory/split-by-language.js";
import type { MemoryEvalQueryEntry, MemoryEvalReport, MemoryEvalVariantEntry } from "./memory-eval-report.js";

/** Queries listed under "not fully recalled" before the rest are only counted. */
const LISTED_MISSES = 20;

const LANGUAGE_NAMES: Record<QueryLanguage, string> = { english: "English", chinese: "Chinese" };

const figure = (value: number) => value.toFixed(3);

function figureCells(figures: RetrievalFigures): string[] {
  return [figure(figures.recallAtK), figure(figures.precisionAtK), figure(figures.mrr)];
}

function variantName(variant: MemoryEvalVariantEntry): string {
  return variant.configured ? `${variant.id} (configured)` : variant.id;
}

function header(report: MemoryEvalReport): string[] {
  const languages = QUERY_LANGUAGES.flatMap((language) => {
    const count = report.languages[language];
    return count === undefined ? [] : [`${count} ${LANGUAGE_NAMES[language]}`];
  });
  const k = report.kFrom === "--k" ? "--k" : "memorySearch.query.maxResults";
  const minScore = report.minScoreFrom === "--min-score" ? "--min-score" : "the configured memorySearch.query.minScore";
  return [
    `Workspace: ${report.workspace}`,
    `Queries: ${report.queriesFile} (${report.queries}: ${languages.join(", ")})`,
    `k: ${report.k} (${k}); min score: ${report.minScore} (${minScore}); note ages as of ${report.asOf}`,
    "Each variant searched its own in-memory index built from the notes; the agent's index was not opened.",
  ];
}

function figuresTable(report: MemoryEvalReport): string {
  const table = new Table({
    head: ["variant", `recall@${report.k}`, `precision@${report.k}`, "MRR"],
    style: { head: [], border: [] },
    colAligns: ["left", "right", "right", "right"],
    // No rule between rows, so a variant's language rows read as part of it.
    chars: { mid: "", "left-mid": "", "mid-mid": "", "right-mid": "" },
  });
  const splitLanguages = Object.keys(report.languages).length > 1;
  for (const variant of report.variants) {
    if (variant.status === "skipped") {
      table.push([variantName(variant), { colSpan: 3, content: `skipped: ${variant.reason}` }]);
      continue;
    }
    table.push([variantName(variant), ...figureCells(variant.figures)]);
    if (!splitLanguages) continue;
    for (const language of QUERY_LANGUAGES) {
      const figures = variant.byLanguage[language];
      if (figures !== undefined)
        table.push([`  ${LANGUAGE_NAMES[language]} (${figures.queries})`, ...figureCells(figures)]);
    }
  }
  return table.toString();
}

function legend(k: number): string {
  return [
    `Legend: recall@${k} = share of a query's labels found in its top ${k}`,
    `precision@${k} = relevant hits in the top ${k} / ${k}`,
    `MRR = 1 / rank of the first relevant hit (0 when none is in the top ${k})`,
    "each averaged over the queries",
    "hybrid = keyword and vector scores merged, keyword = full-text search only, vector = embedding similarity only",
    "decay = dated notes lose score with age, no-decay = they do not.",
  ].join("; ");
}

function missLines(entry: MemoryEvalQueryEntry, minScore: number): string[] {
  const lines = [
    `  line ${entry.line} ${JSON.stringify(entry.query)}: recall ${figure(entry.recall)}, missed ${entry.missed.join(", ")}`,
  ];
  if (entry.hits.length === 0) return [...lines, `    no hits at or above min score ${minScore}`];
  for (const hit of entry.hits) {
    const mark = hit.relevant ? " [relevant]" : "";
    lines.push(`    ${hit.rank}. ${hit.score.toFixed(4)} ${hit.citation}${mark}  ${hit.snippet}`);
  }
  return lines;
}

function bestLines(report: MemoryEvalReport): string[] {
  const best = report.variants.find((variant) => variant.id === report.best);
  if (best === undefined || best.status !== "ran") return ["No variant could run."];
  const { recallAtK, precisionAtK, mrr } = best.figures;
  const k = report.k;
  const lines = [
    `Best: ${best.id} (recall@${k} ${figure(recallAtK)}, precision@${k} ${figure(precisionAtK)}, MRR ${figure(mrr)})`,
  ];
  const misses = best.queries.filter((entry) => entry.recall < 1);
  if (misses.length === 0) return [...lines, `Every query's labels were found in its top ${k}.`];
  lines.push(`Not fully recalled by ${best.id} (${misses.length} of ${best.queries.length}), with their top hits:`);
  for (const entry of misses.slice(0, LISTED_MISSES)) lines.push(...missLines(entry, report.minScore));
  if (misses.length > LISTED_MISSES) lines.push(`  … and ${misses.length - LISTED_MISSES} more (see --json)`);
  return lines;
}

function minRecallLine(report: MemoryEvalReport): string[] {
  const check = report.minRecall;
  if (check === null) return [];
  if (check.recallAtK === null) return [`Min recall ${check.threshold}: failed, ${check.variant} did not run.`];
  const comparison = check.passed ? "≥" : "<";
  const verdict = check.passed ? "passed" : "failed";
  return [
    `Min recall ${check.threshold}: ${verdict}, ${check.variant} recall@${report.k} ${figure(check.recallAtK)} ${comparison} ${check.threshold}.`,
  ];
}

/**
 * The readable report of `claw-eval memory --eval`: what was evaluated and how, a table of
 * recall@k, precision@k and MRR per variant (with English and Chinese rows when both occur), a
 * legend, the best variant's not fully recalled queries with their top hits, and the
 * `--min-recall` verdict. Pure; no colour.
 */
export function formatMemoryEvalTable(report: MemoryEvalReport): string {
  return [
    ...header(report),
    figuresTable(report),
    legend(report.k),
    ...bestLines(report),
    ...minRecallLine(report),
  ].join("\n");
}
