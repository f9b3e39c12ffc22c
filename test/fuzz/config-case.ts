import type { ConfigNode, ConfigValueCheck } from "../../src/config/config-node.js";
import { openClawConfigKeys } from "../../src/config/openclaw-config-schema.js";
import type { FuzzCase } from "./fuzz-types.js";
import type { Segments } from "./scenario-document.js";

/** Where every config class writes its openclaw.json, relative to the input folder. */
export const CONFIG_FILE = "suite/openclaw.json";

/** A leaf of openclaw.json: where it is, and how the config check judges it. */
export interface ConfigLeaf {
  at: Segments;
  check: ConfigValueCheck;
}

/** Every checked leaf of the config schema; map entries are keyed `main`, list items are item 0. */
export function configLeaves(node: ConfigNode = openClawConfigKeys.node, at: Segments = []): ConfigLeaf[] {
  if (node.kind === "section")
    return Object.entries(node.keys).flatMap(([key, child]) => configLeaves(child.node, [...at, key]));
  if (node.kind === "map") return configLeaves(node.entry.node, [...at, "main"]);
  if (node.kind === "list") return configLeaves(node.item.node, [...at, 0]);
  return node.kind === "value" ? [{ at, check: node.check }] : [];
}

/** The leaves of the real schema. */
export const CONFIG_LEAVES = configLeaves();

/** `prompt` or `skills` over a small workspace with the fuzzed config file. */
export function configCase(options: { label: string; text: string; command: number; invalid: boolean }): FuzzCase {
  const commands = [
    ["prompt", "suite/ws"],
    ["prompt", "suite/ws", "--json"],
    ["skills", "suite/ws"],
    ["prompt", "suite/ws", "--mode", "minimal"],
  ];
  return {
    label: options.label,
    files: [
      { path: "suite/ws/AGENTS.md", content: "# Agents\nBe brief.\n" },
      { path: "suite/ws/skills/steady/SKILL.md", content: "---\nname: steady\ndescription: Always there.\n---\n" },
      { path: CONFIG_FILE, content: options.text },
    ],
    argv: [...(commands[options.command % commands.length] ?? []), "--config", CONFIG_FILE],
    ...(options.invalid ? { blame: [CONFIG_FILE] } : {}),
  };
}
