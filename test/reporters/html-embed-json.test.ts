import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { embedJson, jsonScriptElement } from "../../src/reporters/html-embed-json.js";
import { assertProperty } from "../support/assert-property.js";

describe("embedJson", () => {
  it("writes <, >, & and the line separators as \\u escapes, so recorded text cannot end a script element", () => {
    const value = { reply: "</script><!-- <script>alert(1)</script> & \u2028\u2029 -->" };
    const text = embedJson(value);
    expect(text).toBe(
      '{"reply":"\\u003c/script\\u003e\\u003c!-- \\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\u2028\\u2029 --\\u003e"}',
    );
    expect(JSON.parse(text)).toEqual(value);
    expect(jsonScriptElement("data", text)).toBe(`<script type="application/json" id="data">${text}</script>`);
  });

  it("round-trips every JSON value and never emits <, >, &, a line break or a line separator", () => {
    assertProperty(
      fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, text) => {
        for (const input of [value, { text }]) {
          const embedded = embedJson(input);
          expect(embedded).not.toMatch(/[<>&\n\r\u2028\u2029]/);
          expect(JSON.parse(embedded)).toEqual(JSON.parse(JSON.stringify(input)));
        }
      }),
    );
  });
});
