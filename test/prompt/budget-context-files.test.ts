import { describe, expect, it } from "vitest";
import type { BootstrapFile } from "../../src/prompt/bootstrap-files.js";
import { budgetContextFiles, truncationMarker } from "../../src/prompt/budget-context-files.js";

const file = (name: string, content: string): BootstrapFile => ({ name, path: `/w/${name}`, content, missing: false });
const missing = (name: string): BootstrapFile => ({ name, path: `/w/${name}`, missing: true });
const defaults = { maxChars: 20_000, totalMaxChars: 150_000 };

describe("budgetContextFiles (spec/prompt.md §9.4-9.5)", () => {
  it("keeps a file at exactly the per-file cap unchanged", () => {
    const result = budgetContextFiles([file("SOUL.md", "a".repeat(20_000))], defaults);
    expect(result.contextFiles[0]?.content.length).toBe(20_000);
    expect(result.report[0]).toEqual({
      path: "/w/SOUL.md",
      missing: false,
      originalChars: 20_000,
      injectedChars: 20_000,
      headChars: 20_000,
      tailChars: 0,
      truncated: false,
    });
  });

  it("truncates one char over the cap to 14000 head + marker + 4000 tail = 18106 chars", () => {
    const text = `${"h".repeat(14_000)}${"m".repeat(2_001)}${"t".repeat(4_000)}`;
    const result = budgetContextFiles([file("SOUL.md", text)], defaults);
    const content = result.contextFiles[0]?.content ?? "";
    expect(content.length).toBe(18_106);
    expect(content.startsWith("h".repeat(14_000))).toBe(true);
    expect(content.endsWith("t".repeat(4_000))).toBe(true);
    expect(content).toContain("…(truncated SOUL.md: kept 14000+4000 chars of 20001)…");
    expect(content).toContain(`\n${truncationMarker("SOUL.md", 14_000, 4_000, 20_001)}\n`);
    expect(result.report[0]).toMatchObject({
      headChars: 14_000,
      tailChars: 4_000,
      truncated: true,
      originalChars: 20_001,
    });
    expect(result.warnings).toHaveLength(1);
  });

  it("truncates 250 chars at maxChars 100 to 70 + marker + 20 = 189 chars", () => {
    const result = budgetContextFiles([file("USER.md", "u".repeat(250))], { maxChars: 100, totalMaxChars: 150_000 });
    expect(result.contextFiles[0]?.content.length).toBe(189);
  });

  it("trims trailing whitespace before measuring", () => {
    const result = budgetContextFiles([file("A.md", "hello  \n\n\n")], defaults);
    expect(result.contextFiles).toEqual([{ path: "/w/A.md", content: "hello" }]);
  });

  it("writes the missing marker and omits empty files", () => {
    const result = budgetContextFiles([missing("TOOLS.md"), file("USER.md", "")], defaults);
    expect(result.contextFiles).toEqual([{ path: "/w/TOOLS.md", content: "[MISSING] Expected at: /w/TOOLS.md" }]);
    expect(result.contextFiles[0]?.content.length).toBe(34);
  });

  it("stops when fewer than 64 chars remain", () => {
    const files = [file("A.md", "a".repeat(150)), file("B.md", "b".repeat(150)), file("C.md", "c".repeat(150))];
    const result = budgetContextFiles(files, { maxChars: 1000, totalMaxChars: 320 });
    expect(result.contextFiles.map((entry) => entry.path)).toEqual(["/w/A.md", "/w/B.md"]);
    expect(result.warnings[0]).toMatch(/20 chars left/);
  });

  it("still adds a missing marker, clamped, below the 64-char minimum", () => {
    const files = [file("A.md", "a".repeat(150)), file("B.md", "b".repeat(150)), missing("M.md")];
    const result = budgetContextFiles(files, { maxChars: 1000, totalMaxChars: 310 });
    expect(result.contextFiles[2]).toEqual({ path: "/w/M.md", content: "[MISSING]…" });
  });
});

describe("budgetContextFiles: more of §9.4-9.5 and §13", () => {
  it("truncates 30000 chars to 18106 with a marker that states the original length", () => {
    const result = budgetContextFiles([file("SOUL.md", "s".repeat(30_000))], defaults);
    expect(result.contextFiles[0]?.content.length).toBe(18_106);
    expect(result.contextFiles[0]?.content).toContain("…(truncated SOUL.md: kept 14000+4000 chars of 30000)…");
  });

  it("keeps exactly 70 head and 20 tail chars of a 250-char file at maxChars 100", () => {
    const text = `${"h".repeat(70)}${"m".repeat(160)}${"t".repeat(20)}`;
    const result = budgetContextFiles([file("USER.md", text)], { maxChars: 100, totalMaxChars: 150_000 });
    expect(result.contextFiles[0]?.content).toBe(
      `${"h".repeat(70)}\n${truncationMarker("USER.md", 70, 20, 250)}\n${"t".repeat(20)}`,
    );
    expect(result.report[0]).toMatchObject({ headChars: 70, tailChars: 20, injectedChars: 189, truncated: true });
  });

  it.each([1, 2, 3, 4])("keeps the classic T = 0 quirk at maxChars %i: tail(0) is the whole text", (maxChars) => {
    const text = "abcdefghijklmnopqrstuvwxyz0123";
    const head = Math.floor(maxChars * 0.7);
    const result = budgetContextFiles([file("A.md", text)], { maxChars, totalMaxChars: 150_000 });
    expect(result.contextFiles[0]?.content).toBe(
      `${text.slice(0, head)}\n${truncationMarker("A.md", head, 0, 30)}\n${text}`,
    );
    expect(result.report[0]).toMatchObject({ headChars: head, tailChars: 0, truncated: true });
  });

  it("then clamps a quirk result to the remaining budget", () => {
    const result = budgetContextFiles([file("A.md", "x".repeat(200))], { maxChars: 3, totalMaxChars: 120 });
    const content = result.contextFiles[0]?.content ?? "";
    expect(content.length).toBe(120);
    expect(content.endsWith("…")).toBe(true);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, "300" as unknown as number])(
    "treats maxChars %j as the default 20000",
    (maxChars) => {
      const result = budgetContextFiles([file("A.md", "a".repeat(20_001))], { maxChars, totalMaxChars: 150_000 });
      expect(result.report[0]).toMatchObject({ headChars: 14_000, tailChars: 4_000 });
    },
  );

  it("floors a fractional maxChars (100.9 → 100)", () => {
    const result = budgetContextFiles([file("A.md", "a".repeat(250))], { maxChars: 100.9, totalMaxChars: 150_000 });
    expect(result.report[0]).toMatchObject({ headChars: 70, tailChars: 20 });
  });

  it("reports H and T when the clamp cuts the tail but the marker line survives", () => {
    const result = budgetContextFiles([file("A.md", "a".repeat(5_000))], { maxChars: 20_000, totalMaxChars: 500 });
    const content = result.contextFiles[0]?.content ?? "";
    expect(content.length).toBe(500);
    expect(content).toContain("kept 350+100 chars of 5000");
    expect(result.report[0]).toMatchObject({ injectedChars: 500, headChars: 350, tailChars: 100, truncated: true });
  });

  it("reports injectedChars - 1 and 0 when the clamp removed the marker line", () => {
    const result = budgetContextFiles([file("A.md", "a".repeat(150))], { maxChars: 20_000, totalMaxChars: 100 });
    const untrimmed = `${"a".repeat(70)}\n${truncationMarker("A.md", 70, 20, 150)}`;
    expect(result.contextFiles[0]?.content).toBe(`${untrimmed.slice(0, 99)}…`);
    expect(result.report[0]).toMatchObject({ injectedChars: 100, headChars: 99, tailChars: 0, truncated: true });
  });

  it("reports missing blocks, skips blank paths with a warning and does not list omitted files", () => {
    const result = budgetContextFiles(
      [missing("TOOLS.md"), { name: "X.md", path: "  ", content: "x", missing: false }, file("USER.md", " \n")],
      defaults,
    );
    expect(result.report).toEqual([
      {
        path: "/w/TOOLS.md",
        missing: true,
        originalChars: 34,
        injectedChars: 34,
        headChars: 34,
        tailChars: 0,
        truncated: false,
      },
    ]);
    expect(result.warnings).toEqual([expect.stringContaining("X.md")]);
  });

  it("clamps a missing marker to 3 chars or fewer without an ellipsis", () => {
    const result = budgetContextFiles([file("A.md", "a".repeat(98)), missing("B.md")], {
      maxChars: 20_000,
      totalMaxChars: 100,
    });
    expect(result.contextFiles[1]).toEqual({ path: "/w/B.md", content: "[M" });
    expect(result.report[1]).toMatchObject({ missing: true, injectedChars: 2, truncated: true });
  });
});

describe("budgetContextFiles: MEMORY.md line cap (spec/memory.md §1.1, prompt.md §14 D3)", () => {
  const lines = (count: number) => Array.from({ length: count }, (_, index) => `fact ${index + 1}`).join("\n");
  const markers = (name: string, total: number) =>
    `[...truncated, read ${name} for full content...]\n…(truncated ${name}: kept 200 of ${total} lines)…`;

  it("keeps the first 200 lines of MEMORY.md and memory.md plus the two marker lines", () => {
    const result = budgetContextFiles([file("MEMORY.md", `${lines(300)}\n`), file("memory.md", lines(201))], defaults);
    expect(result.contextFiles[0]?.content).toBe(`${lines(200)}\n${markers("MEMORY.md", 300)}`);
    expect(result.contextFiles[1]?.content).toBe(`${lines(200)}\n${markers("memory.md", 201)}`);
    expect(result.report[0]).toMatchObject({
      originalChars: lines(300).length,
      headChars: lines(200).length,
      tailChars: 0,
      truncated: true,
    });
  });

  it("leaves MEMORY.md whole with memoryMaxLines 0, and other files whole always", () => {
    const off = budgetContextFiles([file("MEMORY.md", lines(300))], { ...defaults, memoryMaxLines: 0 });
    expect(off.contextFiles[0]?.content).toBe(lines(300));
    expect(off.report[0]?.truncated).toBe(false);
    const other = budgetContextFiles([file("AGENTS.md", lines(300))], defaults);
    expect(other.contextFiles[0]?.content).toBe(lines(300));
    const atCap = budgetContextFiles([file("MEMORY.md", lines(200))], defaults);
    expect(atCap.contextFiles[0]?.content).toBe(lines(200));
  });

  it("applies the char rule after the line cap", () => {
    const long = Array.from({ length: 250 }, (_, index) => `${index}`.padEnd(199, "x")).join("\n");
    const result = budgetContextFiles([file("MEMORY.md", long)], defaults);
    const capped = long.split("\n").slice(0, 200).join("\n");
    const cappedLength = capped.length + 1 + markers("MEMORY.md", 250).length;
    expect(result.contextFiles[0]?.content).toContain(`kept 14000+4000 chars of ${cappedLength}`);
    expect(result.contextFiles[0]?.content.endsWith(markers("MEMORY.md", 250).slice(-4000))).toBe(true);
  });
});
