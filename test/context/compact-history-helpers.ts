import { type CompactHistoryOptions, compactHistory } from "../../src/context/compact-history.js";
import { type CompactionSettings, DEFAULT_COMPACTION_SETTINGS } from "../../src/context/compaction-settings.js";
import type { CompactionPlan } from "../../src/context/plan-compaction.js";
import type { Summarize, SummarizeRequest } from "../../src/context/summarize-in-stages.js";
import { SAFEGUARD_SUMMARY_HEADINGS } from "../../src/context/summary-instructions.js";
import type { Message } from "../../src/domain/index.js";
import { estimateContextTokens } from "../../src/platform/estimate-tokens.js";
import { assistant, createRecordingSleep, toolResult, user } from "./summarizer-fakes.js";

export const HEADINGS = SAFEGUARD_SUMMARY_HEADINGS.join("\n");

/** Five user turns; the second edits a file and fails, the first reads one. */
export const HISTORY: Message[] = [
  user("Fix the login bug"),
  assistant("Reading the handler.", [{ id: "c1", name: "read", input: { path: "src/login.ts" } }]),
  toolResult({ id: "c1", name: "read", text: "export function login() {}" }),
  user("Now patch it"),
  assistant("", [{ id: "c2", name: "edit", input: { path: "src/login.ts" } }]),
  toolResult({
    id: "c2",
    name: "edit",
    text: "old text not found",
    isError: true,
    details: { status: "error", exitCode: 1 },
  }),
  user("Third ask"),
  assistant("On it."),
  user("Fourth ask"),
  assistant("Done."),
  user("Fifth ask"),
  assistant("Working."),
];

export function planOf(overrides: Partial<CompactionPlan>): CompactionPlan {
  const plan: CompactionPlan = {
    messagesToSummarize: [],
    turnPrefix: [],
    isSplitTurn: false,
    firstKeptEntryId: "e99",
    keptMessages: [],
    tokensBefore: 0,
    ...overrides,
  };
  if (overrides.tokensBefore === undefined) {
    plan.tokensBefore = estimateContextTokens([...plan.messagesToSummarize, ...plan.turnPrefix, ...plan.keptMessages]);
  }
  return plan;
}

export function conversationOf(request: SummarizeRequest): string {
  return /<conversation>\n(.*)\n<\/conversation>/s.exec(request.userText)?.[1] ?? "";
}

/** A summariser that keeps everything: the five headings, then the conversation it was given. */
export const keepEverything = (request: SummarizeRequest) => `${HEADINGS}\n${conversationOf(request)}`;

export function runCompaction(
  summarize: Summarize,
  overrides: Omit<Partial<CompactHistoryOptions>, "settings"> & { settings?: Partial<CompactionSettings> },
) {
  const { sleep, delays } = createRecordingSleep();
  const { settings, ...rest } = overrides;
  const options: CompactHistoryOptions = {
    plan: planOf({ messagesToSummarize: HISTORY }),
    summarize,
    sleep,
    random: () => 0.5,
    ...rest,
    settings: { ...DEFAULT_COMPACTION_SETTINGS, ...settings },
  };
  return { result: compactHistory(options), delays };
}
