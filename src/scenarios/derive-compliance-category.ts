import type { ComplianceCategory, Turn } from "../domain/index.js";

/** A normalised boolean expectation (`heartbeat-ack`, `delivered`, `reply-silent`) carries `value`. */
function expectsValue(turn: Turn, type: string, wanted: boolean): boolean {
  return turn.expect.some((expectation) => {
    if ((expectation.type as string) !== type) return false;
    return (expectation as { value?: unknown }).value === wanted;
  });
}

/**
 * The compliance category of a turn, from its expectations (DESIGN.md "Compliance categories"):
 * a heartbeat turn expecting `heartbeat-ack: true` is quiet, one expecting `delivered: true` is
 * alert; any turn expecting `reply-silent: true` is silent-expected, `reply-silent: false`
 * reply-expected. The first rule that applies wins; otherwise `undefined`.
 */
export function deriveComplianceCategory(turn: Turn): ComplianceCategory | undefined {
  if (turn.kind === "heartbeat" && expectsValue(turn, "heartbeat-ack", true)) return "quiet";
  if (turn.kind === "heartbeat" && expectsValue(turn, "delivered", true)) return "alert";
  if (expectsValue(turn, "reply-silent", true)) return "silent-expected";
  if (expectsValue(turn, "reply-silent", false)) return "reply-expected";
  return undefined;
}
