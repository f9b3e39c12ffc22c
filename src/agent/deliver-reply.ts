import type { EventSink, MessageOrigin } from "../domain/index.js";
import type { RunHooks } from "./create-run-hooks.js";

/** The synthetic channel scenarios run on; its owner is the only recipient (DESIGN.md). */
export const SCENARIO_CHANNEL = "scenario";

/** The recipient of every reply on the synthetic `scenario` channel (DESIGN.md). */
export const SCENARIO_RECIPIENT = "owner";

/**
 * Where a reply to a message from `origin` goes, as an address: `<channel>:group:<id>` or
 * `<channel>:channel:<id>` for a group or channel chat (the whole chat gets it), the sender
 * (`<channel>:<sender>`) for a direct chat. `undefined` for the owner's direct chat on the
 * scenario channel, whose recipient is {@link SCENARIO_RECIPIENT}.
 */
export function replyAddressOf(origin: MessageOrigin): string | undefined {
  const channel = origin.channel.trim().toLowerCase();
  if (origin.chat !== "direct") return `${channel}:${origin.chat}:${(origin.id ?? "").trim().toLowerCase()}`;
  if (channel === SCENARIO_CHANNEL && origin.owner && origin.sender === SCENARIO_RECIPIENT) return undefined;
  return `${channel}:${origin.sender.trim()}`;
}

export interface DeliverReplyOptions {
  /** The payload the delivery rules decided to send. */
  text: string;
  hooks?: RunHooks;
  emit: EventSink;
  base: { runId: string; sessionKey: string };
  /** `message`: the `message` tool sends it (recorded on the `delivery` events). */
  via?: "message";
  /** The address it goes to ({@link replyAddressOf}); default the owner, and the events name none. */
  to?: string;
}

/**
 * Sends one payload (spec/loop.md §2.1 step 11) to `to` (a group reply goes to the group): hook
 * `message_sending` may rewrite the content or cancel (`delivery {status: "skipped", reason:
 * "hook-cancel"}`, no `message_sent`); else `delivery {status: "sent"}` then hook
 * `message_sent`. Resolves the delivered text or `null`.
 */
export async function deliverReply(options: DeliverReplyOptions): Promise<string | null> {
  const { hooks, emit } = options;
  const base = {
    ...options.base,
    ...(options.via === undefined ? {} : { via: options.via }),
    ...(options.to === undefined ? {} : { to: options.to }),
  };
  const to = options.to ?? SCENARIO_RECIPIENT;
  const sending = await hooks?.modify("message_sending", { to, content: options.text });
  if (sending?.cancel === true) {
    emit({ ...base, type: "delivery", status: "skipped", reason: "hook-cancel" });
    return null;
  }
  const content = sending?.content ?? options.text;
  emit({ ...base, type: "delivery", status: "sent", text: content });
  await hooks?.fire("message_sent", { to, content, success: true });
  return content;
}
