import { describe, expect, it } from "vitest";
import {
  formatLine,
  formatList,
  formatString,
  formatToolCalls,
  formatValue,
  quote,
  stableJson,
  truncateText,
} from "../../src/expectations/format-value.js";

describe("format-value", () => {
  it("quotes with JSON escaping", () => {
    expect(quote('say "hi"\n\tnow')).toBe('"say \\"hi\\"\\n\\tnow"');
  });

  it("truncates with a note of what was cut", () => {
    expect(truncateText("abcdef", 6)).toBe("abcdef");
    expect(truncateText("abcdefgh", 3)).toBe("abc… (5 more chars)");
  });

  it("does not split a surrogate pair", () => {
    expect(truncateText("a😀b", 2)).toBe("a… (3 more chars)");
  });

  it("truncates a string before quoting it", () => {
    expect(formatString("hello world", 5)).toBe('"hello"… (6 more chars)');
  });

  it("renders JSON with sorted keys at every depth", () => {
    expect(stableJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it("renders cycles, bigints and undefined without throwing", () => {
    const cyclic: Record<string, unknown> = { name: "x" };
    cyclic.self = cyclic;
    expect(stableJson(cyclic)).toBe('{"name":"x","self":"[Circular]"}');
    expect(stableJson(10n)).toBe('"10n"');
    expect(stableJson(undefined)).toBe("undefined");
  });

  it("formats any value", () => {
    expect(formatValue("a", 10)).toBe('"a"');
    expect(formatValue({ b: 2, a: 1 }, 10)).toBe('{"a":1,"b"… (3 more chars)');
    expect(formatValue(function check() {}, 10)).toBe("[function check]");
  });

  it("formats lists, lines and tool calls", () => {
    expect(formatList(["read", "write"])).toBe('["read", "write"]');
    expect(formatLine("first\n  second\r\nthird ", 100)).toBe("first second third");
    expect(formatToolCalls([])).toBe("no tool calls");
    expect(
      formatToolCalls([
        { name: "read", input: { path: "a.md" } },
        { name: "ls", input: {} },
      ]),
    ).toBe('read({"path":"a.md"}), ls({})');
  });
});
