import { linkSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkWritableTarget,
  resolveWorkspacePath,
  resolveWorkspacePathLexically,
} from "../../src/tools/resolve-workspace-path.js";
import { createWorkspace, removeTestRoots } from "./tool-test-helpers.js";

afterEach(removeTestRoots);

describe("resolveWorkspacePathLexically", () => {
  const lexical = (input: string, options: { homeDir?: string; allowRoot?: boolean } = {}) =>
    resolveWorkspacePathLexically({ input, workspaceDir: "/w", homeDir: options.homeDir ?? "/home/u", ...options });

  it.each([
    ["notes/a.md", "/w/notes/a.md"],
    ["./memory/../MEMORY.md", "/w/MEMORY.md"],
    ["@notes/a.md", "/w/notes/a.md"],
    ["/w/notes/a.md", "/w/notes/a.md"],
    ["notes/", "/w/notes"],
    ["..foo", "/w/..foo"],
    ["a/../../w/b", "/w/b"],
    ["@@x", "/w/@x"],
    ["notes\u00a0a.md", "/w/notes a.md"],
    ["\u2000\u200a\u202f\u205f\u3000x", "/w/     x"],
  ])("resolves %j inside the root", (input, path) => {
    expect(lexical(input)).toEqual({ ok: true, path });
  });

  it.each(["../secrets.txt", "/etc/passwd", "~/x", "~", "..", "@../x", "/w2/x", "/w/../etc", "notes/../../x"])(
    "refuses %j",
    (input) => {
      expect(lexical(input)).toEqual({ ok: false, error: `Path escapes workspace root: ${input}` });
    },
  );

  it("expands ~ to a home inside the root", () => {
    expect(lexical("~/x", { homeDir: "/w/home" })).toEqual({ ok: true, path: "/w/home/x" });
    expect(lexical("~", { homeDir: "/w/home" })).toEqual({ ok: true, path: "/w/home" });
  });

  it("does not expand ~user or a ~ after the first character", () => {
    expect(lexical("~user/x")).toEqual({ ok: true, path: "/w/~user/x" });
    expect(lexical("a/~/x")).toEqual({ ok: true, path: "/w/a/~/x" });
  });

  it("accepts the root itself only when allowRoot is set", () => {
    for (const input of ["", ".", "./", "@", "/w", "a/.."]) {
      expect(lexical(input, { allowRoot: true })).toEqual({ ok: true, path: "/w" });
      expect(lexical(input)).toEqual({ ok: false, error: `Path is the workspace root, not a file: ${input}` });
    }
  });

  it("refuses a NUL character and a relative root", () => {
    expect(lexical("a\0b")).toEqual({ ok: false, error: "Invalid path (contains a NUL character): a\0b" });
    expect(() => resolveWorkspacePathLexically({ input: "a", workspaceDir: "w", homeDir: "/h" })).toThrow(
      /not absolute/,
    );
  });
});

describe("resolveWorkspacePath (alias check on disk)", () => {
  function setup() {
    const workspace = createWorkspace({ "notes/a.md": "a", "inside.md": "in" });
    const outside = createWorkspace({ "secret.txt": "s", "dir/inner.txt": "i" });
    const resolve = (input: string, allowRoot = false) =>
      resolveWorkspacePath({ input, workspaceDir: workspace.root, homeDir: outside.root, fs: workspace.fs, allowRoot });
    return { workspace, outside, resolve };
  }

  it("accepts existing and new paths inside, and symlinks that stay inside", async () => {
    const { workspace, resolve } = setup();
    symlinkSync(join(workspace.root, "inside.md"), join(workspace.root, "notes/alias.md"));
    expect(await resolve("notes/a.md")).toEqual({ ok: true, path: join(workspace.root, "notes/a.md") });
    expect(await resolve("new/deep/file.md")).toEqual({ ok: true, path: join(workspace.root, "new/deep/file.md") });
    expect(await resolve("notes/alias.md")).toEqual({ ok: true, path: join(workspace.root, "notes/alias.md") });
    expect(await resolve(".", true)).toEqual({ ok: true, path: workspace.root });
  });

  it("refuses symlinks to files and folders outside, and paths through them", async () => {
    const { workspace, outside, resolve } = setup();
    symlinkSync(join(outside.root, "secret.txt"), join(workspace.root, "notes/link.md"));
    symlinkSync(join(outside.root, "dir"), join(workspace.root, "linked"));
    for (const input of ["notes/link.md", "linked", "linked/inner.txt", "linked/new/file.txt", "~/secret.txt"]) {
      expect(await resolve(input)).toEqual({ ok: false, error: `Path escapes workspace root: ${input}` });
    }
  });

  it("refuses a dangling symlink, whose target cannot be checked", async () => {
    const { workspace, outside, resolve } = setup();
    symlinkSync(join(outside.root, "not-yet.txt"), join(workspace.root, "dangling.md"));
    expect(await resolve("dangling.md")).toEqual({ ok: false, error: "Path escapes workspace root: dangling.md" });
  });

  it("works when the workspace root itself is reached through a symlink", async () => {
    const { workspace, outside } = setup();
    const alias = join(outside.root, "alias-of-workspace");
    symlinkSync(workspace.root, alias);
    const result = await resolveWorkspacePath({
      input: "notes/a.md",
      workspaceDir: alias,
      homeDir: "/h",
      fs: workspace.fs,
    });
    expect(result).toEqual({ ok: true, path: join(alias, "notes/a.md") });
  });
});

describe("checkWritableTarget", () => {
  it("refuses a file with a second hard link and accepts single or missing files", async () => {
    const workspace = createWorkspace({ "a.md": "a", "single.md": "s" });
    mkdirSync(join(workspace.root, "sub"));
    linkSync(join(workspace.root, "a.md"), join(workspace.root, "sub/b.md"));
    const check = (name: string) =>
      checkWritableTarget({ path: join(workspace.root, name), input: name, fs: workspace.fs });
    expect(await check("a.md")).toEqual({ ok: false, error: "Path escapes workspace root: a.md" });
    expect(await check("sub/b.md")).toEqual({ ok: false, error: "Path escapes workspace root: sub/b.md" });
    expect(await check("single.md")).toEqual({ ok: true, path: join(workspace.root, "single.md") });
    expect(await check("missing.md")).toEqual({ ok: true, path: join(workspace.root, "missing.md") });
  });
});
