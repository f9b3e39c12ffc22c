import { z } from "zod";
import { describeValue } from "./describe-value.js";
import { nonEmptyText } from "./schema-primitives.js";

/** Where a message comes from, as written under `from:` (scenario or turn level). */

const CONVERSATION_ID_LABEL = "a non-empty id without spaces or colons, e.g. family";

/** A channel or conversation id: one segment of a session key, so no `:` and no white space. */
const conversationId = () =>
  nonEmptyText(CONVERSATION_ID_LABEL).superRefine((value, context) => {
    if (value === "" || !/[:\s]/.test(value)) return;
    context.addIssue({ code: "custom", message: CONVERSATION_ID_LABEL, params: { found: describeValue(value) } });
  });

export const originSchema = z.strictObject(
  {
    chat: z
      .enum(["direct", "group", "channel"], { error: "direct, group or channel" })
      .optional()
      .describe("Kind of chat (default direct: the main session); group and channel need an id."),
    channel: conversationId()
      .optional()
      .describe("Channel the message comes through, e.g. whatsapp or telegram (default scenario)."),
    id: conversationId().optional().describe("Id of the group or channel chat; only for group and channel."),
    sender: nonEmptyText("a non-empty sender name").optional().describe("Who sent it (default owner)."),
    owner: z
      .boolean({ error: "true or false" })
      .optional()
      .describe("Whether the sender is the owner (default: true when the sender is owner)."),
  },
  { error: "a mapping with chat, channel, id, sender and owner" },
);

export const ORIGIN_KEYS = Object.keys(originSchema.shape);
