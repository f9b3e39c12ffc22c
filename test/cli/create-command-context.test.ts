import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/create-program.js";
import { createTestHost } from "../../src/platform/create-test-host.js";

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempDir(): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), "claw-eval-redact-")));
  folders.push(folder);
  return folder;
}

describe("what the CLI prints", () => {
  it("never carries the value of a credential variable of the host environment", async () => {
    const secret = "env-secret-0123456789";
    const host = createTestHost({ cwd: tempDir(), env: { MY_SERVICE_TOKEN: secret } });
    const code = await runCli(["run", `missing-${secret}.yaml`], { host, signal: new AbortController().signal });
    expect(code).toBe(2);
    expect(host.output.stderr).toContain("missing-[redacted].yaml");
    expect(host.output.stderr).not.toContain(secret);
  });

  it("never carries a key from the loaded config, even in a warning about another field", async () => {
    const secret = "cfg-secret-0123456789";
    const dir = tempDir();
    mkdirSync(join(dir, "workspace"));
    writeFileSync(join(dir, "workspace/AGENTS.md"), "# Agents\n");
    writeFileSync(
      join(dir, "openclaw.json"),
      JSON.stringify({
        models: { providers: { acme: { apiKey: secret } } },
        agents: { defaults: { userTimezone: secret } },
      }),
    );
    const host = createTestHost({ cwd: dir });
    const code = await runCli(["prompt", "workspace", "--config", "openclaw.json"], {
      host,
      signal: new AbortController().signal,
    });
    expect(code).toBe(0);
    expect(host.output.stderr).toContain("userTimezone: expected an IANA time zone, e.g. Asia/Shanghai");
    expect(host.output.stderr).toContain('found string "[redacted]"');
    expect(host.output.stdout + host.output.stderr).not.toContain(secret);
  });
});
