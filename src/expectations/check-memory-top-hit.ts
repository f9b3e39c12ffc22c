import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatValues, quote } from "./format-value.js";
import {
  formatCitation,
  type MemoryHit,
  type MemorySearch,
  normaliseMemoryPath,
  readMemorySearches,
} from "./read-memory-searches.js";

type Expectation = ExpectationOf<"memory-top-hit">;

/** How many results a failure lists at least, beyond `rank`. */
const LISTED_RESULTS = 5;

function describeExpected(expectation: Expectation): string {
  const { path, lines, rank, query } = expectation;
  const target = lines === undefined ? path : formatCitation({ path, startLine: lines.start, endLine: lines.end });
  const where = rank === 1 ? "the top result" : `within the top ${rank} results`;
  const search = query === undefined ? "the first memory_search" : `memory_search ${quote(query)}`;
  return `${target} as ${where} of ${search}`;
}

function isHit(expectation: Expectation, hit: MemoryHit): boolean {
  if (normaliseMemoryPath(hit.path) !== normaliseMemoryPath(expectation.path)) return false;
  const { lines } = expectation;
  return lines === undefined || (hit.startLine <= lines.end && lines.start <= hit.endLine);
}

function formatScore(score: number): string {
  return Number.isNaN(score) ? "no score" : String(Number(score.toFixed(3)));
}

/** `1. memory/a.md#L3-L5 (0.82), 2. MEMORY.md#L10 (0.4)`, or `no results`. */
function describeHits(hits: readonly MemoryHit[], shown: number): string {
  if (hits.length === 0) return "no results";
  const listed = hits
    .slice(0, shown)
    .map((hit, index) => `${index + 1}. ${formatCitation(hit)} (${formatScore(hit.score)})`);
  const more = hits.length > shown ? `, … (${hits.length - shown} more)` : "";
  return `${listed.join(", ")}${more}`;
}

function findSearch(expectation: Expectation, searches: readonly MemorySearch[]): MemorySearch | string {
  if (searches.length === 0) return "no memory_search call in the turn";
  if (expectation.query === undefined) return searches[0] ?? "no memory_search call in the turn";
  const search = searches.find((candidate) => candidate.query === expectation.query);
  return search ?? `no memory_search call with that query (queries: ${formatValues(searches.map((s) => s.query))})`;
}

/**
 * `memory-top-hit`: picks the turn's first `memory_search` call, or the first whose `query`
 * argument equals `query`, and passes when one of its first `rank` results (default 1) is of
 * `path` (compared after dropping `./`) and, with `lines`, has a line range overlapping them.
 * An unavailable or unreadable search fails. The failure lists the top results with scores.
 */
export function checkMemoryTopHit(expectation: Expectation, context: ExpectationContext): ExpectationResult {
  const expected = describeExpected(expectation);
  const search = findSearch(expectation, readMemorySearches(context.toolCalls));
  const result = (pass: boolean, message: string, actual: string): ExpectationResult =>
    buildExpectationResult(expectation, { pass, message, expected, actual });
  if (typeof search === "string") return result(false, `expected ${expected}, but ${search}`, search);
  if (search.problem !== undefined) {
    const actual = `memory_search ${quote(search.query)}: ${search.problem}`;
    return result(false, `expected ${expected}, but ${actual}`, actual);
  }
  const listed = describeHits(search.hits, Math.max(expectation.rank, LISTED_RESULTS));
  const rank = search.hits.slice(0, expectation.rank).findIndex((hit) => isHit(expectation, hit)) + 1;
  if (rank > 0) return result(true, `memory-top-hit: ${expectation.path} at rank ${rank}`, listed);
  return result(false, `expected ${expected}, but the results were: ${listed}`, listed);
}
