import { describe, expect, it } from "vitest";
import { type AuditCompactionOptions, auditCompaction } from "../../src/context/audit-compaction.js";
import type { Message } from "../../src/domain/index.js";

const HEADINGS = [
  "## Decisions",
  "## Open TODOs",
  "## Constraints/Rules",
  "## Pending user asks",
  "## Exact identifiers",
];

/** A safeguard summary with the five headings, `body` under the last one, padded to `length` chars. */
function safeguardSummary(body: string, length?: number): string {
  const text = `${HEADINGS.join("\nNone.\n\n")}\n${body}`;
  return length === undefined ? text : text.padEnd(length, " ");
}

function options(overrides: Partial<AuditCompactionOptions>): AuditCompactionOptions {
  return {
    trigger: "threshold",
    removed: [],
    summary: safeguardSummary(""),
    keptMessages: [],
    tokensBefore: 1000,
    mode: "safeguard",
    durationMs: 1200,
    timeoutSeconds: 300,
    fileOpsChars: 0,
    ...overrides,
  };
}

/** The §8.1 worked example spread over a user message, a tool call, a tool result and fenced code. */
const REMOVED: Message[] = [
  { role: "user", content: "Deploy 3f9a2c1 to https://api.example.com/v2/orders?id=42." },
  {
    role: "assistant",
    stopReason: "tool_use",
    content: [
      { type: "text", text: "Reading the config." },
      { type: "tool_call", id: "c1", name: "read", input: { path: "config/prod.yaml" } },
    ],
  },
  {
    role: "tool_result",
    toolCallId: "c1",
    toolName: "read",
    isError: false,
    content: [{ type: "text", text: "```yaml\nrun: 550e8400-e29b-41d4-a716-446655440000\ntimeout: 30 s\n```" }],
    details: { diff: "/never/counted.txt", sha: "abcdef1234" },
  },
  {
    role: "assistant",
    stopReason: "end_turn",
    content: [{ type: "text", text: 'Using strategy "blue-green"; stock 3斤.' }],
  },
];

describe("auditCompaction (context.md §8)", () => {
  it("rates identifier preservation over removed text, never over details (§8.1 example: 6/7)", () => {
    const summary = safeguardSummary(
      "- 3F9A2C1 to https://api.example.com/v2/orders?id=42\n- config/prod.yaml\n- run 550e8400-e29b-41d4-a716-446655440000\n- blue-green, 3 斤",
    );
    const audit = auditCompaction(options({ removed: REMOVED, summary }));
    expect(audit.identifiersBefore).toBe(7);
    expect(audit.identifiersKept).toBe(6);
    expect(audit.lost).toEqual([{ kind: "number-unit", text: "30 s", normalised: "30s" }]);
    expect(audit.preservationRate).toBeCloseTo(0.857, 3);
  });

  it("computes the §8.2 example: before 180 500, summary 2 000 chars, tail 20 100 ⇒ 0.886", () => {
    const kept: Message[] = [
      { role: "user", content: "u".repeat(40_000) },
      { role: "assistant", stopReason: "end_turn", content: [{ type: "text", text: "a".repeat(40_400) }] },
    ];
    const audit = auditCompaction(
      options({ summary: safeguardSummary("", 2000), keptMessages: kept, tokensBefore: 180_500 }),
    );
    expect(audit).toMatchObject({
      tokensBefore: 180_500,
      tokensAfter: 20_600,
      summaryTokens: 500,
      keptTailTokens: 20_100,
    });
    expect(audit.reductionRatio).toBeCloseTo(0.886, 3);
    expect(audit.trigger).toBe("threshold");
    expect(audit.durationMs).toBe(1200);
  });

  it("reports n/a (null) with no identifiers and no tokens before", () => {
    const audit = auditCompaction(
      options({ removed: [{ role: "user", content: "hello there" }], tokensBefore: 0, trigger: "manual" }),
    );
    expect(audit).toMatchObject({ identifiersBefore: 0, identifiersKept: 0, lost: [], preservationRate: null });
    expect(audit.reductionRatio).toBeNull();
  });

  it("passes every structure check for a well-formed compaction", () => {
    const audit = auditCompaction(
      options({ latestAsk: "Deploy the orders service", summary: safeguardSummary("- deploy orders service") }),
    );
    expect(audit.structure).toEqual({
      headings: true,
      summaryWithinCap: true,
      fileOpsWithinCap: true,
      latestAskReflected: true,
      withinTimeout: true,
    });
  });

  it("requires the five headings as exact lines, in order, in safeguard mode only", () => {
    const swapped = safeguardSummary("").replace("## Decisions", "## Tmp").replace("## Open TODOs", "## Decisions");
    const withTodos = `${swapped}\n## Open TODOs`;
    expect(auditCompaction(options({ summary: withTodos })).structure.headings).toBe(false);
    const inline = safeguardSummary("").replace("## Exact identifiers", "See ## Exact identifiers");
    expect(auditCompaction(options({ summary: inline })).structure.headings).toBe(false);
    expect(auditCompaction(options({ summary: `  ${safeguardSummary("")}  ` })).structure.headings).toBe(true);
    expect(auditCompaction(options({ summary: "## Goal", mode: "default" })).structure.headings).toBe(true);
  });

  it("checks the caps at their limits: summary 16 000 chars, file ops 2 000 chars", () => {
    const atCap = auditCompaction(options({ summary: safeguardSummary("", 16_000), fileOpsChars: 2000 }));
    expect(atCap.structure).toMatchObject({ summaryWithinCap: true, fileOpsWithinCap: true });
    const over = auditCompaction(options({ summary: safeguardSummary("", 16_001), fileOpsChars: 2001 }));
    expect(over.structure).toMatchObject({ summaryWithinCap: false, fileOpsWithinCap: false });
  });

  it("checks the timeout in ms against seconds, inclusive", () => {
    expect(auditCompaction(options({ durationMs: 300_000 })).structure.withinTimeout).toBe(true);
    expect(auditCompaction(options({ durationMs: 300_001 })).structure.withinTimeout).toBe(false);
  });

  it("fails the latest-ask check when the summary drops the ask; passes with no ask", () => {
    const latestAsk = "Rotate the staging credentials and notify security";
    expect(auditCompaction(options({ latestAsk })).structure.latestAskReflected).toBe(false);
    expect(auditCompaction(options({ latestAsk: "   " })).structure.latestAskReflected).toBe(true);
  });
});
