import { resolveGroupToolPolicy } from "../config/resolve-group-tool-policy.js";
import { resolveOpenClawConfig } from "../config/resolve-openclaw-config.js";
import type { MessageOrigin, Tool } from "../domain/index.js";
import { OWNER_ORIGIN, parseModelId } from "../domain/index.js";
import { resolveToolNames } from "../prompt/resolve-tool-names.js";
import { TOOL_GROUPS } from "../prompt/tool-catalog.js";
import { isSandboxedSession } from "../tools/is-sandboxed-session.js";

import type { SessionRunWorld, SessionState } from "./session-run-types.js";

/**
 * The tools a session's model is offered for a message from `origin` (default: the owner in a
 * direct chat): owner-only tools removed for a non-owner sender, the config's policy, the group
 * policy of a group or channel chat (`channels.<ch>.groups`, spec/loop.md §7.3 layer 7), the
 * sandbox policy when the session is sandboxed (§7.5), and the sub-agent policy below depth 0.
 */
export function sessionTools(
  world: SessionRunWorld,
  session: SessionState,
  origin: MessageOrigin = OWNER_ORIGIN,
): Tool[] {
  const name = parseModelId(session.model.id);
  const modelId = name.name.replace(/@.*$/, "");
  const allowed = new Set(
    resolveToolNames(
      world.tools.map((tool) => tool.name),
      {
        config: world.config,
        agentId: session.agentId,
        provider: name.provider,
        ...(modelId === "" ? {} : { modelId }),
        ...(session.depth > 0 ? { subagentDepth: session.depth } : {}),
        sandboxed: isSandboxedSession(world.config, session.agentId, session.key),
        senderIsOwner: origin.owner,
        ...groupPolicyOf(world.config, origin),
      },
    ).names,
  );
  // The memory tools exist only while memory search is enabled for the agent (memory.md §7).
  const memory = world.memoryFor(session.agentId).enabled;
  return world.tools.filter((tool) => allowed.has(tool.name) && (memory || !MEMORY_TOOLS.has(tool.name)));
}

const MEMORY_TOOLS: ReadonlySet<string> = new Set(TOOL_GROUPS["group:memory"]);

/** The group policy layer of a group or channel chat; nothing for a direct chat. */
function groupPolicyOf(config: Readonly<Record<string, unknown>>, origin: MessageOrigin) {
  if (origin.chat === "direct" || origin.id === undefined) return {};
  const query = { channel: origin.channel, groupId: origin.id, sender: origin.sender };
  const groupPolicy = resolveGroupToolPolicy(resolveOpenClawConfig(config), query);
  return groupPolicy === undefined ? {} : { groupPolicy };
}

/**
 * What the tool policy of a message depends on besides its session: the chat, the sender and
 * whether the sender is the owner. Messages with equal keys get the same tools.
 */
export function originPolicyKey(origin: MessageOrigin): string {
  const sender = origin.chat === "direct" ? "" : origin.sender.trim().toLowerCase();
  return JSON.stringify([origin.chat, origin.channel.trim().toLowerCase(), origin.id ?? "", sender, origin.owner]);
}

/** The session's tools for `origin`, resolved on first use and kept for later runs. */
export function toolsFor(world: SessionRunWorld, session: SessionState, origin: MessageOrigin): Tool[] {
  session.toolsByOrigin ??= new Map();
  const key = originPolicyKey(origin);
  const cached = session.toolsByOrigin.get(key);
  if (cached !== undefined) return cached;
  const tools = sessionTools(world, session, origin);
  session.toolsByOrigin.set(key, tools);
  return tools;
}
