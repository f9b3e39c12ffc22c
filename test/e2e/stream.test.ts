import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../../src/domain/index.js";
import { cliTimeout, makeTempDir, runCliProcess } from "../support/run-cli.js";

const SCENARIO = [
  "name: streamed replies",
  "turns:",
  "  - user: anything for me?",
  "    script: [ { text: NO_REPLY } ]",
  "    expect:",
  "      - stream-clean: true",
  "  - user: file the report",
  '    script: [ { text: "Filed.\\n\\nNO_REPLY" } ]',
  "    expect:",
  "      - stream-clean: false",
].join("\n");

function latestResults(out: string): RunResult {
  const [run] = readdirSync(out)
    .filter((entry) => !entry.startsWith("history"))
    .sort()
    .reverse();
  return JSON.parse(readFileSync(join(out, run ?? "", "results.json"), "utf8")) as RunResult;
}

describe("--stream (real binary)", () => {
  it(
    "streams every scenario with --stream or the config file's stream: true, and records it",
    async () => {
      const dir = makeTempDir();
      writeFileSync(join(dir, "streamed.yaml"), `${SCENARIO}\n`);
      const run = (args: string[]) =>
        runCliProcess(["run", "streamed.yaml", "--reporter", "json", "--out", "out", ...args], {
          cwd: dir,
          env: { CI: "true" },
        });

      const plain = await run([]);
      expect(plain.code).toBe(1);
      expect(latestResults(join(dir, "out")).options.stream).toBeUndefined();

      const streamed = await run(["--stream"]);
      expect(streamed.code).toBe(0);
      const result = latestResults(join(dir, "out"));
      expect(result.options.stream).toBe(true);
      const deltas = result.units[0]?.turns.map((turn) =>
        turn.events.flatMap((event) => (event.type === "message_update" ? [event.delta] : [])),
      );
      expect(deltas).toEqual([[], ["Filed", ".", "\n\nNO_RE", "PLY"]]);

      writeFileSync(join(dir, "claw-eval.config.json"), '{ "stream": true }\n');
      expect((await run([])).code).toBe(0);
    },
    cliTimeout(3),
  );
});
