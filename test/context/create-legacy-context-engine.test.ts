import { describe, expect, it } from "vitest";
import { createLegacyContextEngine } from "../../src/context/create-legacy-context-engine.js";
import type { Message } from "../../src/domain/index.js";

describe("createLegacyContextEngine (context.md §2.2)", () => {
  it("ingests nothing, passes messages through with no estimate, and delegates compaction", async () => {
    const requests: string[] = [];
    const engine = createLegacyContextEngine({
      compact: async (request) => {
        requests.push(`${request.trigger}:${request.customInstructions ?? ""}`);
        return { ok: true, compacted: false, reason: "nothing to compact" };
      },
    });
    expect(engine.info).toMatchObject({ id: "legacy", ownsCompaction: false });
    const message: Message = { role: "user", content: "hi" };
    expect(await engine.ingest({ sessionId: "s", message })).toEqual({ ingested: false });
    const messages: Message[] = [message, { role: "compaction_summary", summary: "x", tokensBefore: 9 }];
    const assembled = await engine.assemble({ sessionId: "s", messages });
    expect(assembled).toEqual({ messages, estimatedTokens: 0 });
    expect(assembled.messages).not.toBe(messages);
    const result = await engine.compact({
      sessionId: "s",
      sessionFile: "/f.jsonl",
      trigger: "manual",
      customInstructions: "ids",
    });
    expect(result).toEqual({ ok: true, compacted: false, reason: "nothing to compact" });
    expect(requests).toEqual(["manual:ids"]);
  });
});
