import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Writes `echo.yaml` and `cases.jsonl` into `dir`: `cases` single-turn scenarios on the scripted
 * echo model (it repeats the user's text), one reply-contains expectation each. Returns the
 * scenario file's path.
 */
export function writeEchoSuite(options: { dir: string; cases: number }): string {
  mkdirSync(options.dir, { recursive: true });
  const rows = Array.from({ length: options.cases }, (_, index) =>
    JSON.stringify({ id: `c${index}`, text: `message ${index}` }),
  );
  writeFileSync(join(options.dir, "cases.jsonl"), `${rows.join("\n")}\n`);
  const scenarioPath = join(options.dir, "echo.yaml");
  writeFileSync(
    scenarioPath,
    'name: echo {{id}}\nmodels: ["scripted:echo"]\ncases: ./cases.jsonl\nturns:\n  - user: "{{text}}"\n    expect:\n      - reply-contains: "{{text}}"\n',
  );
  return scenarioPath;
}
