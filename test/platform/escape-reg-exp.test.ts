import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileSafeRegex } from "../../src/platform/compile-safe-regex.js";
import { escapeRegExp } from "../../src/platform/escape-reg-exp.js";
import { assertProperty } from "../support/assert-property.js";

// Guards against: a syntax character left unescaped (the pattern means something else, or does
// not compile), and over-escaping that the `u` flag or the linear-time engine rejects.
const SYNTAX = [..."^$.*+?()[]{}|\\"];
const textWithSyntax = fc.string({ unit: fc.constantFrom(...SYNTAX, "a", "/", "-", " ", "é"), maxLength: 40 });

describe("escapeRegExp", () => {
  it("escapes every syntax character and nothing else", () => {
    expect(escapeRegExp("a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q")).toBe(
      "a\\.b\\*c\\+d\\?e\\^f\\$g\\{h\\}i\\(j\\)k\\|l\\[m\\]n\\\\o/p-q",
    );
    expect(escapeRegExp("")).toBe("");
  });

  it("property: the escaped text matches exactly itself, with and without the u flag", () => {
    assertProperty(
      fc.property(textWithSyntax, (text) => {
        for (const flags of ["", "u"]) {
          const pattern = new RegExp(`^${escapeRegExp(text)}$`, flags);
          if (!pattern.test(text) || (text !== "" && pattern.test(`${text}x`))) return false;
        }
        return true;
      }),
    );
  });

  it("property: the escaped text compiles on the linear-time engine and matches itself", () => {
    assertProperty(
      fc.property(textWithSyntax, (text) => {
        const compiled = compileSafeRegex({ pattern: `^${escapeRegExp(text)}$` });
        return compiled.ok && compiled.regex.test(text) && !compiled.regex.test(`${text}x`);
      }),
    );
  });
});
