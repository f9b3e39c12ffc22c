import { describe, expect, it } from "vitest";
import { describeInitDependency, parseInitSource, projectPackageName } from "../../src/cli/init-source.js";
import { buildProjectFiles, INIT_FILES } from "../../src/cli/init-templates.js";

describe("parseInitSource", () => {
  it("reads plain paths and file: specs as paths against the working directory", () => {
    expect(parseInitSource("../claw-eval", "/home/sam/project")).toEqual({ kind: "path", path: "/home/sam/claw-eval" });
    expect(parseInitSource("file:vendor/claw-eval-0.1.0.tgz", "/p")).toEqual({
      kind: "path",
      path: "/p/vendor/claw-eval-0.1.0.tgz",
    });
    expect(parseInitSource("/opt/claw-eval", "/p")).toEqual({ kind: "path", path: "/opt/claw-eval" });
  });

  it("keeps git URLs, GitHub shorthands and https tarballs as npm specs", () => {
    for (const spec of [
      "git+https://github.com/acme/claw-eval.git",
      "github:acme/claw-eval#v0.1.0",
      "git@github.com:acme/claw-eval.git",
      "https://example.com/claw-eval-0.1.0.tgz",
    ]) {
      expect(parseInitSource(spec, "/p")).toEqual({ kind: "remote", spec });
    }
  });
});

describe("describeInitDependency", () => {
  it("names a tarball inside the project relatively, so a CI checkout finds it", () => {
    expect(describeInitDependency({ kind: "path", path: "/p/vendor/claw-eval-0.1.0.tgz" }, "/p")).toEqual({
      spec: "file:vendor/claw-eval-0.1.0.tgz",
      installArgument: "./vendor/claw-eval-0.1.0.tgz",
      portable: true,
    });
  });

  it("names a folder outside the project absolutely and says it exists on this machine only", () => {
    expect(describeInitDependency({ kind: "path", path: "/work/claw-eval" }, "/p")).toEqual({
      spec: "file:/work/claw-eval",
      installArgument: "/work/claw-eval",
      portable: false,
    });
    expect(describeInitDependency({ kind: "path", path: "/p" }, "/p").portable).toBe(false);
  });

  it("passes a remote spec through unchanged", () => {
    const spec = "git+https://github.com/acme/claw-eval.git";
    expect(describeInitDependency({ kind: "remote", spec }, "/p")).toEqual({
      spec,
      installArgument: spec,
      portable: true,
    });
  });
});

describe("projectPackageName", () => {
  it("makes a valid npm name from the folder and never names the project claw-eval", () => {
    expect(projectPackageName("My Agent Tests")).toBe("my-agent-tests");
    expect(projectPackageName(".hidden_")).toBe("hidden");
    expect(projectPackageName("claw-eval")).toBe("claw-eval-scenarios");
    expect(projectPackageName("!!!")).toBe("claw-eval-scenarios");
  });
});

describe("init templates", () => {
  it("point the scenarios at the installed package's schema, never at a CDN", () => {
    for (const [path, text] of Object.entries(INIT_FILES).filter(([path]) => path.endsWith(".yaml"))) {
      expect(text.split("\n")[0], path).toBe(
        "# yaml-language-server: $schema=../node_modules/claw-eval/schema/scenario.schema.json",
      );
    }
    expect(Object.values(INIT_FILES).join("\n")).not.toMatch(/unpkg|jsdelivr|https:\/\/[^\s]*schema/);
  });

  it("install claw-eval in the workflow from package.json, not by name from the registry", () => {
    const workflow = INIT_FILES[".github/workflows/claw-eval.yml"] ?? "";
    expect(workflow).toContain("npm ci --no-audit --no-fund; else npm install --no-audit --no-fund");
    expect(workflow).not.toMatch(/npm (install|i|add)\b[^\n;]*\bclaw-eval/);
    expect(workflow).toContain("npx --no claw-eval run scenarios/");
  });

  it("write a private package.json whose dev dependency is the given spec", () => {
    const files = buildProjectFiles({ name: "demo", dependencySpec: "file:vendor/claw-eval-0.1.0.tgz" });
    expect(JSON.parse(files["package.json"] ?? "")).toEqual({
      name: "demo",
      version: "0.0.0",
      private: true,
      scripts: { test: "claw-eval run scenarios/" },
      devDependencies: { "claw-eval": "file:vendor/claw-eval-0.1.0.tgz" },
    });
    expect(files[".gitignore"]).toBe("node_modules/\nreports/\n");
  });
});
