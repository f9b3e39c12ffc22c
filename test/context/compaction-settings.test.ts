import { describe, expect, it } from "vitest";
import { DEFAULT_COMPACTION_SETTINGS, resolveCompactionSettings } from "../../src/context/compaction-settings.js";

describe("compaction settings", () => {
  it("defaults to the §4.1 values with a 200 000-token window and the 20 000 reserve floor", () => {
    expect(DEFAULT_COMPACTION_SETTINGS).toEqual({
      mode: "safeguard",
      contextWindow: 200_000,
      reserveTokens: 20_000,
      keepRecentTokens: 20_000,
      maxHistoryShare: 0.5,
      identifierPolicy: "strict",
      recentTurnsPreserve: 3,
      qualityGuard: { enabled: false, maxRetries: 1 },
      timeoutSeconds: 300,
    });
    expect(resolveCompactionSettings({})).toEqual(DEFAULT_COMPACTION_SETTINGS);
  });

  it("takes the larger of reserveTokens and reserveTokensFloor; a floor of 0 disables it", () => {
    expect(resolveCompactionSettings({ config: { reserveTokens: 30_000 } }).reserveTokens).toBe(30_000);
    expect(resolveCompactionSettings({ config: { reserveTokens: 1000 } }).reserveTokens).toBe(20_000);
    expect(resolveCompactionSettings({ config: { reserveTokensFloor: 0 } }).reserveTokens).toBe(16_384);
    expect(resolveCompactionSettings({ config: { reserveTokens: 1000, reserveTokensFloor: 0 } }).reserveTokens).toBe(
      1000,
    );
  });

  it("clamps recentTurnsPreserve to [0, 12] and qualityGuard.maxRetries to [0, 3]", () => {
    const high = resolveCompactionSettings({
      config: { recentTurnsPreserve: 40, qualityGuard: { enabled: true, maxRetries: 9 } },
    });
    expect(high.recentTurnsPreserve).toBe(12);
    expect(high.qualityGuard).toEqual({ enabled: true, maxRetries: 3 });
    const low = resolveCompactionSettings({ config: { recentTurnsPreserve: -2, qualityGuard: { maxRetries: -1 } } });
    expect(low.recentTurnsPreserve).toBe(0);
    expect(low.qualityGuard).toEqual({ enabled: false, maxRetries: 0 });
  });

  it("carries the window, output limit, policy text and mode through", () => {
    const settings = resolveCompactionSettings({
      config: {
        mode: "default",
        identifierPolicy: "custom",
        identifierInstructions: "Keep ticket ids.",
        timeoutSeconds: 60,
      },
      contextWindow: 16_000,
      maxOutputTokens: 8192,
    });
    expect(settings).toMatchObject({
      mode: "default",
      contextWindow: 16_000,
      identifierPolicy: "custom",
      identifierInstructions: "Keep ticket ids.",
      timeoutSeconds: 60,
      maxOutputTokens: 8192,
    });
  });
});
