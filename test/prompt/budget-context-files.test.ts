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
