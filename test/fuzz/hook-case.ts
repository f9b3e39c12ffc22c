import type { FuzzCase } from "./fuzz-types.js";
import { scenarioCase } from "./scenario-document.js";

/** Where every hook class writes its module, relative to the input folder. */
export const HOOK_FILE = "suite/hooks/h.mjs";

/** Hooks a turn with a write and a reply goes through, of every kind (modifying, void, sync). */
export const HOOKS = [
  "before_tool_call",
  "after_tool_call",
  "llm_input",
  "llm_output",
  "before_prompt_build",
  "message_sending",
  "before_message_write",
  "tool_result_persist",
  "agent_end",
  "session_start",
];

/**
 * A run whose turn writes a file and replies, with the fuzzed hook module and a scenario timeout
 * of `timeout` seconds (default 1; the hanging classes use less, as every one of their inputs waits it out).
 */
export function hookCase(label: string, source: string, blame: boolean, timeout = 1): FuzzCase {
  return scenarioCase({
    label,
    document: {
      name: "hooks",
      workspace: "ws",
      timeout,
      hooks: ["hooks/h.mjs"],
      turns: [
        {
          user: "Write it down.",
          script: [{ tool: "write", input: { path: "note.md", content: "x\n" } }, { text: "Done." }],
          expect: [{ "reply-contains": "Done" }],
        },
      ],
    },
    files: [
      { path: "suite/ws/AGENTS.md", content: "# Agents\n" },
      { path: HOOK_FILE, content: source },
    ],
    ...(blame ? { blame: [HOOK_FILE], exits: [1, 2] } : { exits: [0, 1] }),
  });
}
