import type { LabelledQueryLine } from "../memory/check-labelled-query.js";
import type { RetrievalFigures } from "../memory/measure-retrieval.js";
import { QUERY_LANGUAGES, type QueryLanguage, queryLanguage, splitByLanguage } from "../memory/split-by-language.js";
import type { MemoryEvalQueryEntry, MemoryEvalReport, MemoryEvalVariantEntry } from "./memory-eval-report.js";
import type { MemoryEvalOutcome, MemoryEvalRun } from "./run-memory-eval-variants.js";

export interface BuildMemoryEvalReportOptions {
  workspace: string;
  queriesFile: string;
  agent: string;
  /** ms since the epoch. */
  asOf: number;
  k: number;
  kFrom: MemoryEvalReport["kFrom"];
  minScore: number;
  minScoreFrom: MemoryEvalReport["minScoreFrom"];
  queries: readonly LabelledQueryLine[];
  run: MemoryEvalRun;
  /** `--min-recall`, 0–1. */
  minRecall?: number;
}

function variantEntry(outcome: MemoryEvalOutcome, options: BuildMemoryEvalReportOptions): MemoryEvalVariantEntry {
  const { id, search, decay } = outcome.variant;
  const head = { id, search, decay, configured: id === options.run.configured };
  if (outcome.status === "skipped") return { ...head, status: "skipped", reason: outcome.reason };
  const { measure, hits } = outcome;
  const queries = measure.perQuery.map((entry, index): MemoryEvalQueryEntry => {
    const labelled = options.queries[index]!;
    return {
      line: labelled.line,
      query: entry.query,
      language: queryLanguage(entry.query),
      relevant: [...labelled.relevant],
      recall: entry.recall,
      precision: entry.precision,
      reciprocalRank: entry.reciprocalRank,
      firstRelevantRank: entry.firstRelevantRank ?? null,
      missed: entry.missed,
      hits: (hits[index] ?? []).map((hit, position) => ({
        rank: position + 1,
        citation: hit.citation,
        score: hit.score,
        relevant: entry.relevantRanks.includes(position + 1),
        snippet: hit.snippet,
      })),
    };
  });
  const { recallAtK, precisionAtK, mrr } = measure;
  return {
    ...head,
    status: "ran",
    mode: outcome.mode,
    provider: outcome.provider,
    model: outcome.model,
    figures: { recallAtK, precisionAtK, mrr },
    byLanguage: splitByLanguage(measure.perQuery),
    queries,
  };
}

/** Higher recall@k first, then MRR, then precision@k; on a full tie the earlier variant stays. */
function better(a: RetrievalFigures, b: RetrievalFigures): boolean {
  if (a.recallAtK !== b.recallAtK) return a.recallAtK > b.recallAtK;
  if (a.mrr !== b.mrr) return a.mrr > b.mrr;
  return a.precisionAtK > b.precisionAtK;
}

/** Builds the evaluation report from the variants' outcomes. Pure. */
export function buildMemoryEvalReport(options: BuildMemoryEvalReportOptions): MemoryEvalReport {
  const variants = options.run.outcomes.map((outcome) => variantEntry(outcome, options));
  let best: (MemoryEvalVariantEntry & { status: "ran" }) | undefined;
  for (const variant of variants) {
    if (variant.status === "ran" && (best === undefined || better(variant.figures, best.figures))) best = variant;
  }
  const languages: Partial<Record<QueryLanguage, number>> = {};
  for (const language of QUERY_LANGUAGES) {
    const count = options.queries.filter((entry) => queryLanguage(entry.query) === language).length;
    if (count > 0) languages[language] = count;
  }
  const configured = variants.find((variant) => variant.configured);
  const recall = configured?.status === "ran" ? configured.figures.recallAtK : null;
  return {
    workspace: options.workspace,
    queriesFile: options.queriesFile,
    agent: options.agent,
    asOf: new Date(options.asOf).toISOString(),
    k: options.k,
    kFrom: options.kFrom,
    minScore: options.minScore,
    minScoreFrom: options.minScoreFrom,
    queries: options.queries.length,
    languages,
    configured: options.run.configured,
    best: best?.id ?? null,
    minRecall:
      options.minRecall === undefined
        ? null
        : {
            threshold: options.minRecall,
            variant: options.run.configured,
            recallAtK: recall,
            passed: recall !== null && recall >= options.minRecall,
          },
    variants,
  };
}
