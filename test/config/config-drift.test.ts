import { describe, expect, it } from "vitest";
import { readSubagentLimits } from "../../src/agent/read-subagent-limits.js";
import { resolveAgentHeartbeatConfig } from "../../src/agent/resolve-agent-heartbeat-config.js";
import { stripHeartbeatToken } from "../../src/agent/strip-heartbeat-token.js";
import { checkOpenClawConfig } from "../../src/config/check-openclaw-config.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";
import { resolveAgentSkillFilter } from "../../src/skills/apply-skill-filter.js";
import { resolveSkillPromptLimits } from "../../src/skills/budget-skills.js";
import { normaliseAllowBundled } from "../../src/skills/check-skill-eligibility.js";
import { resolveSkillDiscoveryLimits } from "../../src/skills/resolve-skill-discovery-limits.js";
import { isSandboxedSession } from "../../src/tools/is-sandboxed-session.js";

const expectedOf = (config: unknown) =>
  checkOpenClawConfig(config).issues.map((issue) => `${issue.path}: ${issue.expected}`);

// Each case is a place where the type copy, the validation key tree and a reader used to disagree.
describe("drifts between the old three descriptions, fixed", () => {
  it("heartbeat.ackMaxChars 0 validates and reads as 0 (loop.md §5.4: any remainder is then an alert)", () => {
    const config = { agents: { defaults: { heartbeat: { ackMaxChars: 0 } } } };
    expect(checkOpenClawConfig(config).issues).toEqual([]);
    const { settings } = resolveAgentHeartbeatConfig(config, "main");
    expect(settings.ackMaxChars).toBe(0);
    const reply = "HEARTBEAT_OK — inbox empty, calendar clear";
    expect(stripHeartbeatToken(reply, { mode: "heartbeat", maxAckChars: settings.ackMaxChars }).skip).toBe(false);
    expect(stripHeartbeatToken(reply, { mode: "heartbeat" }).skip).toBe(true);
  });

  it("skills limits have their defaults in the schema, and the check says a negative one is used as given", () => {
    expect(resolveSkillPromptLimits(undefined)).toEqual({ maxSkillsInPrompt: 150, maxSkillsPromptChars: 30000 });
    expect(resolveSkillDiscoveryLimits({ skills: { limits: { maxSkillFileBytes: 0 } } })).toEqual({
      maxCandidatesPerRoot: 300,
      maxSkillsLoadedPerSource: 200,
      maxSkillFileBytes: 0,
    });
    expect(expectedOf({ skills: { limits: { maxSkillsInPrompt: -1 } } })).toEqual([
      "skills.limits.maxSkillsInPrompt: a number of 0 or more (the value is used as given)",
    ]);
    expect(resolveSkillPromptLimits({ skills: { limits: { maxSkillsInPrompt: -1 } } }).maxSkillsInPrompt).toBe(-1);
  });

  it("skill name lists convert entries with String() (skills.md §6, §7) and the check says so", () => {
    const config = { skills: { allowBundled: [1, " b ", ""] }, agents: { list: [{ id: "main", skills: [2, " c "] }] } };
    expect(normaliseAllowBundled(config)).toEqual(["1", "b"]);
    expect(resolveAgentSkillFilter(config, "main")).toEqual(["2", "c"]);
    expect(expectedOf(config)).toEqual([
      "skills.allowBundled[0]: a skill name (numbers and booleans are converted to text, other entries ignored)",
      "agents.list[0].skills[0]: a skill name (numbers and booleans are converted to text, other entries ignored)",
    ]);
  });

  it("every reader finds an agent's entry the same way: ids trimmed and case-insensitive", () => {
    const config = {
      agents: {
        list: [
          { id: " Alpha ", skills: ["x"], sandbox: { mode: "all" as const }, subagents: { allowAgents: ["beta"] } },
        ],
      },
    };
    expect(readSubagentLimits(config, "alpha").allowAgents).toEqual(["beta"]);
    expect(isSandboxedSession(config, "alpha", undefined)).toBe(true);
    expect(resolveAgentSkillFilter(config, "ALPHA")).toEqual(["x"]);
  });

  it("agents.list[].subagents.model, which validated but was never read, now picks the children's model", () => {
    const config = {
      agents: { defaults: { subagents: { model: "a/one" } }, list: [{ id: "main", subagents: { model: " b/two " } }] },
    };
    expect(readSubagentLimits(config, "main").model).toBe("b/two");
    expect(readSubagentLimits(config, "other").model).toBe("a/one");
  });

  it("agents.defaults.subagents.runTimeoutSeconds, which validated but was never read, is the children's default timeout", () => {
    expect(readSubagentLimits({}, "main").runTimeoutSeconds).toBe(0);
    const config = { agents: { defaults: { subagents: { runTimeoutSeconds: 45 } } } };
    expect(readSubagentLimits(config, "main").runTimeoutSeconds).toBe(45);
  });

  it("an activeHours bound with spaces is valid for the check as it is for the quiet-hours test", () => {
    const config = { agents: { defaults: { heartbeat: { activeHours: { start: " 08:00", end: "22:00 " } } } } };
    expect(checkOpenClawConfig(config).issues).toEqual([]);
    expect(resolveOpenClawConfig(config).agents.defaults.heartbeat.activeHours).toEqual({
      start: "08:00",
      end: "22:00",
    });
  });

  it("a tool profile the check rejects is no profile for the policy either", () => {
    const config = { tools: { profile: " coding " } };
    expect(expectedOf(config)).toEqual([
      "tools.profile: one of minimal, coding, messaging, full (no profile filter applies)",
    ]);
    expect(resolveOpenClawConfig(config).tools.profile).toBeUndefined();
  });

  it("heartbeat.every: the check, the default and the schedule agree (invalid or 0 disables, absent is 30m)", () => {
    expect(expectedOf({ agents: { defaults: { heartbeat: { every: "soon" } } } })).toEqual([
      "agents.defaults.heartbeat.every: a duration such as 30m, 1h or a number of minutes (an invalid interval disables heartbeats)",
    ]);
    expect(
      resolveAgentHeartbeatConfig({ agents: { defaults: { heartbeat: { every: "soon" } } } }, "main").settings.every,
    ).toBe(0);
    expect(resolveAgentHeartbeatConfig({}, "main").settings.every).toBe(1_800_000);
  });
});
