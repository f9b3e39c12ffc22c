import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/domain/index.js";
import { parseCsv } from "../../src/scenarios/parse-csv.js";

describe("parseCsv", () => {
  it("reads a header and rows as strings, with the line each row starts on", () => {
    expect(parseCsv("city,temp\nParis,18\nOslo,-2\n", "c.csv")).toEqual({
      rows: [
        { line: 2, fields: { city: "Paris", temp: "18" } },
        { line: 3, fields: { city: "Oslo", temp: "-2" } },
      ],
      diagnostics: [],
    });
  });

  it("follows RFC 4180 quoting: commas, doubled quotes, newlines and CRLF", () => {
    const text = 'q,a\r\n"Say ""hi"", please","x"\r\n"two\nlines",\r\n,""\r\n';
    expect(parseCsv(text, "c.csv").rows).toEqual([
      { line: 2, fields: { q: 'Say "hi", please', a: "x" } },
      { line: 3, fields: { q: "two\nlines", a: "" } },
      { line: 5, fields: { q: "", a: "" } },
    ]);
  });

  it("skips blank lines and a byte-order mark, and accepts a last line without newline", () => {
    expect(parseCsv("\uFEFFa,b\n\n1,2\n\n3,4", "c.csv").rows).toEqual([
      { line: 3, fields: { a: "1", b: "2" } },
      { line: 5, fields: { a: "3", b: "4" } },
    ]);
  });

  it("reports rows with the wrong number of fields, naming their lines", () => {
    const result = parseCsv("x,y\n1,2\n3\n4,5,6\n", "c.csv");
    expect(result.rows).toEqual([{ line: 2, fields: { x: "1", y: "2" } }]);
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      "c.csv:3:1: expected 2 fields as in the header, found 1",
      "c.csv:4:1: expected 2 fields as in the header, found 3",
    ]);
  });

  it("reports quoting errors, empty files and bad headers", () => {
    expect(parseCsv('a\n"open\n', "c.csv").diagnostics.map(formatDiagnostic)).toEqual([
      "c.csv:2:1: expected a closing quote, found the end of the file",
    ]);
    expect(parseCsv('a,b\n"x"y,2\n', "c.csv").diagnostics.map(formatDiagnostic)).toEqual([
      'c.csv:2:4: expected a comma or the end of the line after a closing quote, found "y"',
    ]);
    expect(parseCsv("", "c.csv").diagnostics.map(formatDiagnostic)).toEqual([
      "c.csv:1:1: expected a header row naming the case fields, found an empty file",
    ]);
    expect(parseCsv("a,a,\n1,2,3\n", "c.csv").diagnostics.map(formatDiagnostic)).toEqual([
      'c.csv:1:1: expected unique, non-empty field names in the header, found "a" twice',
      "c.csv:1:1: expected unique, non-empty field names in the header, found an empty name",
    ]);
  });
});
