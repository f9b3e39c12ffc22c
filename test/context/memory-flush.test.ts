import { describe, expect, it } from "vitest";
import {
  buildMemoryFlushPrompt,
  DEFAULT_MEMORY_FLUSH_SETTINGS,
  type MemoryFlushInputs,
  shouldRunMemoryFlush,
  withSilentHint,
} from "../../src/context/memory-flush.js";

const inputs = (overrides: Partial<MemoryFlushInputs> = {}): MemoryFlushInputs => ({
  settings: DEFAULT_MEMORY_FLUSH_SETTINGS,
  contextWindow: 200_000,
  reserveTokensFloor: 20_000,
  messages: [],
  lastPromptTokens: 170_000,
  lastOutputTokens: 3_000,
  pendingPrompt: "x".repeat(12_000),
  transcriptBytes: 1000,
  heartbeat: false,
  writable: true,
  compactionCount: 0,
  flushedAtCompactionCount: undefined,
  ...overrides,
});

describe("shouldRunMemoryFlush (memory.md §9.1)", () => {
  it("runs at exactly the threshold of the worked example (176 000 ≥ 176 000)", () => {
    expect(shouldRunMemoryFlush(inputs())).toEqual({ run: true, projected: 176_000, threshold: 176_000 });
    expect(shouldRunMemoryFlush(inputs({ lastOutputTokens: 2_999 })).run).toBe(false);
  });

  it("runs once per compaction cycle", () => {
    expect(shouldRunMemoryFlush(inputs({ flushedAtCompactionCount: 0 })).run).toBe(false);
    expect(shouldRunMemoryFlush(inputs({ flushedAtCompactionCount: 0, compactionCount: 1 })).run).toBe(true);
  });

  it("never runs for heartbeats, when disabled or in a read-only workspace", () => {
    expect(shouldRunMemoryFlush(inputs({ heartbeat: true })).run).toBe(false);
    expect(shouldRunMemoryFlush(inputs({ writable: false })).run).toBe(false);
    const disabled = { ...DEFAULT_MEMORY_FLUSH_SETTINGS, enabled: false };
    expect(shouldRunMemoryFlush(inputs({ settings: disabled })).run).toBe(false);
  });

  it("runs on transcript size alone, and never by tokens when the threshold is not positive", () => {
    const small = { contextWindow: 24_000, lastPromptTokens: 23_000 };
    expect(shouldRunMemoryFlush(inputs(small)).threshold).toBe(0);
    expect(shouldRunMemoryFlush(inputs(small)).run).toBe(false);
    expect(shouldRunMemoryFlush(inputs({ ...small, transcriptBytes: 2 * 1024 * 1024 })).run).toBe(true);
  });

  it("estimates the transcript when no usage was reported", () => {
    const messages = [{ role: "user" as const, content: "y".repeat(40_000) }];
    const result = shouldRunMemoryFlush(
      inputs({ messages, lastPromptTokens: 0, lastOutputTokens: 0, pendingPrompt: "" }),
    );
    expect(result.projected).toBe(10_000);
  });
});

describe("buildMemoryFlushPrompt", () => {
  it("dates the file, appends the time line, and keeps the silent-reply hint", () => {
    const text = buildMemoryFlushPrompt({
      prompt: DEFAULT_MEMORY_FLUSH_SETTINGS.prompt,
      today: "2026-03-11",
      currentTimeLine: "Current time: Wednesday, 2026-03-11 17:30 (Asia/Shanghai)",
    });
    expect(text).toContain("memory/2026-03-11.md");
    expect(text).not.toContain("YYYY-MM-DD");
    expect(text.endsWith("Current time: Wednesday, 2026-03-11 17:30 (Asia/Shanghai)")).toBe(true);
    expect(text).toContain("NO_REPLY");
  });

  it("adds the NO_REPLY sentence to configured texts that lack it", () => {
    expect(withSilentHint("Save notes.")).toMatch(/^Save notes\.\n\n.*NO_REPLY/);
    expect(withSilentHint("Save notes or NO_REPLY.")).toBe("Save notes or NO_REPLY.");
  });
});
