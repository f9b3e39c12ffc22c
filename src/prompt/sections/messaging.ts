import { hasTool, toolDisplayName } from "../format-tool-list.js";
import { CHANNEL_IDS } from "../tool-catalog.js";
import { type BodyElement, FULL_ONLY, type PromptSection, type SectionContext } from "./prompt-section.js";

/** Channel ids listed when the caller gives no `deliverableChannels` (classic built-ins). */
export const DEFAULT_DELIVERABLE_CHANNELS = CHANNEL_IDS;

function inlineButtonsLine(context: SectionContext): string {
  if (context.capabilities.some((capability) => capability.toLowerCase() === "inlinebuttons")) {
    return "Inline buttons are available: use action=send with buttons=[[{text,callback_data,style?}]]; style is primary, success or danger.";
  }
  if (context.channel !== "") {
    return `Inline buttons are off for ${context.channel}; they can be enabled with ${context.channel}.capabilities.inlineButtons ("dm"|"group"|"all"|"allowlist").`;
  }
  return "";
}

function messageToolElements(context: SectionContext): BodyElement[] {
  if (!hasTool(context.tools, "message")) return [];
  const message = toolDisplayName(context.tools, "message");
  const channels =
    context.deliverableChannels.length > 0 ? context.deliverableChannels : [...DEFAULT_DELIVERABLE_CHANNELS];
  return [
    { subHeading: "### message tool" },
    `Use ${message} for proactive sends and for channel actions such as polls and reactions.`,
    "action=send needs to and message.",
    `With several channels configured, pass channel (${channels.join("|")}).`,
    `If the user-visible reply already went out through ${message} (action=send), your final reply is NO_REPLY and nothing else, so the user gets no duplicate.`,
    inlineButtonsLine(context),
    ...context.messageToolHints,
  ];
}

function render(context: SectionContext) {
  const { tools } = context;
  // [runtime] In a run's own prompt a bullet that names a tool appears only when the run offers it.
  const shows = (key: string) => !context.toolListComplete || hasTool(tools, key);
  const send = shows("sessions_send")
    ? [`- Cross-session messaging → use ${toolDisplayName(tools, "sessions_send")}(sessionKey, message)`]
    : [];
  const subagents = shows("subagents")
    ? [`- Sub-agent orchestration → use ${toolDisplayName(tools, "subagents")}(action=list|steer|kill)`]
    : [];
  const shell = shows("exec") ? `${toolDisplayName(tools, "exec")} or curl` : "curl";
  return {
    heading: "## Messaging",
    elements: [
      "- Reply in current session → automatically routes to the source channel",
      ...send,
      ...subagents,
      "- When a runtime-generated completion event calls for an update to the user, write it in your usual voice and send it; do not pass on internal metadata or fall back to NO_REPLY.",
      `- Never send provider messages through ${shell}; OpenClaw does the routing.`,
      ...messageToolElements(context),
    ],
  };
}

/** `## Messaging` with its `### message tool` part (spec/prompt.md §6.18): full mode. */
export const messagingSection: PromptSection = { modes: FULL_ONLY, render };
