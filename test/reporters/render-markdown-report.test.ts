import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/domain/index.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

const usage = { inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 };

describe("renderMarkdownReport", () => {
  it("renders the headline, model table, failures, flaky units, diagnostics and obsolete golden files", () => {
    const diagnostic: Diagnostic = {
      file: "scenarios/bad.yaml",
      line: 4,
      column: 3,
      path: "turns[0].expect[0]",
      expected: "an expectation type",
      found: "reply-contain",
      suggestion: "reply-contains",
      severity: "error",
    };
    const result = buildRunResult(
      [
        buildUnitResult({ scenarioId: "api", repeat: 0 }),
        buildUnitResult({ scenarioId: "api", repeat: 1, status: "failed" }),
        buildUnitResult({ scenarioId: "beat", status: "errored" }),
      ],
      { diagnostics: [diagnostic], obsoleteGolden: ["golden/old.md"] },
    );
    expect(renderMarkdownReport(result)).toBe(`# claw-eval: failed

**1 passed, 1 failed, 1 errored** of 3 units. Run \`run-1\` completed in 3.6 s, cost $0.00.

## Models

| Model | Passed | Failed | Errored | Total | Pass rate | Cost |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
| scripted | 1 | 1 | 1 | 3 | 33.3% | $0.00 |

## Failures

### \`api@scripted#r1\` failed

File \`scenarios/api.yaml\`

**reply-contains** (turn 1, \`scenarios/api.yaml:12:9\`): reply does not contain GraphQL

Expected:

\`\`\`
GraphQL
\`\`\`

Actual:

\`\`\`
We chose REST.
\`\`\`

### \`beat@scripted#r0\` errored

File \`scenarios/beat.yaml\`

Error:

\`\`\`
model call failed: 500 server error
\`\`\`

## Flaky units

- \`api\` on \`scripted\`: 1/2 repeats passed

## Input diagnostics

\`\`\`
error: scenarios/bad.yaml:4:3: turns[0].expect[0]: expected an expectation type, found reply-contain (did you mean reply-contains?)
\`\`\`

## Obsolete golden files

- \`golden/old.md\`
`);
  });

  it("shows an unknown cost as unknown, never $0", () => {
    const result = buildRunResult([buildUnitResult({ model: "openai:mystery" }, { usage, costUsd: null })], {
      options: { paths: [], models: ["openai:mystery"], concurrency: 1, bail: false },
    });
    const markdown = renderMarkdownReport(result);
    expect(markdown).toContain("# claw-eval: passed\n");
    expect(markdown).toContain("cost unknown.");
    expect(markdown).toContain("| openai:mystery | 1 | 0 | 0 | 1 | 100.0% | unknown |");
    expect(markdown).not.toContain("$0");
  });

  it("escapes pipes in table cells and fences values holding backticks", () => {
    const failed = buildExpectationResult({
      pass: false,
      message: "mismatch",
      expected: "```js\nx\n```",
      actual: "a|b",
    });
    const unit = buildUnitResult(
      { model: "local|model", status: "failed" },
      { turns: [buildTurnResult({ expectations: [failed] })] },
    );
    const markdown = renderMarkdownReport(buildRunResult([unit]));
    expect(markdown).toContain("| local\\|model | 0 | 1 | 0 | 1 | 0.0% | $0.00 |");
    expect(markdown).toContain("Expected:\n\n````\n```js\nx\n```\n````\n");
  });

  it("truncates long values", () => {
    const failed = buildExpectationResult({ pass: false, message: "too long", actual: "x".repeat(5000) });
    const unit = buildUnitResult({ status: "failed" }, { turns: [buildTurnResult({ expectations: [failed] })] });
    const markdown = renderMarkdownReport(buildRunResult([unit]));
    expect(markdown).toContain(`${"x".repeat(2000)}\n… (3000 more chars)\n\`\`\``);
    expect(markdown.length).toBeLessThan(3000);
  });
});
