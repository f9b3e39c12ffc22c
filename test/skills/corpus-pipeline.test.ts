import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestRuntime } from "../../src/platform/create-test-runtime.js";
import { loadSkillsFunnel } from "../../src/skills/load-skills-funnel.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SAMPLE = join(ROOT, "fixtures/skills/corpus");

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of [...values].sort()) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/**
 * Runs every source folder of a corpus as an extra skills root through the whole funnel, on a
 * fixed runtime (empty PATH, platform linux, no env), with every limit raised so nothing is
 * cut by a limit, and summarises the outcome.
 */
async function runCorpus(corpusDir: string) {
  const sources = readdirSync(corpusDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "templates")
    .map((entry) => join(corpusDir, entry.name))
    .sort();
  const runtime = createTestRuntime();
  const funnel = await loadSkillsFunnel({
    workspaceDir: runtime.root,
    runtime,
    config: {
      skills: {
        load: { extraDirs: sources },
        // The char budget is measured on absolute paths (spec/skills.md §9.1), so it would tie
        // the outcome to where the checkout lives: budget cuts have their own property tests.
        limits: {
          maxCandidatesPerRoot: 100_000,
          maxSkillsLoadedPerSource: 100_000,
          maxSkillsInPrompt: 100_000,
          maxSkillsPromptChars: 100_000_000,
        },
      },
    },
  });
  const { report } = funnel;
  return {
    loaded: report.sources.reduce((sum, source) => sum + source.loaded, 0),
    skipped: countBy(report.sources.flatMap((source) => source.skipped.map((skip) => skip.reason))),
    discovered: report.discovered.length,
    excluded: countBy(report.excluded.map((entry) => entry.reason)),
    eligible: report.eligible.length,
    included: report.included.length,
    dropped: countBy(report.dropped.map((entry) => entry.reason)),
    truncated: report.truncated,
    diagnostics: countBy(
      funnel.discovered.diagnostics.map((diagnostic) => (diagnostic as { code?: string }).code ?? diagnostic.expected),
    ),
  };
}

describe("skills pipeline over real corpora", () => {
  it("pins the outcome of the checked-in sample (fixtures/skills/corpus)", async () => {
    expect(await runCorpus(SAMPLE)).toEqual({
      loaded: 297,
      skipped: { "invalid-frontmatter": 33, "missing-description": 24, shadowed: 12 },
      discovered: 285,
      excluded: { "missing-bins": 10 },
      eligible: 275,
      included: 275,
      dropped: {},
      truncated: false,
      diagnostics: { "invalid-frontmatter": 33, "missing-description": 24, "name-format": 10, "name-mismatch": 192 },
    });
  });
});
