import { describe, expect, it } from "vitest";
import { createScenarioApprover, scenarioApproverService } from "../../src/agent/create-scenario-approver.js";

const ask = (command: string) => ({ approvalId: "approval-1", command, workdir: "/w" });

describe("createScenarioApprover", () => {
  it("is absent when the turn lists no approvals", () => {
    expect(createScenarioApprover([])).toBeUndefined();
    expect(scenarioApproverService([])).toEqual({});
  });

  it("lets the first whole-command glob decide, allow ⇒ allow-once, deny ⇒ deny", async () => {
    const approver = createScenarioApprover([
      { match: "rm *", decision: "deny" },
      { match: "touch *", decision: "allow" },
      { match: "*", decision: "deny" },
    ]);
    expect(await approver?.(ask("touch notes/done.txt"))).toBe("allow-once");
    expect(await approver?.(ask("rm -rf /"))).toBe("deny");
    expect(await approver?.(ask("curl example.com"))).toBe("deny");
  });

  it("gives no answer when no rule matches; globs cover the whole command literally", async () => {
    const approver = createScenarioApprover([
      { match: "git status", decision: "allow" },
      { match: "ls -l?", decision: "allow" },
    ]);
    expect(await approver?.(ask("git status"))).toBe("allow-once");
    expect(await approver?.(ask("git status; rm -rf x"))).toBeUndefined();
    expect(await approver?.(ask("ls -la"))).toBeUndefined();
    expect(await approver?.(ask("ls -l?"))).toBe("allow-once");
    expect(scenarioApproverService([{ match: "*", decision: "allow" }]).approver).toBeTypeOf("function");
  });

  it("lets * span slashes, spaces and newlines", async () => {
    const approver = createScenarioApprover([{ match: "echo *done", decision: "allow" }]);
    expect(await approver?.(ask("echo a/b c\nall done"))).toBe("allow-once");
  });

  it("answers at once for a glob that would backtrack badly, and a glob too long to compile matches nothing", async () => {
    const approver = createScenarioApprover([
      { match: "*a*a*a*a*a*a*a*a*b", decision: "deny" },
      { match: "x".repeat(5_000), decision: "allow" },
    ]);
    expect(await approver?.(ask("a".repeat(60)))).toBeUndefined();
    expect(await approver?.(ask(`${"a".repeat(60)}b`))).toBe("deny");
    expect(await approver?.(ask("x".repeat(5_000)))).toBeUndefined();
  });
});
