import { describe, expect, it } from "vitest";
import type { ExpectationResult, UnitResult } from "../../src/domain/index.js";
import { createConsoleReporter } from "../../src/reporters/console-reporter.js";
import { describeFailure, REPLY_REFERENCE } from "../../src/reporters/list-failures.js";
import { renderMarkdownReport } from "../../src/reporters/render-markdown-report.js";
import { buildExpectationResult, buildRunResult, buildTurnResult, buildUnitResult } from "../support/build-results.js";

const REPLY = "Sure, here is the long plan we discussed: step one, step two, and a surprise third step.";
const QUOTED = JSON.stringify(REPLY);

function failed(overrides: Partial<ExpectationResult>): ExpectationResult {
  return buildExpectationResult({ pass: false, ...overrides });
}

/** A failed unit whose turn fails three expectations that each quote the reply in `actual`. */
function unitQuotingReply(): UnitResult {
  const turn = buildTurnResult({
    reply: REPLY,
    expectations: [
      failed({
        type: "reply-contains",
        message: "reply does not contain GraphQL",
        expected: '"GraphQL"',
        actual: QUOTED,
      }),
      failed({ type: "reply-matches", message: "reply does not match /REST/", expected: "/REST/", actual: QUOTED }),
      failed({
        type: "reply-silent",
        message: "expected a silent reply, but a non-silent reply",
        expected: "true",
        actual: `false (reply ${QUOTED}; delivery: sent)`,
      }),
      failed({ type: "tool-called", message: "read was not called", expected: "read", actual: "[]" }),
    ],
  });
  return buildUnitResult({ status: "failed" }, { turns: [turn] });
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("a failed turn's reply is quoted once", () => {
  it("describeFailure lists the reply once and replaces it in each actual value", () => {
    const failure = describeFailure(unitQuotingReply());
    expect(failure.replies).toEqual([{ turnIndex: 0, reply: QUOTED }]);
    expect(failure.expectations.map((entry) => entry.actual)).toEqual([
      REPLY_REFERENCE,
      REPLY_REFERENCE,
      `false (reply ${REPLY_REFERENCE}; delivery: sent)`,
      "[]",
    ]);
  });

  it("keeps actual values as they are when none quotes the reply", () => {
    const unit = buildUnitResult({ status: "failed" });
    const failure = describeFailure(unit);
    expect(failure.replies).toEqual([]);
    expect(failure.expectations[0]?.actual).toBe("We chose REST.");
  });

  it("the console and summary.md print the reply once per failed turn", () => {
    const unit = unitQuotingReply();
    const chunks: string[] = [];
    const reporter = createConsoleReporter({ write: (text) => chunks.push(text), interactive: false, color: false });
    reporter.onRunEnd(buildRunResult([unit]));
    const console = chunks.join("");
    expect(count(console, REPLY)).toBe(1);
    expect(console).toContain(`  turn 1 reply: ${QUOTED}\n  turn 1 reply-contains:`);
    expect(console).toContain(`    actual: ${REPLY_REFERENCE}\n`);
    const markdown = renderMarkdownReport(buildRunResult([unit]));
    expect(count(markdown, REPLY)).toBe(1);
    expect(markdown).toContain(`Reply of turn 1:\n\n\`\`\`\n${QUOTED}\n\`\`\``);
  });
});
