import { describe, expect, it } from "vitest";
import { findObsoleteGolden, goldenFoldersOf } from "../../src/golden/find-obsolete-golden.js";
import { formatGoldenFile, parseGoldenFile } from "../../src/golden/golden-file-text.js";
import { isCiEnvironment } from "../../src/golden/is-ci-environment.js";

describe("golden file text", () => {
  it("is the prompt plus one newline, read back exactly", () => {
    for (const prompt of ["a\nb", "a\n", "", "trailing spaces  "]) {
      expect(parseGoldenFile(formatGoldenFile(prompt))).toBe(prompt);
    }
    expect(formatGoldenFile("a")).toBe("a\n");
  });

  it("reads CRLF files and files without a final newline", () => {
    expect(parseGoldenFile("a\r\nb\r\n")).toBe("a\nb");
    expect(parseGoldenFile("a\nb")).toBe("a\nb");
  });
});

describe("obsolete golden files", () => {
  it("judges only the folders of referenced files, and lists the unreferenced .md files there, sorted", () => {
    const referenced = ["/g/tools/read.md", "/g/tools/write.md", "/g/basics/echo.md"];
    expect(goldenFoldersOf(referenced)).toEqual(["/g/basics", "/g/tools"]);
    const present = ["/g/tools/write.md", "/g/tools/old.md", "/g/tools/read.md", "/g/basics/echo.md", "/g/basics/a.md"];
    expect(findObsoleteGolden({ referenced, present })).toEqual(["/g/basics/a.md", "/g/tools/old.md"]);
  });
});

describe("isCiEnvironment", () => {
  it("is true for CI=true or CI=1 only", () => {
    const values = ["true", "TRUE", "1", " true ", "false", "0", "", "yes"];
    expect(values.map((CI) => isCiEnvironment({ CI }))).toEqual([true, true, true, true, false, false, false, false]);
    expect(isCiEnvironment({})).toBe(false);
  });
});
