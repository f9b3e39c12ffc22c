import { describe, expect, it } from "vitest";
import { checkOpenClawConfig } from "../../src/config/check-openclaw-config.js";
import { checkPathText, MAX_PATH_BYTES, PATH_TEXT_EXPECTED } from "../../src/config/check-path-text.js";
import { resolveOpenClawConfig } from "../../src/config/resolve-openclaw-config.js";

describe("checkPathText", () => {
  it("accepts ordinary paths, names and paths at the limits", () => {
    expect(checkPathText("~/code/repo")).toBeUndefined();
    expect(checkPathText("python3")).toBeUndefined();
    expect(checkPathText("é".repeat(127))).toBeUndefined();
    expect(checkPathText(`/${"a/".repeat(2047)}`)).toBeUndefined();
  });

  it("names a NUL byte, an over-long path and an over-long name", () => {
    expect(checkPathText("a\u0000b")).toBe("a NUL byte at offset 1");
    expect(checkPathText("/x".repeat(2500))).toBe(`5000 bytes, more than the ${MAX_PATH_BYTES} a path may have`);
    expect(checkPathText(`/tmp/${"é".repeat(128)}/x`)).toBe(
      "a 256-byte name, more than the 255 a file or folder name may have",
    );
  });
});

describe("path-valued config keys", () => {
  const bad = ["a\u0000b", "r".repeat(5000)];

  it("warn about a repoRoot with a NUL byte or 5 000 characters, and resolve it as absent", () => {
    for (const repoRoot of bad) {
      const config = { agents: { defaults: { repoRoot } } };
      const { issues } = checkOpenClawConfig(config);
      expect(issues.map((issue) => [issue.severity, issue.path, issue.expected])).toEqual([
        ["warning", "agents.defaults.repoRoot", `${PATH_TEXT_EXPECTED} (the value is ignored)`],
      ]);
      expect(resolveOpenClawConfig(config).agents.defaults.repoRoot).toBeUndefined();
    }
  });

  it("check every other path key the same way, list entries one by one", () => {
    const config = {
      agents: {
        defaults: { workspace: bad[0], memorySearch: { extraPaths: ["ok", bad[1]], store: { path: bad[0] } } },
        list: [{ id: "a", workspace: bad[1] }],
      },
      skills: { load: { extraDirs: [bad[0], "fine"], bundledDir: bad[1] } },
    };
    expect(checkOpenClawConfig(config).issues.map((issue) => issue.path)).toEqual([
      "agents.defaults.workspace",
      "agents.defaults.memorySearch.extraPaths[1]",
      "agents.defaults.memorySearch.store.path",
      "agents.list[0].workspace",
      "skills.load.extraDirs[0]",
      "skills.load.bundledDir",
    ]);
    const resolved = resolveOpenClawConfig(config);
    expect(resolved.agents.defaults.workspace).toBeUndefined();
    expect(resolved.agents.defaults.memorySearch.extraPaths).toEqual(["ok"]);
    expect(resolved.skills.load.extraDirs).toEqual(["fine"]);
    expect(resolved.skills.load.bundledDir).toBeUndefined();
  });
});
