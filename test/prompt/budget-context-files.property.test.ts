// Guards against context-file injection overrunning totalMaxChars or the budget left at injection, wrong head/tail truncation sizes, and markers or reports that misstate what was kept.
import fc from "fast-check";
import { describe, it } from "vitest";
import type { BootstrapFile } from "../../src/prompt/bootstrap-files.js";
import { budgetContextFiles } from "../../src/prompt/budget-context-files.js";
import { capMemoryLines } from "../../src/prompt/cap-memory-lines.js";
import { assertProperty } from "../support/assert-property.js";

const MARKER = /…\(truncated ([^:]+): kept (\d+)\+(\d+) chars of (\d+)\)…/;

/** Bodies from a small alphabet (no `…`), sometimes long, with trailing whitespace now and then. */
const body = fc
  .tuple(fc.string({ unit: fc.constantFrom("a", "b", "\n", " ", "é"), maxLength: 60 }), fc.nat({ max: 80 }))
  .map(([piece, times]) => piece.repeat(times));

/** Files with unique paths (`/w/<index>/<name>`), so each block maps back to its source. */
const filesArbitrary: fc.Arbitrary<BootstrapFile[]> = fc
  .array(
    fc.record({
      name: fc.constantFrom("AGENTS.md", "SOUL.md", "USER.md", "MEMORY.md", "memory.md"),
      content: body,
      missing: fc.boolean(),
      blankPath: fc.boolean(),
    }),
    { maxLength: 8 },
  )
  .map((entries) =>
    entries.map(({ name, content, missing, blankPath }, index) => ({
      name,
      path: blankPath && content.length % 7 === 0 ? " " : `/w/${index}/${name}`,
      ...(missing ? {} : { content }),
      missing,
    })),
  );

const budgetArbitrary = fc.record({
  maxChars: fc.integer({ min: 1, max: 3_000 }),
  totalMaxChars: fc.integer({ min: 1, max: 9_000 }),
  memoryMaxLines: fc.constantFrom(0, 3, 200),
});

describe("budgetContextFiles properties (spec/prompt.md §9.4)", () => {
  it("never exceeds totalMaxChars, never exceeds the budget remaining at injection, and keeps exactly H = floor(cap·0.7) head and T = floor(cap·0.2) tail chars as its marker states", () => {
    assertProperty(
      fc.property(filesArbitrary, budgetArbitrary, (files, budget) => {
        const { contextFiles, report } = budgetContextFiles(files, budget);
        let remaining = budget.totalMaxChars;
        if (report.length !== contextFiles.length) return false;
        for (const [index, block] of contextFiles.entries()) {
          const entry = report[index];
          if (entry === undefined || entry.path !== block.path || entry.injectedChars !== block.content.length) {
            return false;
          }
          if (block.content.length === 0 || block.content.length > remaining) return false;
          const marker = MARKER.exec(block.content);
          if (marker !== null && !entry.missing) {
            const source = files.find((file) => file.path === block.path);
            const trimmed = (source?.content ?? "").trimEnd();
            const text = capMemoryLines(trimmed, {
              fileName: source?.name ?? "",
              maxLines: source?.name.toLowerCase() === "memory.md" ? budget.memoryMaxLines : 0,
            }).text;
            const cap = Math.max(1, Math.min(budget.maxChars, remaining));
            const head = Number(marker[2]);
            const tail = Number(marker[3]);
            if (head !== Math.floor(cap * 0.7) || tail !== Math.floor(cap * 0.2)) return false;
            if (Number(marker[4]) !== text.length) return false;
            if (entry.headChars !== head || entry.tailChars !== tail || !entry.truncated) return false;
            if (!block.content.startsWith(`${text.slice(0, head)}\n\n[...truncated`)) return false;
            const whole = `${text.slice(0, head)}\n${marker.input.slice(head + 1, marker.index + marker[0].length)}\n\n${text.slice(-tail)}`;
            if (block.content.length === whole.length && block.content !== whole) return false;
          }
          remaining -= block.content.length;
        }
        return remaining >= 0;
      }),
      { numRuns: 400 },
    );
  });
});
