/**
 * System prompt assembly cost: full and minimal modes, with 0 and 150 skills in the catalog,
 * and with small or large (truncated) context files. Measures the pure path a warm run takes
 * (budget the loaded bootstrap files, then assemble). Run: npm run bench:prompt
 */
import { Bench } from "tinybench";
import { DEFAULT_PROMPT_TOOLS } from "../src/cli/prompt-command.js";
import { assembleSystemPrompt } from "../src/prompt/assemble-system-prompt.js";
import { BOOTSTRAP_FILE_NAMES, type BootstrapFile } from "../src/prompt/bootstrap-files.js";
import { budgetContextFiles } from "../src/prompt/budget-context-files.js";
import type { PromptMode, SystemPromptInput } from "../src/prompt/system-prompt-input.js";
import { formatRatio } from "./format-ratio.js";
import { formatTable } from "./format-table.js";
import { isMain, stdoutWrite, type Write } from "./is-main.js";

const TOOLS = [...DEFAULT_PROMPT_TOOLS];
/** Target: one assembly under this many µs. */
const TARGET_MICROSECONDS = 200;

function skillsCatalog(count: number): string {
  if (count === 0) return "";
  const entries = Array.from(
    { length: count },
    (_, index) =>
      `  <skill>\n    <name>skill-${index}</name>\n    <description>Does task number ${index} with care and a few extra words of description.</description>\n    <location>~/.openclaw/skills/skill-${index}/SKILL.md</location>\n  </skill>`,
  );
  return `The following skills provide specialized instructions for specific tasks.\n<available_skills>\n${entries.join("\n")}\n</available_skills>`;
}

function bootstrapFiles(size: "small" | "large"): BootstrapFile[] {
  const chars = size === "small" ? 1_500 : 60_000;
  const names = [...BOOTSTRAP_FILE_NAMES, "MEMORY.md"];
  return names.map((name, index) => ({
    name,
    path: `/home/alice/.openclaw/workspace/${name}`,
    content: `# ${name}\n${"Line of workspace guidance text. ".repeat(Math.ceil(chars / 33)).slice(0, chars - name.length - 3)}`,
    missing: index === 6,
  }));
}

function input(mode: PromptMode, skills: number, files: BootstrapFile[]): () => SystemPromptInput {
  const skillsPrompt = skillsCatalog(skills);
  return () => {
    const { contextFiles } = budgetContextFiles(files, { maxChars: 20_000, totalMaxChars: 150_000 });
    return {
      workspaceDir: "/home/alice/.openclaw/workspace",
      promptMode: mode,
      toolNames: TOOLS,
      skillsPrompt,
      userTimezone: "Asia/Shanghai",
      contextFiles,
      heartbeatPrompt: "Read HEARTBEAT.md if it exists.",
      runtimeInfo: {
        agentId: "main",
        host: "mac",
        os: "Darwin 23.4.0",
        arch: "arm64",
        node: "v20.20.2",
        model: "anthropic/claude",
      },
    };
  };
}

/** Runs the prompt assembly benchmark and writes its table. */
export async function runPromptBench(write: Write): Promise<void> {
  const bench = new Bench({ time: 500, warmupTime: 200 });
  for (const mode of ["full", "minimal"] as const) {
    for (const skills of [0, 150]) {
      for (const size of ["small", "large"] as const) {
        const make = input(mode, skills, bootstrapFiles(size));
        bench.add(`${mode}, ${skills} skills, ${size} context files`, () => {
          assembleSystemPrompt(make());
        });
      }
    }
  }
  await bench.run();

  const rows = bench.tasks.map((task) => {
    const result = task.result;
    if (result?.state !== "completed") throw new Error(`${task.name}: ${result?.state}`);
    return {
      task: task.name,
      "mean µs": (result.latency.mean * 1000).toFixed(1),
      "p99 µs": ((result.latency.p99 ?? result.latency.mean) * 1000).toFixed(1),
      "against the target": formatRatio({
        measured: result.latency.mean * 1000,
        reference: TARGET_MICROSECONDS,
        than: `${TARGET_MICROSECONDS} µs`,
      }),
    };
  });
  write(formatTable(rows));
}

if (isMain(import.meta.url)) await runPromptBench(stdoutWrite);
