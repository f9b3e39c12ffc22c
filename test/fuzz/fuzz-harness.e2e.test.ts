import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findStaleSources, formatStaleSources } from "../support/find-stale-sources.js";
import { PROJECT_ROOT } from "../support/run-cli.js";
import type { FuzzClass, ViolationKind } from "./fuzz-types.js";
import { runFuzzCampaign } from "./run-fuzz-campaign.js";
import { scenarioCase } from "./scenario-document.js";

/** A run whose hook module (trusted code, so it can misbehave on purpose) runs `source` at import. */
function control(name: string, source: string): FuzzClass {
  const fuzzCase = scenarioCase({
    label: name,
    document: { name, hooks: ["hooks/h.mjs"], turns: [{ user: "hi", script: [{ text: "hello" }] }] },
    files: [{ path: "suite/hooks/h.mjs", content: `${source}\nexport default function register() {}\n` }],
  });
  return { name: `control/${name}`, category: "hooks", arbitrary: fc.constant(fuzzCase) };
}

/** Escape targets of this test only, so a fuzz campaign running beside it does not see them. */
const ESCAPE_PREFIX = `claw-eval-fuzz-control-${process.pid}`;

/** Each control breaks one invariant in both transports; the kinds of violation each must show. */
const CONTROLS: readonly [FuzzClass, ViolationKind][] = [
  [
    control(
      "canary-write",
      'import { writeFileSync } from "node:fs";\nwriteFileSync(new URL("../../../../canary/pwned-control", import.meta.url), "x");',
    ),
    "escape",
  ],
  [
    control(
      "tmp-write",
      `import { writeFileSync } from "node:fs";\nwriteFileSync("/tmp/${ESCAPE_PREFIX}-pwned", "x");`,
    ),
    "escape",
  ],
  [control("stack-trace", 'console.error(new Error("control").stack);'), "stack-trace"],
  [control("busy-loop", "while (true) {}"), "hang"],
];

describe("the fuzz harness", () => {
  it("catches writes outside the input, stack traces and hangs, in the worker and in the binary", async () => {
    const stale = formatStaleSources(findStaleSources({ root: PROJECT_ROOT }));
    if (stale !== undefined) throw new Error(stale);
    const result = await runFuzzCampaign({
      seed: 1,
      runs: CONTROLS.length * 2,
      cliEvery: 2,
      deadlines: { inProcessMs: 8_000, cliMs: 15_000 },
      escapePrefix: ESCAPE_PREFIX,
      buildClasses: () => CONTROLS.map(([fuzzClass]) => fuzzClass),
    });
    const seen = result.failures.map((failure) => [
      failure.className,
      failure.transport,
      failure.violations.some(
        (violation) => violation.kind === CONTROLS.find(([fuzzClass]) => fuzzClass.name === failure.className)?.[1],
      ),
    ]);
    // A class that hung once is not run again (each hang costs a deadline): the busy loop runs in the worker only.
    const expected = CONTROLS.flatMap(([fuzzClass, kind]) => [
      [fuzzClass.name, "in-process", true],
      ...(kind === "hang" ? [] : [[fuzzClass.name, "cli", true]]),
    ]);
    expect(seen.sort()).toEqual(expected.sort());
    expect(result.tallies.find((tally) => tally.name === "control/busy-loop")?.skipped).toBe(1);
    expect(result.strayEscapes).toEqual([]);
  }, 300_000);
});
