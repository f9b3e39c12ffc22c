import { describe, expect, it } from "vitest";
import { analyzeShellCommand } from "../../src/tools/analyze-shell-command.js";
import { evaluateExecPolicy, isSegmentSatisfied } from "../../src/tools/evaluate-exec-policy.js";
import type { ResolvedSegment } from "../../src/tools/resolve-command-segments.js";
import { DEFAULT_SAFE_BINS, type ExecSettings } from "../../src/tools/resolve-exec-settings.js";

const settings: ExecSettings = {
  host: "gateway",
  sandboxUnavailable: false,
  security: "allowlist",
  ask: "on-miss",
  askFallback: "deny",
  safeBins: DEFAULT_SAFE_BINS,
  allowlist: [],
};

function segment(partial: Partial<ResolvedSegment> & { name: string }): ResolvedSegment {
  return { raw: partial.name, args: [], stdinOnly: true, ...partial };
}

describe("isSegmentSatisfied", () => {
  const ls = segment({ name: "ls", executable: "/usr/bin/ls", args: ["-la"] });

  it("matches allowlist globs against the resolved path or the bare name, case-insensitively", () => {
    for (const pattern of ["/usr/bin/ls", "/USR/BIN/LS", "/usr/bin/*", "/usr/**", "ls", "L?"]) {
      expect(isSegmentSatisfied(ls, { ...settings, allowlist: [{ pattern }] }), pattern).toBe(true);
    }
    for (const pattern of ["/bin/ls", "/usr/*", "lsof", "cat"]) {
      expect(isSegmentSatisfied(ls, { ...settings, allowlist: [{ pattern }] }), pattern).toBe(false);
    }
  });

  it("requires the entry's argPattern to match the arguments joined by spaces", () => {
    const git = segment({ name: "git", executable: "/usr/bin/git", args: ["status", "--short"] });
    const allow = (argPattern: string) => ({ ...settings, allowlist: [{ pattern: "git", argPattern }] });
    expect(isSegmentSatisfied(git, allow("^status( --short)?$"))).toBe(true);
    expect(isSegmentSatisfied(git, allow("^push"))).toBe(false);
  });

  it("runs argPattern on the linear-time engine: a catastrophic pattern answers at once", () => {
    const echo = segment({ name: "echo", executable: "/usr/bin/echo", args: [`${"a".repeat(40)}!`] });
    const allow = (argPattern: string) => ({ ...settings, allowlist: [{ pattern: "echo", argPattern }] });
    expect(isSegmentSatisfied(echo, allow("^(a+)+$"))).toBe(false);
    expect(isSegmentSatisfied(echo, allow("^(a+)+!$"))).toBe(true);
  });

  it("does not satisfy an entry whose argPattern the engine refuses, or arguments beyond its search budget", () => {
    const echo = segment({ name: "echo", executable: "/usr/bin/echo", args: ["abab"] });
    expect(isSegmentSatisfied(echo, { ...settings, allowlist: [{ pattern: "echo", argPattern: "(ab)\\1" }] })).toBe(
      false,
    );
    const huge = segment({ name: "echo", executable: "/usr/bin/echo", args: ["b".repeat(60_000)] });
    const wide = { ...settings, allowlist: [{ pattern: "echo", argPattern: "[ab]{1000}" }] };
    expect(isSegmentSatisfied(segment({ ...huge, args: ["b".repeat(1000)] }), wide)).toBe(true);
    expect(isSegmentSatisfied(huge, wide)).toBe(false);
  });

  it("never satisfies an executable that did not resolve", () => {
    expect(isSegmentSatisfied(segment({ name: "ls" }), { ...settings, allowlist: [{ pattern: "*" }] })).toBe(false);
  });

  it("trusts a safe bin only inside /bin or /usr/bin and only when it reads stdin alone", () => {
    expect(isSegmentSatisfied(segment({ name: "wc", executable: "/usr/bin/wc", args: ["-l"] }), settings)).toBe(true);
    expect(isSegmentSatisfied(segment({ name: "jq", executable: "/bin/jq", args: [".a"] }), settings)).toBe(true);
    expect(isSegmentSatisfied(segment({ name: "wc", executable: "/opt/bin/wc" }), settings)).toBe(false);
    expect(isSegmentSatisfied(segment({ name: "wc", executable: "/usr/bin/wc", stdinOnly: false }), settings)).toBe(
      false,
    );
    expect(isSegmentSatisfied(segment({ name: "sort", executable: "/usr/bin/sort" }), settings)).toBe(false);
    expect(
      isSegmentSatisfied(segment({ name: "wc", executable: "/usr/bin/wc" }), { ...settings, safeBins: ["jq"] }),
    ).toBe(false);
  });
});

describe("evaluateExecPolicy", () => {
  const ok = analyzeShellCommand("ls");
  const failed = analyzeShellCommand("echo $(id)");
  const lsSegment = [segment({ name: "ls", executable: "/usr/bin/ls" })];
  const allowed = { ...settings, allowlist: [{ pattern: "/usr/bin/ls" }] };

  it("runs a satisfied command and asks on a miss or a failed analysis", () => {
    expect(evaluateExecPolicy({ settings: allowed, analysis: ok, segments: lsSegment })).toEqual({ action: "run" });
    expect(evaluateExecPolicy({ settings, analysis: ok, segments: lsSegment })).toEqual({
      action: "ask",
      satisfied: false,
    });
    expect(evaluateExecPolicy({ settings: allowed, analysis: failed, segments: [] })).toEqual({
      action: "ask",
      satisfied: false,
    });
  });

  it("asks for every command with ask: always, remembering whether it was satisfied", () => {
    expect(evaluateExecPolicy({ settings: { ...allowed, ask: "always" }, analysis: ok, segments: lsSegment })).toEqual({
      action: "ask",
      satisfied: true,
    });
  });

  it("with security: full and ask on-miss or off, runs anything, even what analysis cannot read", () => {
    for (const ask of ["on-miss", "off"] as const) {
      const full = { ...settings, security: "full" as const, ask };
      expect(evaluateExecPolicy({ settings: full, analysis: failed, segments: [] })).toEqual({ action: "run" });
    }
  });

  it("with ask: off, denies an allowlist miss", () => {
    expect(evaluateExecPolicy({ settings: { ...settings, ask: "off" }, analysis: failed, segments: [] })).toEqual({
      action: "deny",
      message: "exec denied: allowlist miss",
    });
  });

  it("runs anything in a sandboxed session, but security: deny still denies", () => {
    const sandboxed = { ...settings, host: "sandbox" as const };
    expect(evaluateExecPolicy({ settings: sandboxed, analysis: failed, segments: [] })).toEqual({ action: "run" });
    expect(
      evaluateExecPolicy({ settings: { ...sandboxed, security: "deny" }, analysis: ok, segments: lsSegment }),
    ).toEqual({ action: "deny", message: "exec denied: host=sandbox security=deny" });
  });
});
