import type { Approval, ExecApprover } from "../domain/index.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A whole-command glob: `*` matches any run of characters (spaces and `/` included); the rest is literal. */
function compileCommandGlob(glob: string): RegExp {
  return new RegExp(`^${glob.split("*").map(escapeRegExp).join(".*")}$`, "s");
}

/**
 * The exec approver of one scenario turn (spec/loop.md §8.2 step 6, scenario `approvals`): the
 * first rule whose `match` glob covers the whole command decides, `allow` ⇒ `allow-once` and
 * `deny` ⇒ `deny`; a command no rule matches gets no answer (`undefined`, so `askFallback`
 * applies). No rules at all ⇒ no approver. Answers at once; pure.
 */
export function createScenarioApprover(approvals: readonly Approval[]): ExecApprover | undefined {
  if (approvals.length === 0) return undefined;
  const rules = approvals.map((approval) => ({
    pattern: compileCommandGlob(approval.match),
    decision: approval.decision,
  }));
  return async (request) => {
    const rule = rules.find((candidate) => candidate.pattern.test(request.command));
    if (rule === undefined) return undefined;
    return rule.decision === "allow" ? "allow-once" : "deny";
  };
}

/** `{ approver }` for a tool context or the loop's `services`, or `{}` when the turn has no rules. */
export function scenarioApproverService(approvals: readonly Approval[]): { approver?: ExecApprover } {
  const approver = createScenarioApprover(approvals);
  return approver === undefined ? {} : { approver };
}
