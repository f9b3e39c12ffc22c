import fc from "fast-check";
import { casesCase } from "./cases-case.js";
import type { FuzzClass } from "./fuzz-types.js";
import { anyText, hugeText } from "./fuzz-values.js";

const cell = fc.oneof({ weight: 2, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 1, arbitrary: anyText });
const rows = fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 12 });

/**
 * Rows where one answer cell may be huge (one, so that an input stays a few MiB at most). Only
 * answers: a huge question is a huge user message, which scenario/long-user-message covers.
 */
const rowsWithHugeCell = fc.tuple(rows, fc.option(hugeText, { nil: undefined }), fc.nat()).map(([body, huge, at]) => {
  if (huge === undefined) return body;
  const copy = body.map((row) => [...row] as [string, string]);
  const row = copy[at % copy.length];
  if (row !== undefined) row[1] = huge;
  return copy;
});

function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value.startsWith(" ") ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvText(header: readonly string[], body: readonly (readonly string[])[], newline: string): string {
  return [header, ...body].map((record) => record.map(csvField).join(",")).join(newline) + newline;
}

/** CSV files that are valid but odd: BOM, CRLF, blank lines, quoted newlines, unicode, NUL, huge cells. */
export function csvOddClass(): FuzzClass {
  const arbitrary = fc
    .tuple(rowsWithHugeCell, fc.constantFrom("\n", "\r\n"), fc.boolean(), fc.boolean())
    .map(([body, newline, bom, blank]) => {
      const text = csvText(["q", "a"], body, newline);
      const content = `${bom ? "\uFEFF" : ""}${blank ? text.replace(newline, `${newline}${newline}`) : text}`;
      return casesCase({
        label: `${body.length} CSV rows${bom ? ", BOM" : ""}${newline === "\r\n" ? ", CRLF" : ""}`,
        file: "cases.csv",
        content,
        invalid: false,
      });
    });
  return { name: "cases/csv-odd", category: "cases", arbitrary };
}

/** Broken CSV files: ragged rows, bad headers, unterminated quotes, stray quotes, no rows, duplicate ids. */
export function csvInvalidClass(): FuzzClass {
  const breakages: fc.Arbitrary<{ label: string; content: string }> = fc.oneof(
    rows.map((body) => ({ label: "ragged row", content: `${csvText(["q", "a"], body, "\n")}x,y,z\n` })),
    rows.map((body) => ({ label: "duplicate header", content: csvText(["q", "q"], body, "\n") })),
    rows.map((body) => ({ label: "empty header name", content: csvText(["q", ""], body, "\n") })),
    rows.map((body) => ({ label: "unterminated quote", content: `${csvText(["q", "a"], body, "\n")}"open,x` })),
    rows.map((body) => ({
      label: "text after a closing quote",
      content: `${csvText(["q", "a"], body, "\n")}"a"b,c\n`,
    })),
    fc.constantFrom(
      { label: "empty file", content: "" },
      { label: "header only", content: "q,a\n" },
      { label: "blank lines only", content: "\n\r\n\n" },
    ),
    fc.stringMatching(/^[a-z0-9]{1,8}$/).map((id) => ({
      label: "duplicate ids",
      content: csvText(
        ["id", "q", "a"],
        [
          [id, "1", "2"],
          [id, "3", "4"],
        ],
        "\n",
      ),
    })),
  );
  const arbitrary = breakages.map(({ label, content }) =>
    casesCase({ label: `CSV: ${label}`, file: "cases.csv", content, invalid: true }),
  );
  return { name: "cases/csv-invalid", category: "cases", arbitrary };
}
