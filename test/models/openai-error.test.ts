import { describe, expect, it } from "vitest";
import { parseOpenAIRetryAfter, toOpenAIModelError } from "../../src/models/openai-error.js";
import { parseOpenAIModelName } from "../../src/models/openai-model.js";

describe("parseOpenAIRetryAfter", () => {
  const at = Date.parse("2026-03-11T06:30:00Z");
  it.each([
    [{ "retry-after": "3" }, 3000],
    [{ "retry-after": "0.5" }, 500],
    [{ "retry-after-ms": "250", "retry-after": "3" }, 250],
    [{ "retry-after": "Wed, 11 Mar 2026 06:30:10 GMT", date: "Wed, 11 Mar 2026 06:30:00 GMT" }, 10_000],
    [{ "retry-after": "Wed, 11 Mar 2026 06:29:00 GMT", date: "Wed, 11 Mar 2026 06:30:00 GMT" }, 0],
    [{ "retry-after": "soon" }, undefined],
    [{}, undefined],
  ])("reads %j as %s ms", (headers, expected) => {
    expect(parseOpenAIRetryAfter(new Headers(headers))).toBe(expected);
  });

  it("measures an HTTP date from now() when the response has no date header", () => {
    const headers = new Headers({ "retry-after": "Wed, 11 Mar 2026 06:30:04 GMT" });
    expect(parseOpenAIRetryAfter(headers, () => at)).toBe(4000);
    expect(parseOpenAIRetryAfter(headers)).toBeUndefined();
  });
});

describe("toOpenAIModelError", () => {
  it("reports any failure after the signal aborted as aborted", () => {
    expect(toOpenAIModelError(new Error("boom"), { signal: AbortSignal.abort() }).kind).toBe("aborted");
  });

  it("keeps unknown failures as non-retryable other", () => {
    expect(toOpenAIModelError(new TypeError("bad"))).toEqual({ kind: "other", message: "bad", retryable: false });
  });
});

describe("parseOpenAIModelName", () => {
  it.each([
    ["gpt-4o", { model: "gpt-4o" }],
    ["llama3.2:3b@http://127.0.0.1:11434/v1", { model: "llama3.2:3b", baseURL: "http://127.0.0.1:11434/v1" }],
    ["org/model@https://vllm.example/v1", { model: "org/model", baseURL: "https://vllm.example/v1" }],
    ["name@not-a-url", { model: "name@not-a-url" }],
  ])("parses %s", (name, expected) => {
    expect(parseOpenAIModelName(name)).toEqual(expected);
  });
});
