// Guards against: summaries over the 16 000-char cap, lost or reordered suffix sections, and body text altered instead of cut.
import fc from "fast-check";
import { describe, it } from "vitest";
import {
  capPreservingSuffix,
  MAX_COMPACTION_SUMMARY_CHARS,
  SUMMARY_TRUNCATION_MARKER,
} from "../../src/context/assemble-compaction-summary.js";
import { formatFileOperations } from "../../src/context/format-file-operations.js";
import { assertProperty } from "../support/assert-property.js";

const text = (max: number) => fc.string({ maxLength: max, unit: fc.constantFrom("a", "b", "\n", "é", "#") });
const lengths = fc.nat({ max: 17_000 }).chain((length) => fc.constant("x".repeat(length)));

describe("capPreservingSuffix properties", () => {
  it("never exceeds 16 000 chars and keeps the suffix whole whenever it is under the cap", () => {
    assertProperty(
      fc.property(fc.oneof(text(50), lengths), fc.oneof(text(50), lengths), (body, suffix) => {
        const capped = capPreservingSuffix(body, suffix);
        if (capped.length > MAX_COMPACTION_SUMMARY_CHARS) return false;
        if (suffix.length >= MAX_COMPACTION_SUMMARY_CHARS)
          return capped === suffix.slice(-MAX_COMPACTION_SUMMARY_CHARS);
        if (!capped.endsWith(suffix)) return false;
        const head = capped.slice(0, capped.length - suffix.length);
        if (body.length + suffix.length <= MAX_COMPACTION_SUMMARY_CHARS) return head === body;
        const room = MAX_COMPACTION_SUMMARY_CHARS - suffix.length;
        const kept = Math.max(0, room - SUMMARY_TRUNCATION_MARKER.length);
        return head === body.slice(0, kept) + SUMMARY_TRUNCATION_MARKER.slice(0, room - kept);
      }),
    );
  });
});

describe("formatFileOperations properties", () => {
  it("the section stays within 2 000 chars and lists a prefix of each list in order", () => {
    const paths = fc.array(fc.string({ minLength: 1, maxLength: 120, unit: fc.constantFrom("a", "/", ".", "z") }), {
      maxLength: 80,
    });
    assertProperty(
      fc.property(paths, paths, (readFiles, modifiedFiles) => {
        const section = formatFileOperations({ readFiles, modifiedFiles });
        if (section.length > 2000) return false;
        const read = /<read-files>\n(.*?)\n<\/read-files>/s.exec(section)?.[1]?.split("\n") ?? [];
        const listed = read.filter((line) => !/^\.\.\.and \d+ more$/.test(line));
        return read.join("\n").length <= 900 && listed.every((path, index) => path === readFiles[index]);
      }),
    );
  });
});
