import { describe, expect, it } from "vitest";
import { retryEmbeddingRequest } from "../../../src/memory/embedders/retry-embedding-request.js";

describe("retryEmbeddingRequest", () => {
  it("doubles the delay from 500 ms and caps it at 8 s", async () => {
    const sleeps: number[] = [];
    const attempts: number[] = [];
    const failure = new Error("busy");
    const result = retryEmbeddingRequest(
      async (attemptNumber) => {
        attempts.push(attemptNumber);
        throw failure;
      },
      { sleep: async (ms) => void sleeps.push(ms), isRetryable: () => true, retries: 6 },
    );
    await expect(result).rejects.toBe(failure);
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sleeps).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it("returns the first success and stops at a failure that is not retryable", async () => {
    const sleeps: number[] = [];
    const sleep = async (ms: number) => void sleeps.push(ms);
    expect(
      await retryEmbeddingRequest(async (n) => (n < 2 ? Promise.reject(new Error("x")) : n), {
        sleep,
        isRetryable: () => true,
      }),
    ).toBe(2);
    await expect(
      retryEmbeddingRequest(async () => Promise.reject(new Error("fatal")), { sleep, isRetryable: () => false }),
    ).rejects.toThrow("fatal");
    expect(sleeps).toEqual([500]);
  });
});
