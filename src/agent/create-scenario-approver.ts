import type { Approval, ExecApprover } from "../domain/index.js";
import { compileStarGlob } from "../platform/compile-star-glob.js";

/** A whole-command glob on the linear-time engine; one that cannot compile matches nothing. */
function compileCommandGlob(glob: string): (command: string) => boolean {
  const compiled = compileStarGlob({ glob });
  if (!compiled.ok) return () => false;
  const { regex } = compiled;
  // A command longer than the pattern may search gets no answer from this rule.
  return (command) => command.length <= regex.searchBudgetChars && regex.test(command);
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
    matches: compileCommandGlob(approval.match),
    decision: approval.decision,
  }));
  return async (request) => {
    const rule = rules.find((candidate) => candidate.matches(request.command));
    if (rule === undefined) return undefined;
    return rule.decision === "allow" ? "allow-once" : "deny";
  };
}

/** `{ approver }` for a tool context or the loop's `services`, or `{}` when the turn has no rules. */
export function scenarioApproverService(approvals: readonly Approval[]): { approver?: ExecApprover } {
  const approver = createScenarioApprover(approvals);
  return approver === undefined ? {} : { approver };
}
