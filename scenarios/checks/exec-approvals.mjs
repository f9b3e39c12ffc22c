/**
 * Checks the turn's `exec_approval` events: `options.requested` approvals were requested (default
 * 0), each was decided exactly once, and the decisions, in order, equal `options.decisions`
 * (default: none) — e.g. `{ requested: 1, decisions: [allow-once] }`.
 */
export default function execApprovals(ctx) {
  const { requested = 0, decisions = [] } = ctx.options ?? {};
  const events = ctx.events.filter((event) => event.type === "exec_approval");
  const asked = events.filter((event) => event.phase === "requested").map((event) => event.approvalId);
  const decided = events.filter((event) => event.phase === "decided");
  const seen = decided.map((event) => event.decision);
  const summary = `${asked.length} requested, decided: [${seen.join(", ")}]`;
  const expected = `${requested} requested, decided: [${decisions.join(", ")}]`;
  const sameIds = asked.length === decided.length && decided.every((event, index) => event.approvalId === asked[index]);
  const pass = asked.length === requested && sameIds && JSON.stringify(seen) === JSON.stringify(decisions);
  return { pass, message: summary, expected, actual: summary };
}
