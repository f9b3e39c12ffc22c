/** What the delivery rules decided for a run's final reply. */
export type DeliveryDecision = { status: "sent"; text: string } | { status: "skipped"; reason: string };

/**
 * Outbound normalisation of a reply (spec/loop.md §4.2). This foundation delivers every
 * non-blank reply; the reply-token rules (NO_REPLY, HEARTBEAT_OK) plug in here.
 */
export function decideDelivery(reply: string): DeliveryDecision {
  const text = reply.trim();
  if (text === "") return { status: "skipped", reason: "empty" };
  return { status: "sent", text };
}
