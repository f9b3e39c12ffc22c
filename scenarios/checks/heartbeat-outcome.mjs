/**
 * Checks the turn's last `heartbeat` event: `options.status` must equal its status, and
 * `options.reason` / `options.wakeReason`, when given, its skip reason / wake reason.
 */
export default function heartbeatOutcome(ctx) {
  const { status, reason, wakeReason } = ctx.options ?? {};
  if (typeof status !== "string") return { pass: false, message: "options.status (a heartbeat status) is required" };
  const event = ctx.events.findLast((candidate) => candidate.type === "heartbeat");
  if (!event) return { pass: false, message: "no heartbeat event in this turn" };
  const wanted = {
    status,
    ...(reason === undefined ? {} : { reason }),
    ...(wakeReason === undefined ? {} : { wakeReason }),
  };
  const found = Object.fromEntries(Object.keys(wanted).map((key) => [key, event[key]]));
  const expected = JSON.stringify(wanted);
  const actual = JSON.stringify(found);
  if (expected !== actual)
    return { pass: false, message: `heartbeat ${actual}, expected ${expected}`, expected, actual };
  return { pass: true, message: `heartbeat ${actual}` };
}
