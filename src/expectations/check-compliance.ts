import { findSkipBeforeModel } from "../agent/find-skip-before-model.js";
import { isSilentReply } from "../agent/is-silent-reply.js";
import { HEARTBEAT_TOKEN } from "../agent/reply-tokens.js";
import { stripHeartbeatToken } from "../agent/strip-heartbeat-token.js";
import type { AgentEventOf, ExpectationOf, ExpectationResult } from "../domain/index.js";
import type { ExpectationContext } from "./expectation-context.js";
import { formatString, MAX_MESSAGE_VALUE_CHARS, MAX_VALUE_CHARS } from "./format-value.js";

type DeliveryEvent = AgentEventOf<"delivery">;

function deliveriesOf(context: ExpectationContext): DeliveryEvent[] {
  return context.result.events.filter((event): event is DeliveryEvent => event.type === "delivery");
}

/** Whether the reply is an acknowledgement by the runtime's own heartbeat stripping (spec/loop.md §5.4). */
export function isHeartbeatAck(reply: string): boolean {
  return stripHeartbeatToken(reply, { mode: "heartbeat" }).skip;
}

/** `sent "text"`, `skipped (reason)`, joined by `; `, or `no delivery event`. */
export function formatDeliveries(deliveries: readonly DeliveryEvent[]): string {
  if (deliveries.length === 0) return "no delivery event";
  return deliveries
    .map((event) =>
      event.status === "sent"
        ? `sent ${formatString(event.text ?? "", MAX_MESSAGE_VALUE_CHARS)}`
        : `skipped (${event.reason ?? "no reason"})`,
    )
    .join("; ");
}

function result(
  expectation: ExpectationOf<"heartbeat-ack" | "delivered" | "reply-silent">,
  context: ExpectationContext,
  observed: boolean,
  wording: { yes: string; no: string },
): ExpectationResult {
  const pass = observed === expectation.value;
  const reply = formatString(context.result.reply, MAX_MESSAGE_VALUE_CHARS);
  const delivery = formatDeliveries(deliveriesOf(context));
  const actual = `${observed} (reply ${formatString(context.result.reply, MAX_VALUE_CHARS)}; delivery: ${delivery})`;
  const message = pass
    ? `${expectation.type} ${expectation.value}`
    : `expected ${expectation.value ? wording.yes : wording.no}, but ${observed ? wording.yes : wording.no}: reply ${reply}, delivery: ${delivery}`;
  return {
    type: expectation.type,
    pass,
    message,
    expected: String(expectation.value),
    actual,
    location: expectation.location,
  };
}

/**
 * `heartbeat-ack`: the reply is an acknowledgement (the trimmed reply is `HEARTBEAT_OK` or
 * starts or ends with it) and nothing but the token was delivered: no `sent` delivery other
 * than a bare `HEARTBEAT_OK` (what the runtime sends for an ack under `showOk`, spec/loop.md
 * §5.5; the ack is still an ack, while `delivered: true` sees that delivery). A heartbeat the
 * runtime skipped before calling the model (quiet hours, requests in flight, an empty
 * `HEARTBEAT.md`) passes too: the user was left alone, and compliance rates leave it out.
 */
export function checkHeartbeatAck(
  expectation: ExpectationOf<"heartbeat-ack">,
  context: ExpectationContext,
): ExpectationResult {
  const deliveredOther = deliveriesOf(context).some(
    (event) => event.status === "sent" && (event.text ?? "").trim() !== HEARTBEAT_TOKEN,
  );
  const skip = findSkipBeforeModel(context.result.events);
  const observed = (skip !== undefined || isHeartbeatAck(context.result.reply)) && !deliveredOther;
  return result(expectation, context, observed, {
    yes: skip === undefined ? "a heartbeat acknowledgement" : `skipped before the model (${skip}): nothing delivered`,
    no: "not a heartbeat acknowledgement",
  });
}

/** `delivered`: a `delivery` event with status `sent` exists in the turn (`true`) or none does (`false`). */
export function checkDelivered(
  expectation: ExpectationOf<"delivered">,
  context: ExpectationContext,
): ExpectationResult {
  const observed = deliveriesOf(context).some((event) => event.status === "sent");
  return result(expectation, context, observed, { yes: "a delivery", no: "no delivery" });
}

/**
 * `reply-silent`: nothing was delivered because the reply was silent: a delivery was skipped
 * with reason `silent`, or the trimmed reply is exactly `NO_REPLY` and nothing else was sent.
 */
export function checkReplySilent(
  expectation: ExpectationOf<"reply-silent">,
  context: ExpectationContext,
): ExpectationResult {
  const deliveries = deliveriesOf(context);
  const skippedSilent = deliveries.some((event) => event.status === "skipped" && event.reason === "silent");
  const sentOther = deliveries.some((event) => event.status === "sent" && !isSilentReply(event.text ?? ""));
  const observed = skippedSilent || (isSilentReply(context.result.reply) && !sentOther);
  return result(expectation, context, observed, { yes: "a silent reply", no: "a non-silent reply" });
}
