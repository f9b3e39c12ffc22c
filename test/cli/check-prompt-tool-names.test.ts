import { describe, expect, it } from "vitest";
import { checkPromptToolNames, KNOWN_PROMPT_TOOLS } from "../../src/cli/check-prompt-tool-names.js";
import { DEFAULT_PROMPT_TOOLS } from "../../src/cli/prompt-command.js";

describe("checkPromptToolNames", () => {
  it("knows every default tool and every tool with a built-in summary, in any case", () => {
    expect(checkPromptToolNames([...DEFAULT_PROMPT_TOOLS, "ls", "find", "READ", "Web_Fetch"])).toEqual([]);
    expect(KNOWN_PROMPT_TOOLS).toEqual([...KNOWN_PROMPT_TOOLS].sort());
  });

  it("names the closest known tool, or an alias's tool", () => {
    expect(checkPromptToolNames(["read", "reed", "bash"])).toEqual([
      '--tools: "reed" is not a known tool; the prompt lists it without a summary (did you mean read?)',
      '--tools: "bash" is not a known tool; the prompt lists it without a summary (did you mean exec?)',
    ]);
  });

  it("lists the known tools when nothing is close, once per distinct name", () => {
    const warnings = checkPromptToolNames(["bogus", "BOGUS", "bogus"]);
    expect(warnings).toEqual([
      `--tools: "bogus" is not a known tool; the prompt lists it without a summary; known tools: ${KNOWN_PROMPT_TOOLS.join(", ")}`,
    ]);
    expect(warnings[0]).toContain("memory_search");
  });

  it("shows invisible characters in a name as escapes", () => {
    expect(checkPromptToolNames(["x\u202ey"])[0]).toContain('"x\\u202ey"');
  });
});
