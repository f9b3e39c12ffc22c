import type { Diagnostic } from "../domain/index.js";
import type { CaseRow, ParsedCaseRows } from "./parse-jsonl.js";
import { MAX_CASES } from "./scenario-limits.js";

interface CsvRecord {
  line: number;
  values: string[];
}

/**
 * Parses CSV (RFC 4180: comma separated, `"` quoting with `""` escapes, quoted fields may hold
 * commas and newlines; CRLF or LF). The header row names the fields; every value is a string.
 * Blank lines are skipped; a row with a different column count is a diagnostic. Reads at most
 * `MAX_CASES` rows after the header (see `tooManyRows`). Pure.
 */
export function parseCsv(text: string, file: string): ParsedCaseRows {
  const diagnostics: Diagnostic[] = [];
  const problem = (line: number, column: number, expected: string, found: string): void => {
    diagnostics.push({ file, line, column, path: "", expected, found, severity: "error" });
  };
  const records = splitRecords(text.replace(/^\uFEFF/, ""), problem);
  // splitRecords stops one row past the limit: that row only shows there are too many.
  const tooMany = records.length > MAX_CASES + 1 ? { tooManyRows: true as const } : {};
  if (records.length > MAX_CASES + 1) records.length = MAX_CASES + 1;
  const [header, ...body] = records;
  if (header === undefined) {
    problem(1, 1, "a header row naming the case fields", "an empty file");
    return { rows: [], diagnostics };
  }
  const seen = new Set<string>();
  for (const name of header.values) {
    if (name === "" || seen.has(name)) {
      problem(
        header.line,
        1,
        "unique, non-empty field names in the header",
        name === "" ? "an empty name" : `"${name}" twice`,
      );
    }
    seen.add(name);
  }
  const rows: CaseRow[] = [];
  for (const record of body) {
    if (record.values.length !== header.values.length) {
      problem(record.line, 1, `${header.values.length} fields as in the header`, `${record.values.length}`);
      continue;
    }
    const fields: Record<string, unknown> = {};
    header.values.forEach((name, index) => {
      fields[name] = record.values[index] ?? "";
    });
    rows.push({ line: record.line, fields });
  }
  return { rows, diagnostics, ...tooMany };
}

type Problem = (line: number, column: number, expected: string, found: string) => void;

function splitRecords(text: string, problem: Problem): CsvRecord[] {
  const records: CsvRecord[] = [];
  let values: string[] = [];
  let field = "";
  let line = 1;
  let column = 1;
  let recordLine = 1;
  let index = 0;
  const endRecord = (): void => {
    values.push(field);
    if (!(values.length === 1 && values[0] === "")) records.push({ line: recordLine, values });
    values = [];
    field = "";
  };
  // The header and one row over the limit are enough to say the file has too many.
  while (index < text.length && records.length <= MAX_CASES + 1) {
    const char = text[index];
    if (char === '"' && field === "") {
      const quoteLine = line;
      const quoteColumn = column;
      index++;
      column++;
      let closed = false;
      while (index < text.length) {
        const inner = text[index];
        if (inner === '"' && text[index + 1] === '"') {
          field += '"';
          index += 2;
          column += 2;
        } else if (inner === '"') {
          closed = true;
          index++;
          column++;
          break;
        } else {
          field += inner;
          index++;
          if (inner === "\n") {
            line++;
            column = 1;
          } else column++;
        }
      }
      if (!closed) problem(quoteLine, quoteColumn, "a closing quote", "the end of the file");
      const next = text[index];
      if (closed && next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
        problem(line, column, "a comma or the end of the line after a closing quote", `"${next}"`);
      }
      continue;
    }
    if (char === ",") {
      values.push(field);
      field = "";
    } else if (char === "\n" || (char === "\r" && text[index + 1] === "\n")) {
      if (char === "\r") index++;
      endRecord();
      line++;
      column = 0;
      recordLine = line;
    } else {
      field += char;
    }
    index++;
    column++;
  }
  if (records.length <= MAX_CASES + 1 && (field !== "" || values.length > 0)) endRecord();
  return records;
}
