import type { ExpectationOf, ExpectationResult } from "../domain/index.js";
import { findMemoryCitations } from "../memory/parse-memory-citations.js";
import { buildExpectationResult } from "./build-expectation-result.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatCitation, type MemoryHit, normaliseMemoryPath, readMemorySearches } from "./read-memory-searches.js";

type Expectation = ExpectationOf<"memory-cited">;

/** The citations in `reply`, in order, as line ranges of a path. */
export function findCitations(reply: string): MemoryHit[] {
  return findMemoryCitations(reply).map(({ path, startLine, endLine }) => ({
    path,
    startLine,
    endLine,
    score: Number.NaN,
  }));
}

function isWithin(citation: MemoryHit, hit: MemoryHit): boolean {
  return (
    normaliseMemoryPath(citation.path) === normaliseMemoryPath(hit.path) &&
    hit.startLine <= citation.startLine &&
    citation.endLine <= hit.endLine
  );
}

function describe(citations: readonly MemoryHit[], none: string): string {
  return citations.length === 0 ? none : [...new Set(citations.map(formatCitation))].join(", ");
}

/**
 * `memory-cited`: the final reply contains a citation `path#Lx` or `path#Lx-Ly` whose lines lie
 * within a result of a `memory_search` call of the same turn (same path, cited lines inside the
 * result's range); with `path`, such a citation of that file. Fails when the turn made no search.
 */
export function checkMemoryCited(expectation: Expectation, context: ExpectationContext): ExpectationResult {
  const searches = readMemorySearches(context.toolCalls);
  const returned = searches.flatMap((search) => search.hits);
  const wanted = expectation.path === undefined ? undefined : normaliseMemoryPath(expectation.path);
  const cited = findCitations(context.result.reply);
  const valid = cited.filter(
    (citation) =>
      (wanted === undefined || normaliseMemoryPath(citation.path) === wanted) &&
      returned.some((hit) => isWithin(citation, hit)),
  );
  const expected =
    wanted === undefined
      ? "a reply citing a memory_search result"
      : `a reply citing ${wanted} within a memory_search result`;
  const actual =
    searches.length === 0
      ? `reply cited: ${describe(cited, "nothing")}; no memory_search call in the turn`
      : `reply cited: ${describe(cited, "nothing")}; search returned: ${describe(returned, "no results")}`;
  const pass = valid.length > 0;
  const message = pass ? `memory-cited: ${describe(valid, "")}` : `expected ${expected}, but the ${actual}`;
  return buildExpectationResult(expectation, { pass, message, expected, actual });
}
