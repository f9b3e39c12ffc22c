import { describe, expect, it } from "vitest";
import { PROPERTY_SEED } from "../support/assert-property.js";
import { findStaleSources, formatStaleSources } from "../support/find-stale-sources.js";
import { PROJECT_ROOT } from "../support/run-cli.js";
import { formatFuzzReport } from "./format-fuzz-report.js";
import { KNOWN_DEFECT_CLASSES } from "./known-defect-classes.js";
import { runFuzzCampaign } from "./run-fuzz-campaign.js";

/** Inputs of the CI sample; `npm run fuzz` runs ten times as many. */
const SAMPLE_RUNS = 1000;

describe(`fuzzing: ${SAMPLE_RUNS} seeded inputs through the CLI in a worker and the built binary`, () => {
  it(
    "breaks the invariants (exit 3, stack traces, hangs, escapes, unnamed bad files) in exactly KNOWN_DEFECT_CLASSES",
    async () => {
      // A tenth of the inputs run the compiled binary: refuse a dist/ older than src/, as the e2e tests do.
      const stale = formatStaleSources(findStaleSources({ root: PROJECT_ROOT }));
      if (stale !== undefined) throw new Error(stale);
      const result = await runFuzzCampaign({ seed: PROPERTY_SEED, runs: SAMPLE_RUNS, cliEvery: 10 });
      const report = formatFuzzReport(result);
      console.info(report);
      const ran = result.tallies.reduce((total, tally) => total + tally.inputs + tally.skipped, 0);
      expect(ran).toBe(SAMPLE_RUNS);
      expect(result.tallies.every((tally) => tally.inputs > 0)).toBe(true);
      expect(result.strayEscapes).toEqual([]);
      expect(
        result.failingClasses,
        `seed ${result.seed}; the failing classes differ from KNOWN_DEFECT_CLASSES:\n${report}`,
      ).toEqual([...KNOWN_DEFECT_CLASSES].sort());
    },
    20 * 60_000,
  );
});
