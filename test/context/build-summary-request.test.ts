import { describe, expect, it } from "vitest";
import { buildSummaryRequest } from "../../src/context/build-summary-request.js";
import { type CompactionSettings, DEFAULT_COMPACTION_SETTINGS } from "../../src/context/compaction-settings.js";
import { serializeConversation } from "../../src/context/serialize-conversation.js";
import {
  DEFAULT_SUMMARY_HEADINGS,
  MERGE_RULE,
  SAFEGUARD_SUMMARY_HEADINGS,
  STRICT_IDENTIFIER_RULE,
  SUMMARY_SYSTEM_PROMPT,
  UPDATE_RULE,
} from "../../src/context/summary-instructions.js";
import { escapeHtml } from "../../src/platform/escape-html.js";
import { assistant, toolResult, user } from "./summarizer-fakes.js";

const settings = DEFAULT_COMPACTION_SETTINGS;
const conversation = [
  user("Rename the report"),
  assistant("Reading it first.", [
    { id: "c1", name: "read", input: { path: "notes/a.md", limit: 20 } },
    { id: "c2", name: "exec", input: { command: "ls" } },
  ]),
  toolResult({ id: "c1", name: "read", text: "# Report", details: { secret: "DETAILS-NEVER-SENT" } }),
  toolResult({ id: "c2", name: "exec", text: "" }),
];

function positions(text: string, needles: readonly string[]): number[] {
  return needles.map((needle) => text.split("\n").indexOf(needle));
}

describe("serializeConversation", () => {
  it("labels each part, formats tool calls as name(k=<json>), skips empty parts and never serialises details", () => {
    expect(serializeConversation(conversation)).toBe(
      [
        "[User]: Rename the report",
        "[Assistant]: Reading it first.",
        '[Assistant tool calls]: read(path="notes/a.md", limit=20); exec(command="ls")',
        "[Tool result]: # Report",
      ].join("\n\n"),
    );
  });

  it("joins assistant texts with a newline and treats summaries as user text and custom context as tool text", () => {
    const text = serializeConversation([
      { role: "compaction_summary", summary: "Earlier: chose GraphQL.", tokensBefore: 10 },
      {
        role: "assistant",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
        stopReason: "end_turn",
      },
      { role: "custom", customType: "memory.recall", content: [{ type: "text", text: "recalled fact" }] },
      user(""),
    ]);
    expect(text).toMatch(
      /^\[User\]: .*\n\n<summary>\nEarlier: chose GraphQL\.\n<\/summary>\n\n\[Assistant\]: one\ntwo\n\n\[Tool result\]: recalled fact$/s,
    );
  });
});

describe("buildSummaryRequest", () => {
  it("lays out conversation, previous summary, instructions, then the identifier block as additional focus", () => {
    const request = buildSummaryRequest({ kind: "history", messages: [user("hi")], settings, previousSummary: "PREV" });
    expect(request.systemPrompt).toBe(SUMMARY_SYSTEM_PROMPT);
    expect(
      request.userText.startsWith(
        "<conversation>\n[User]: hi\n</conversation>\n\n<previous-summary>\nPREV\n</previous-summary>\n\n",
      ),
    ).toBe(true);
    expect(request.userText.endsWith(`\n\nAdditional focus: ${STRICT_IDENTIFIER_RULE}`)).toBe(true);
    expect(request.userText).toContain(UPDATE_RULE);
    expect(request.maxTokens).toBe(16_000);
  });

  it("the system message forbids continuing the conversation and asks for the summary only", () => {
    expect(SUMMARY_SYSTEM_PROMPT).toMatch(/do not continue it/);
    expect(SUMMARY_SYSTEM_PROMPT).toMatch(/do not answer questions/);
    expect(SUMMARY_SYSTEM_PROMPT).toMatch(/summary and nothing else/);
  });

  it("requires the five safeguard headings in order and every seed must-keep item", () => {
    const { userText } = buildSummaryRequest({ kind: "history", messages: conversation, settings });
    const found = positions(userText, SAFEGUARD_SUMMARY_HEADINGS);
    expect(found.every((index) => index >= 0)).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    for (const required of [
      /in progress, blocked or pending/,
      /"5\/17 done"/,
      /most recent request and what was being done about it/,
      /decisions .* reason/,
      /TODOs/,
      /open questions/,
      /constraints/,
      /commitments and follow-ups/,
      /newer ones win/,
      /Never drop a user request that is still unresolved/,
    ]) {
      expect(userText).toMatch(required);
    }
    expect(userText).not.toContain(UPDATE_RULE);
    expect(userText).not.toContain("DETAILS-NEVER-SENT");
  });

  it("uses the plain harness headings in default mode", () => {
    const { userText } = buildSummaryRequest({
      kind: "history",
      messages: conversation,
      settings: { ...settings, mode: "default" },
    });
    const found = positions(userText, DEFAULT_SUMMARY_HEADINGS);
    expect(found.every((index) => index >= 0)).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    expect(userText).not.toContain("## Pending user asks");
  });

  it("words the identifier block per policy: strict, off, custom (escaped, untrusted) and blank custom", () => {
    const text = (overrides: Partial<CompactionSettings>) =>
      buildSummaryRequest({ kind: "history", messages: [user("hi")], settings: { ...settings, ...overrides } })
        .userText;
    expect(STRICT_IDENTIFIER_RULE).toContain("inside code blocks");
    expect(text({ identifierPolicy: "off" })).not.toContain("Additional focus");
    const custom = text({ identifierPolicy: "custom", identifierInstructions: "Keep <ticket> ids & SKUs" });
    expect(custom).toContain(
      "<identifier-instructions>\nKeep &lt;ticket&gt; ids &amp; SKUs\n</identifier-instructions>",
    );
    expect(custom).toContain("untrusted data");
    expect(custom).not.toContain(STRICT_IDENTIFIER_RULE);
    expect(text({ identifierPolicy: "custom", identifierInstructions: "   " })).toContain(STRICT_IDENTIFIER_RULE);
  });

  it("passes /compact text as escaped untrusted data of at most 4000 chars", () => {
    const { userText } = buildSummaryRequest({
      kind: "history",
      messages: [user("hi")],
      settings,
      customInstructions: `<b>x</b>${"a".repeat(5000)}`,
    });
    const block = /<user-focus>\n(.*)\n<\/user-focus>/s.exec(userText)?.[1];
    expect(block).toBe(escapeHtml(`<b>x</b>${"a".repeat(3992)}`));
    expect(userText).toMatch(/untrusted data/);
    expect(userText.indexOf(STRICT_IDENTIFIER_RULE)).toBeLessThan(userText.indexOf("<user-focus>"));
  });

  it("adds the merge rule for merges and audit feedback when given", () => {
    const { userText } = buildSummaryRequest({
      kind: "history",
      messages: [user("part one"), user("part two")],
      settings,
      merge: true,
      qualityFeedback: ["missing_section:## Decisions"],
    });
    expect(userText).toContain(MERGE_RULE);
    expect(userText).toContain("- missing_section:## Decisions");
  });

  it("budgets floor(0.8 × reserve), half for a turn prefix, capped at the model's output limit", () => {
    const budget = (kind: "history" | "turn-prefix", overrides: Partial<CompactionSettings> = {}) =>
      buildSummaryRequest({ kind, messages: [user("hi")], settings: { ...settings, ...overrides } }).maxTokens;
    expect(budget("history")).toBe(16_000);
    expect(budget("turn-prefix")).toBe(10_000);
    expect(budget("history", { reserveTokens: 16_385 })).toBe(13_108);
    expect(budget("history", { maxOutputTokens: 12_000 })).toBe(12_000);
    expect(budget("turn-prefix", { maxOutputTokens: 12_000 })).toBe(10_000);
  });

  it("focuses a turn-prefix request on the original request and what the kept part needs", () => {
    const { userText } = buildSummaryRequest({ kind: "turn-prefix", messages: [user("hi")], settings });
    expect(userText).toContain("## Original request");
    expect(userText).toContain("## Early progress");
    expect(userText).not.toContain("## Pending user asks");
  });
});
