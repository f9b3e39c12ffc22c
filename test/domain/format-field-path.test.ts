import { describe, expect, it } from "vitest";
import { formatFieldPath, formatFieldPlace } from "../../src/domain/format-field-path.js";

describe("formatFieldPath", () => {
  it("writes plain keys with dots and indexes in brackets", () => {
    expect(formatFieldPath(["turns", 0, "expect", 1])).toBe("turns[0].expect[1]");
    expect(formatFieldPath(["agents", "list", 0, "tools", "deny"])).toBe("agents.list[0].tools.deny");
    expect(formatFieldPath([2, "a"])).toBe("[2].a");
    expect(formatFieldPath([])).toBe("");
  });

  it("quotes keys that are not plain names", () => {
    expect(formatFieldPath(["models", "openai/gpt-5", "alias"])).toBe('models["openai/gpt-5"].alias');
    expect(formatFieldPath(["env", "A B"])).toBe('env["A B"]');
    expect(formatFieldPath(["1x"])).toBe('["1x"]');
    expect(formatFieldPath(["a", "kebab-key", "$ok"])).toBe("a.kebab-key.$ok");
  });
});

describe("formatFieldPlace", () => {
  it("erases indexes but keeps quoted keys", () => {
    expect(formatFieldPlace(["turns", 3, "expect", 12, "env", "A B"])).toBe('turns[].expect[].env["A B"]');
  });
});
