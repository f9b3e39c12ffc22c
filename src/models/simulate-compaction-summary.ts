import { type Identifier, type ModelRequest, SAFEGUARD_SUMMARY_HEADINGS } from "../domain/index.js";
import { createSummaryMatcher, extractIdentifiers } from "../platform/extract-identifiers.js";

const SUMMARY_HEADINGS = SAFEGUARD_SUMMARY_HEADINGS;

/** Chars of the latest user ask quoted under `## Pending user asks`. */
const MAX_ASK_CHARS = 300;

const PART_START = /(?:^|\n\n)\[(User|Assistant|Assistant thinking|Assistant tool calls|Tool result)\]: /g;

function taggedText(request: Pick<ModelRequest, "messages">, tag: string): string {
  const texts: string[] = [];
  for (const message of request.messages) {
    if (message.role !== "user") continue;
    const start = message.content.indexOf(`<${tag}>`);
    const end = message.content.lastIndexOf(`</${tag}>`);
    if (start !== -1 && end > start) texts.push(message.content.slice(start + tag.length + 2, end).trim());
  }
  return texts.join("\n\n");
}

/** The text inside `<conversation>…</conversation>` of the request's user messages, joined by a blank line. */
export function conversationOf(request: Pick<ModelRequest, "messages">): string {
  return taggedText(request, "conversation");
}

/** The text inside `<previous-summary>…</previous-summary>`; `""` when the request has none. */
export function previousSummaryOf(request: Pick<ModelRequest, "messages">): string {
  return taggedText(request, "previous-summary");
}

/** The serialised parts of a conversation (context.md §5.8) as `[label, text]`, in order. */
function partsOf(conversation: string): [label: string, text: string][] {
  const starts = [...conversation.matchAll(PART_START)];
  return starts.map((match, index) => {
    const textStart = match.index + match[0].length;
    const textEnd = starts[index + 1]?.index ?? conversation.length;
    return [match[1] ?? "", conversation.slice(textStart, textEnd)];
  });
}

/**
 * The latest ask as one bullet with its identifiers masked, so only the identifiers section
 * decides which identifiers the summary keeps; a generic line when masking cannot hide one.
 */
function askBullet(ask: string, identifiers: readonly Identifier[]): string {
  let line = ask.replace(/\s+/g, " ").trim();
  for (const identifier of extractIdentifiers(line)) line = line.replaceAll(identifier.text, "…");
  if (line.length > MAX_ASK_CHARS) line = `${line.slice(0, MAX_ASK_CHARS)}...`;
  const contains = createSummaryMatcher(line);
  if (identifiers.some(contains)) return "- The user's latest request (details omitted).";
  return `- ${line}`;
}

export interface SimulateCompactionSummaryOptions {
  /** The serialised conversation to summarise (see {@link conversationOf}). */
  conversation: string;
  /** The previous summary the request carries; its identifiers are candidates too. */
  previousSummary?: string;
  /** Probability, 0–1, that each identifier is kept. */
  keepIds: number;
  /** Draws in [0, 1); one per identifier, in the order found. */
  random: () => number;
}

/**
 * A summary in the safeguard shape (context.md §5.8): the five headings in order, a short body
 * under each (the latest user ask, identifiers masked, under `## Pending user asks`), and under
 * `## Exact identifiers` one line per identifier of the previous summary and the conversation (`extractIdentifiers`,
 * as written) that a draw below `keepIds` keeps; `None captured.` when none is kept. Pure.
 */
export function simulateCompactionSummary(options: SimulateCompactionSummaryOptions): string {
  const parts = partsOf(options.conversation);
  const asks = parts.filter(([label]) => label === "User").map(([, text]) => text);
  const latestAsk = asks[asks.length - 1];
  const previous = options.previousSummary ?? "";
  const identifiers = extractIdentifiers(
    previous === "" ? options.conversation : `${previous}\n\n${options.conversation}`,
  );
  const kept = identifiers.filter(() => options.random() < options.keepIds);
  const bodies: Record<(typeof SUMMARY_HEADINGS)[number], string> = {
    "## Decisions": `- Simulated summary of ${parts.length} conversation part${parts.length === 1 ? "" : "s"}.`,
    "## Open TODOs": "None.",
    "## Constraints/Rules": "None.",
    "## Pending user asks": latestAsk === undefined ? "None." : askBullet(latestAsk, identifiers),
    "## Exact identifiers":
      kept.length === 0 ? "None captured." : kept.map((identifier) => `- ${identifier.text}`).join("\n"),
  };
  return SUMMARY_HEADINGS.map((heading) => `${heading}\n${bodies[heading]}`).join("\n\n");
}
