import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildBubblewrapArgs,
  buildBubblewrapCommand,
  quoteShellWord,
  SANDBOX_HIDDEN_DIRS,
} from "../../src/platform/build-bubblewrap-command.js";
import { runShellCommand } from "../../src/platform/run-shell-command.js";
import { assertProperty } from "../support/assert-property.js";

const BWRAP = "/usr/bin/bwrap";

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

const hiddenDirs = SANDBOX_HIDDEN_DIRS.filter((dir) => existsSync(dir) && lstatSync(dir).isDirectory());

/** Runs `command` through the real bwrap the way the exec tool does, with node's folder on PATH. */
async function runSandboxed(command: string, workspaceDir: string) {
  const nodeDir = dirname(process.execPath);
  return runShellCommand({
    command: buildBubblewrapCommand({
      bwrapPath: BWRAP,
      command,
      workspaceDir,
      cwd: workspaceDir,
      hiddenDirs,
      readableDirs: [nodeDir, "/usr/bin", "/bin"],
    }),
    cwd: workspaceDir,
    env: { PATH: `${nodeDir}:/usr/bin:/bin` },
    timeoutMs: 60_000,
  });
}

describe("quoteShellWord", () => {
  it("any text without NUL reaches the program unchanged through /bin/sh", () => {
    assertProperty(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        const printed = execFileSync("/bin/sh", ["-c", `printf %s ${quoteShellWord(text)}`], { encoding: "utf8" });
        return printed === text;
      }),
      { numRuns: 60 },
    );
  });
});

describe("buildBubblewrapArgs", () => {
  it("binds the workspace writable last, after the read-only root, hidden and readable folders", () => {
    const args = buildBubblewrapArgs({
      bwrapPath: BWRAP,
      command: "ls",
      workspaceDir: "/tmp/ws",
      cwd: "/tmp/ws/sub",
      hiddenDirs: ["/tmp"],
      readableDirs: ["/tmp/ws.home"],
    });
    expect(args.join(" ")).toBe(
      "--unshare-all --die-with-parent --new-session --cap-drop ALL --ro-bind / / --dev /dev --proc /proc " +
        "--tmpfs /tmp --ro-bind-try /tmp/ws.home /tmp/ws.home --bind /tmp/ws /tmp/ws --chdir /tmp/ws/sub /bin/sh -c ls",
    );
  });

  it("never binds back a folder that is or holds a hidden one, nor a relative one", () => {
    const args = buildBubblewrapArgs({
      bwrapPath: BWRAP,
      command: "ls",
      workspaceDir: "/tmp/ws",
      cwd: "/tmp/ws",
      hiddenDirs: ["/tmp", "/home"],
      readableDirs: ["/", "/tmp", "/tmp/", "bin", "/home/../tmp", "/usr/bin/", "/tmp/ws.home"],
    });
    const readable = args.flatMap((arg, index) => (arg === "--ro-bind-try" ? [args[index + 1]] : []));
    expect(readable).toEqual(["/usr/bin", "/tmp/ws.home"]);
  });
});

describe("a command inside the real bubblewrap", () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      // The client exits as soon as it is connected: its reset is expected.
      socket.on("error", () => {});
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    port = typeof address === "object" && address !== null ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes only in the workspace, sees a private /tmp, and runs in its own pid namespace", async () => {
    const workspace = tempDir("claw-eval-sandbox-ws-");
    const outside = tempDir("claw-eval-sandbox-outside-");
    const probe = `claw-eval-sandbox-probe-${process.pid}`;
    const outcome = await runSandboxed(
      [
        "touch inside.txt",
        `touch ${outside}/escape.txt 2>/dev/null || echo outside-refused`,
        `touch /usr/${probe} 2>/dev/null || echo host-refused`,
        `echo private > /tmp/${probe} && echo tmp-ok`,
        "echo pid=$$",
      ].join("; "),
      workspace,
    );
    expect(outcome.stderr).toBe("");
    expect(outcome.stdout).toMatch(/^outside-refused\nhost-refused\ntmp-ok\npid=\d\n$/);
    expect(readdirSync(workspace)).toEqual(["inside.txt"]);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join("/tmp", probe))).toBe(false);
  });

  it("cannot reach a server on the host, which the same command reaches unsandboxed", async () => {
    const workspace = tempDir("claw-eval-sandbox-ws-");
    const connect =
      `node -e "require('net').connect(${port}, '127.0.0.1')` +
      `.on('connect', () => { console.log('CONNECTED'); process.exit(0); })` +
      `.on('error', (error) => console.log('BLOCKED ' + error.code))"`;
    const sandboxed = await runSandboxed(connect, workspace);
    expect(sandboxed.stdout).toBe("BLOCKED ECONNREFUSED\n");
    expect(connections).toBe(0);
    const host = await runShellCommand({
      command: connect,
      cwd: workspace,
      env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin` },
      timeoutMs: 60_000,
    });
    expect(host.stdout).toBe("CONNECTED\n");
    expect(connections).toBe(1);
  });
});
