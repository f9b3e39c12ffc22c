import { describe, expect, it } from "vitest";
import type { AgentEvent, AgentEventOf, CompactionAudit, ExpectationOf } from "../../src/domain/index.js";
import { located, TEST_LOCATION } from "../support/build-turn.js";
import { checkOne } from "./check-one.js";

const base = { runId: "run-1", sessionKey: "agent:main:main" };

function end(overrides: Partial<AgentEventOf<"compaction_end">> = {}): AgentEvent {
  return {
    ...base,
    type: "compaction_end",
    trigger: "threshold",
    ok: true,
    compacted: true,
    tokensBefore: 180_500,
    tokensAfter: 20_600,
    ...overrides,
  };
}

/** The spec's worked examples (context.md §8.1, §8.2): 6 of 7 identifiers kept, 180 500 → 20 600 tokens. */
function audit(overrides: Partial<CompactionAudit> = {}): AgentEvent {
  return {
    ...base,
    type: "compaction_audit",
    trigger: "threshold",
    identifiersBefore: 7,
    identifiersKept: 6,
    lost: [{ kind: "number-unit", text: "30 s", normalised: "30s" }],
    preservationRate: 6 / 7,
    tokensBefore: 180_500,
    tokensAfter: 20_600,
    summaryTokens: 500,
    keptTailTokens: 20_100,
    reductionRatio: 1 - 20_600 / 180_500,
    structure: {
      headings: true,
      summaryWithinCap: true,
      fileOpsWithinCap: true,
      latestAskReflected: true,
      withinTimeout: true,
    },
    durationMs: 1200,
    ...overrides,
  };
}

type Options = Omit<ExpectationOf<"compaction">, "type" | "location">;

function check(options: Options, events: AgentEvent[]) {
  return checkOne(located({ type: "compaction", ...options }), { result: { events } });
}

const written = [end(), audit()];

describe("compaction", () => {
  it("passes when a compaction was written, describing it", async () => {
    expect(await check({ triggered: true }, written)).toEqual({
      type: "compaction",
      pass: true,
      message: "compaction: threshold: written, 180500 → 20600 tokens",
      expected: "a compaction",
      actual: "threshold: written, 180500 → 20600 tokens",
      location: TEST_LOCATION,
    });
  });

  it("fails when none ran, and names a failed or cancelled one", async () => {
    expect(await check({ triggered: true }, [])).toMatchObject({
      pass: false,
      message: "expected a compaction, but no compaction ran",
    });
    const failed = await check({ triggered: true }, [
      end({ ok: false, compacted: false, reason: "Compaction timed out", tokensAfter: undefined }),
      end({ trigger: "manual", compacted: false, reason: "no real conversation", tokensAfter: undefined }),
    ]);
    expect(failed.message).toBe(
      "expected a compaction, but no compaction was written (threshold: failed (Compaction timed out); manual: not compacted (no real conversation))",
    );
  });

  it("triggered: false passes with no written compaction and fails with one", async () => {
    expect((await check({ triggered: false }, [end({ compacted: false, reason: "no-op" })])).pass).toBe(true);
    expect(await check({ triggered: false }, written)).toMatchObject({
      pass: false,
      message: "expected no compaction, but 1 compaction written",
      expected: "no compaction",
    });
    expect((await check({ triggered: false, trigger: "overflow" }, written)).pass).toBe(true);
  });

  it("counts only compactions of the expected trigger", async () => {
    const overflow = [end({ trigger: "overflow" }), audit({ trigger: "overflow" })];
    expect(await check({ triggered: true, trigger: "threshold" }, overflow)).toMatchObject({
      pass: false,
      message:
        "expected a compaction (trigger threshold), but no compaction was written (overflow: written, 180500 → 20600 tokens)",
    });
    expect((await check({ triggered: true, trigger: "overflow" }, overflow)).pass).toBe(true);
  });

  it("checks the identifier preservation rate and lists lost identifiers by class", async () => {
    expect(await check({ triggered: true, identifiersPreserved: 0.9 }, written)).toMatchObject({
      pass: false,
      message:
        'expected a compaction with identifiers preserved ≥ 0.9, but the compaction kept 6/7 identifiers (0.857 < 0.9), lost number-unit: "30 s"',
    });
    expect((await check({ triggered: true, identifiersPreserved: 0.85 }, written)).pass).toBe(true);
    const none = [end(), audit({ identifiersBefore: 0, identifiersKept: 0, lost: [], preservationRate: null })];
    expect((await check({ triggered: true, identifiersPreserved: 1 }, none)).pass).toBe(true);
  });

  it("checks tokens after and the reduction ratio (1 − 20600 / 180500 = 0.886)", async () => {
    expect((await check({ triggered: true, tokensAfterMax: 20_000 }, written)).message).toBe(
      "expected a compaction with tokens after ≤ 20000, but the compaction left 20600 tokens (> 20000)",
    );
    expect((await check({ triggered: true, tokensAfterMax: 20_600 }, written)).pass).toBe(true);
    expect((await check({ triggered: true, reduction: { min: 0.9 } }, written)).message).toBe(
      "expected a compaction with reduction ≥ 0.9, but the compaction reduced by 0.886 (< 0.9)",
    );
    expect((await check({ triggered: true, reduction: { min: 0.8, max: 0.95 } }, written)).pass).toBe(true);
    expect((await check({ triggered: true, reduction: { max: 0.5 } }, written)).pass).toBe(false);
  });

  it("checks the structural checks pass, or that one fails", async () => {
    const structure = {
      headings: false,
      summaryWithinCap: true,
      fileOpsWithinCap: true,
      latestAskReflected: false,
      withinTimeout: true,
    };
    const broken = [end(), audit({ structure })];
    expect((await check({ triggered: true, structure: true }, broken)).message).toBe(
      "expected a compaction with every structural check passing, but the compaction failed structural checks: headings, latestAskReflected",
    );
    expect((await check({ triggered: true, structure: false }, broken)).pass).toBe(true);
    expect((await check({ triggered: true, structure: true }, written)).pass).toBe(true);
    expect((await check({ triggered: true, structure: false }, written)).message).toBe(
      "expected a compaction with a structural check failing, but every structural check passed",
    );
  });

  it("labels each of several compactions and fails measures without audit events", async () => {
    const two = [end(), audit(), end({ tokensAfter: 30_000 }), audit({ tokensAfter: 30_000 })];
    expect((await check({ triggered: true, tokensAfterMax: 25_000 }, two)).message).toBe(
      "expected a compaction with tokens after ≤ 25000, but compaction 2 left 30000 tokens (> 25000)",
    );
    expect((await check({ triggered: true, identifiersPreserved: 0.5 }, [end()])).message).toBe(
      "expected a compaction with identifiers preserved ≥ 0.5, but 1 compaction written, 0 audited (compaction_audit events)",
    );
  });
});
