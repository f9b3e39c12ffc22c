/**
 * Context engine cost: estimating and planning a compaction (cut point and summariser chunks)
 * over histories of about 50k, 200k and 1M estimated tokens (500 to 10,000 messages), and one request's pruning (repair,
 * cache-TTL soft trim and hard clear, context guard) over a history with 1,000 tool results.
 * Targets: planning 1M tokens under 50 ms, pruning under 20 ms. Run: npm run bench:context
 */
import { Bench } from "tinybench";
import { assembleContext } from "../src/context/assemble-context.js";
import { chunkMessagesByMaxTokens, computeMaxChunkTokens } from "../src/context/chunk-messages.js";
import { planCompaction } from "../src/context/plan-compaction.js";
import { DEFAULT_CACHE_TTL_SETTINGS } from "../src/context/prune-cache-ttl.js";
import type { Message, TranscriptEntry } from "../src/domain/index.js";
import { estimateContextTokens } from "../src/platform/estimate-tokens.js";
import { formatRatio } from "./format-ratio.js";
import { formatTable } from "./format-table.js";
import { isMain, stdoutWrite, type Write } from "./is-main.js";

const LOG_LINE = "2026-03-11T09:00:00Z INFO build step finished in 1234 ms at /srv/app/src/module.ts:42\n";

/** One tool round: a user ask, an assistant read call, a log-like result of `resultChars`, a reply. */
function round(index: number, resultChars: number): Message[] {
  const id = `call_${index}`;
  return [
    { role: "user", content: `Please check build ${index} and tell me what failed.` },
    {
      role: "assistant",
      stopReason: "tool_use",
      content: [{ type: "tool_call", id, name: "read", input: { path: `logs/build-${index}.log` } }],
    },
    {
      role: "tool_result",
      toolCallId: id,
      toolName: "read",
      isError: false,
      content: [
        { type: "text", text: LOG_LINE.repeat(Math.ceil(resultChars / LOG_LINE.length)).slice(0, resultChars) },
      ],
    },
    {
      role: "assistant",
      stopReason: "end_turn",
      content: [{ type: "text", text: `Build ${index} failed in step 3.` }],
    },
  ];
}

/** A history of whole rounds totalling about `tokens` estimated tokens. */
export function buildHistory(tokens: number, rounds: number): Message[] {
  const resultChars = Math.max(100, Math.floor((tokens * 4) / rounds) - 120);
  return Array.from({ length: rounds }, (_, index) => round(index, resultChars)).flat();
}

function toEntries(messages: readonly Message[]): TranscriptEntry[] {
  return messages.map((message, index) => ({
    type: "message",
    id: `e${index}`,
    parentId: index === 0 ? null : `e${index - 1}`,
    timestamp: "2026-03-11T09:00:00.000Z",
    message,
  }));
}

/** Runs the context benchmark and writes its table. */
export async function runContextBench(write: Write): Promise<void> {
  const bench = new Bench({ time: 500, warmupTime: 200 });
  const targets = new Map<string, number>();
  for (const tokens of [50_000, 200_000, 1_000_000]) {
    // About 400 tokens a round, so the 1M-token history has 10,000 messages.
    const entries = toEntries(buildHistory(tokens, tokens / 400));
    const name = `estimate + plan ${tokens / 1000}k tokens`;
    targets.set(name, 50);
    bench.add(name, () => {
      const messages = entries.map((entry) => (entry.type === "message" ? entry.message : undefined));
      estimateContextTokens(messages.filter((message): message is Message => message !== undefined));
      const plan = planCompaction({ entries, keepRecentTokens: 20_000 });
      chunkMessagesByMaxTokens(plan.messagesToSummarize, computeMaxChunkTokens(plan.messagesToSummarize, 200_000));
    });
  }
  const pruningHistory = buildHistory(1_000 * 2_000, 1_000);
  const name = "prune 1,000 tool results (repair, cache-TTL, guard)";
  targets.set(name, 20);
  bench.add(name, () => {
    assembleContext({
      messages: pruningHistory,
      systemPrompt: "You are a personal assistant.",
      contextWindow: 200_000,
      cacheTtl: { ...DEFAULT_CACHE_TTL_SETTINGS, ttlMs: 300_000 },
    });
  });
  await bench.run();
  const rows = bench.tasks.map((task) => {
    const result = task.result;
    if (result?.state !== "completed") throw new Error(`${task.name}: ${result?.state}`);
    const target = targets.get(task.name) ?? Number.NaN;
    const mean = result.latency.mean;
    return {
      task: task.name,
      "mean ms": mean.toFixed(2),
      "p99 ms": (result.latency.p99 ?? mean).toFixed(2),
      target: `under ${target} ms (${mean < target ? "met" : "missed"})`,
      "against the target": formatRatio({ measured: mean, reference: target, than: `${target} ms` }),
    };
  });
  write(formatTable(rows));
}

if (isMain(import.meta.url)) await runContextBench(stdoutWrite);
