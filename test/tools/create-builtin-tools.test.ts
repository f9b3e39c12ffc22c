import { describe, expect, it } from "vitest";
import {
  BUILTIN_TOOL_NAMES,
  createBuiltinTools,
  isBuiltinToolName,
  selectTools,
} from "../../src/tools/create-builtin-tools.js";

describe("createBuiltinTools", () => {
  it("keys every tool by its own name with an object schema", () => {
    const tools = createBuiltinTools();
    expect(Object.keys(tools)).toEqual([...BUILTIN_TOOL_NAMES]);
    for (const name of BUILTIN_TOOL_NAMES) {
      expect(tools[name].name).toBe(name);
      expect(tools[name].inputSchema.type).toBe("object");
      expect(tools[name].description.length).toBeGreaterThan(20);
    }
  });

  it("selects tools in the order given", () => {
    expect(selectTools(["grep", "read"]).map((tool) => tool.name)).toEqual(["grep", "read"]);
    expect(selectTools([])).toEqual([]);
  });

  it("recognises built-in names", () => {
    expect(isBuiltinToolName("ls")).toBe(true);
    expect(isBuiltinToolName("exec")).toBe(true);
    expect(isBuiltinToolName("process")).toBe(true);
    expect(isBuiltinToolName("cron")).toBe(false);
  });
});
