import type {
  AgentEvent,
  CompactionAudit,
  Identifier,
  IdentifierClass,
  PruneMechanism,
  TurnResult,
  UnitResult,
} from "../../src/domain/index.js";
import { buildTurnResult, buildUnitResult, type UnitSpec } from "../support/build-results.js";

const BASE = { runId: "run-1", sessionKey: "agent:main:scenario" };

export const PASSING_STRUCTURE: CompactionAudit["structure"] = {
  headings: true,
  summaryWithinCap: true,
  fileOpsWithinCap: true,
  latestAskReflected: true,
  withinTimeout: true,
};

export function lostIdentifier(kind: IdentifierClass, text: string): Identifier {
  return { kind, text, normalised: text };
}

/**
 * An audit keeping `kept` of `before` identifiers (rate `null` when `before` is 0), 10 000 → 2 000
 * tokens (reduction 0.8) unless overridden. `lost` defaults to `before − kept` quoted identifiers.
 */
export function buildAudit(
  counts: { before: number; kept: number },
  overrides: Partial<CompactionAudit> = {},
): CompactionAudit {
  const missing = counts.before - counts.kept;
  return {
    trigger: "threshold",
    identifiersBefore: counts.before,
    identifiersKept: counts.kept,
    lost: Array.from({ length: missing }, (_, index) => lostIdentifier("quoted", `lost-${index + 1}`)),
    preservationRate: counts.before === 0 ? null : counts.kept / counts.before,
    tokensBefore: 10_000,
    tokensAfter: 2_000,
    summaryTokens: 500,
    keptTailTokens: 1_500,
    reductionRatio: 0.8,
    structure: PASSING_STRUCTURE,
    durationMs: 40,
    ...overrides,
  };
}

export function auditEvent(audit: CompactionAudit): AgentEvent {
  return { ...BASE, type: "compaction_audit", ...audit };
}

export function prunedEvent(mechanism: PruneMechanism, toolCallIds: string[]): AgentEvent {
  return { ...BASE, type: "context_pruned", mechanism, toolCallIds };
}

/** A turn carrying `compaction_audit` events for `audits` (and any `extra` events after them). */
export function compactedTurn(
  audits: readonly CompactionAudit[],
  overrides: Partial<TurnResult> = {},
  extra: AgentEvent[] = [],
): TurnResult {
  return buildTurnResult({ events: [...audits.map(auditEvent), ...extra], ...overrides });
}

/** A passed one-turn unit whose turn wrote `audits` (none: a unit that did not compact). */
export function compactedUnit(spec: UnitSpec, audits: readonly CompactionAudit[]): UnitResult {
  return buildUnitResult(spec, { turns: [compactedTurn(audits)] });
}
