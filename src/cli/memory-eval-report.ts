import type { RetrievalSearch } from "../memory/build-retrieval-variants.js";
import type { RetrievalFigures } from "../memory/measure-retrieval.js";
import type { LanguageFigures, QueryLanguage } from "../memory/split-by-language.js";

/** One of a query's top k hits. `score` is the final score, 0–1. */
export interface MemoryEvalReportHit {
  /** 1-based. */
  rank: number;
  /** `path#La-Lb` (or `path#La` for one line), as the memory tools cite it. */
  citation: string;
  score: number;
  /** Whether the hit falls on one of the query's labels. */
  relevant: boolean;
  /** The start of the snippet on one line (≤ 60 code points). */
  snippet: string;
}

/** One labelled query under one variant. Figures are 0–1. */
export interface MemoryEvalQueryEntry {
  /** 1-based line of the queries file. */
  line: number;
  query: string;
  language: QueryLanguage;
  relevant: string[];
  recall: number;
  precision: number;
  reciprocalRank: number;
  firstRelevantRank: number | null;
  /** The labels no top-k hit fell on. */
  missed: string[];
  hits: MemoryEvalReportHit[];
}

interface VariantHead {
  /** `<search>-decay` or `<search>-no-decay`. */
  id: string;
  search: RetrievalSearch;
  decay: boolean;
  /** Whether this variant searches as the agent is configured to. */
  configured: boolean;
}

/** A variant's result: its figures and queries, or why it was skipped. */
export type MemoryEvalVariantEntry =
  | (VariantHead & {
      status: "ran";
      mode: "hybrid" | "fts-only";
      provider: string;
      model: string;
      figures: RetrievalFigures;
      /** Languages without queries are left out. */
      byLanguage: Partial<Record<QueryLanguage, LanguageFigures>>;
      queries: MemoryEvalQueryEntry[];
    })
  | (VariantHead & { status: "skipped"; reason: string });

/** The JSON document of `claw-eval memory --eval --json` (a contract: other tools read it). */
export interface MemoryEvalReport {
  /** Absolute workspace folder. */
  workspace: string;
  /** Absolute path of the labelled-queries file. */
  queriesFile: string;
  agent: string;
  /** ISO 8601 time the notes' ages were measured from (one moment for every variant). */
  asOf: string;
  k: number;
  kFrom: "config" | "--k";
  minScore: number;
  minScoreFrom: "config" | "--min-score";
  /** Number of labelled queries, and per language. */
  queries: number;
  languages: Partial<Record<QueryLanguage, number>>;
  /** Id of the variant that searches as configured. */
  configured: string;
  /** Id of the variant with the best recall@k (then MRR, then precision@k); `null` when none ran. */
  best: string | null;
  /** The `--min-recall` check of the configured variant, or `null` without the flag. */
  minRecall: { threshold: number; variant: string; recallAtK: number | null; passed: boolean } | null;
  variants: MemoryEvalVariantEntry[];
}
