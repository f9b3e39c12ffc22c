import { describe, expect, it } from "vitest";
import { checkOpenClawConfig } from "../../src/config/check-openclaw-config.js";
import { resolveGroupToolPolicy } from "../../src/config/resolve-group-tool-policy.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";

const query = { channel: "whatsapp", groupId: "family", sender: "Mom" };

function policyFor(channels: Record<string, unknown>, overrides: Partial<typeof query> = {}) {
  return resolveGroupToolPolicy(resolveOpenClawConfig({ channels }), { ...query, ...overrides });
}

describe("resolveGroupToolPolicy (spec/loop.md §7.3 layer 7)", () => {
  it("is undefined when the channel configures no groups", () => {
    expect(policyFor({})).toBeUndefined();
    expect(policyFor({ telegram: { groups: { family: { tools: { deny: ["exec"] } } } } })).toBeUndefined();
  });

  it("uses the group's tools for every sender", () => {
    const channels = { whatsapp: { groups: { family: { tools: { deny: ["exec"] } } } } };
    expect(policyFor(channels)).toEqual({ deny: ["exec"] });
    expect(policyFor(channels, { sender: "Dad" })).toEqual({ deny: ["exec"] });
  });

  it("prefers the sender's own policy, matched without case or a leading @", () => {
    const channels = {
      whatsapp: {
        groups: {
          family: {
            tools: { deny: ["exec"] },
            toolsBySender: { "@alice": { allow: ["*"] }, "*": { deny: ["exec", "write"] } },
          },
        },
      },
    };
    expect(policyFor(channels, { sender: "Alice" })).toEqual({ allow: ["*"] });
    expect(policyFor(channels, { sender: " @ALICE " })).toEqual({ allow: ["*"] });
    expect(policyFor(channels, { sender: "Mom" })).toEqual({ deny: ["exec", "write"] });
  });

  it("falls back to the channel's `*` group, sender first", () => {
    const channels = {
      whatsapp: {
        groups: {
          "*": { tools: { deny: ["message"] }, toolsBySender: { mom: { deny: ["write"] } } },
          work: { tools: { allow: ["read"] } },
        },
      },
    };
    expect(policyFor(channels)).toEqual({ deny: ["write"] });
    expect(policyFor(channels, { sender: "Dad" })).toEqual({ deny: ["message"] });
    expect(policyFor(channels, { groupId: "work" })).toEqual({ allow: ["read"] });
  });

  it("finds channel and group ids written in another case", () => {
    const channels = { WhatsApp: { groups: { Family: { tools: { deny: ["exec"] } } } } };
    expect(policyFor(channels)).toEqual({ deny: ["exec"] });
  });

  it("drops invalid policy lists with a warning naming the key", () => {
    const written = {
      channels: { whatsapp: { groups: { family: { tools: { deny: "exec" }, requireMention: true } } } },
    };
    expect(resolveGroupToolPolicy(resolveOpenClawConfig(written), query)).toEqual({});
    const paths = checkOpenClawConfig(written).issues.map((issue) => issue.path);
    expect(paths).toEqual(["channels.whatsapp.groups.family.tools.deny"]);
  });
});
