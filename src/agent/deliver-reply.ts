import type { EventSink } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";

/** The synthetic channel scenarios run on; its owner is the only recipient (DESIGN.md). */
export const SCENARIO_CHANNEL = "scenario";

/** The recipient of every reply on the synthetic `scenario` channel (DESIGN.md). */
export const SCENARIO_RECIPIENT = "owner";

export interface DeliverReplyOptions {
  /** The payload the delivery rules decided to send. */
  text: string;
  hooks?: RunHooks;
  emit: EventSink;
  base: { runId: string; sessionKey: string };
  /** `message`: the `message` tool sends it (recorded on the `delivery` events). */
  via?: "message";
}

/**
 * Sends one payload (spec/loop.md §2.1 step 11): hook `message_sending` may rewrite the content
 * or cancel (`delivery {status: "skipped", reason: "hook-cancel"}`, no `message_sent`); else
 * `delivery {status: "sent"}` then hook `message_sent`. Resolves the delivered text or `null`.
 */
export async function deliverReply(options: DeliverReplyOptions): Promise<string | null> {
  const { hooks, emit } = options;
  const base = options.via === undefined ? options.base : { ...options.base, via: options.via };
  const sending = await hooks?.modify("message_sending", { to: SCENARIO_RECIPIENT, content: options.text });
  if (sending?.cancel === true) {
    emit({ ...base, type: "delivery", status: "skipped", reason: "hook-cancel" });
    return null;
  }
  const content = sending?.content ?? options.text;
  emit({ ...base, type: "delivery", status: "sent", text: content });
  await hooks?.fire("message_sent", { to: SCENARIO_RECIPIENT, content, success: true });
  return content;
}
