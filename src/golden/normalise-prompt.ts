/** A machine- or run-specific absolute path and the placeholder that replaces it. */
export type PathPlaceholder = readonly [path: string, placeholder: string];

export interface NormalisePromptOptions {
  /**
   * Paths to replace, e.g. the unit's workspace → `<workspace>`, its HOME → `~`. Longer paths
   * are replaced first; a path only matches as a whole (not `/tmp/ab` inside `/tmp/abc`).
   */
  paths: readonly PathPlaceholder[];
}

/**
 * Runtime-line fields whose values differ between machines (spec/prompt.md §7), plus `model`:
 * the model under test changes with `--model` and `compare`, while a golden file pins how the
 * runtime assembles the prompt, so one golden serves every model.
 */
const VOLATILE_RUNTIME_FIELDS = ["host", "os", "arch", "node", "shell", "model"] as const;

const RUNTIME_PREFIX = "Runtime: ";
const RUNTIME_SEPARATOR = " | ";

/**
 * A folder made by `mkdtemp` with a `claw-eval-` prefix (`claw-eval-unit-Ab12Cd`, and its
 * `.home` / `.bin` siblings), with the folders leading to it.
 */
const CLAW_EVAL_TEMP_PATH =
  /(?:\/[^\s/"'`<>|()]+)*?\/claw-eval-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-[A-Za-z0-9]{6}(?:\.[a-z]+)?(?![\w.-])/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function replacePath(text: string, path: string, placeholder: string): string {
  if (path.length <= 1) return text;
  return text.replace(new RegExp(`${escapeRegExp(path)}(?![\\w.-])`, "g"), () => placeholder);
}

function normaliseRuntimeLine(line: string): string {
  if (!line.startsWith(RUNTIME_PREFIX)) return line;
  const fields = line.slice(RUNTIME_PREFIX.length).split(RUNTIME_SEPARATOR);
  const normalised = fields.map((field) => {
    const key = field.slice(0, field.indexOf("="));
    return (VOLATILE_RUNTIME_FIELDS as readonly string[]).includes(key) ? `${key}=<${key}>` : field;
  });
  return RUNTIME_PREFIX + normalised.join(RUNTIME_SEPARATOR);
}

/**
 * Replaces what varies between machines and runs in an assembled system prompt, so it can be
 * compared with (and written as) a golden file: the given paths (longest first), any other
 * claw-eval temp folder → `<tmp>`, and in the `Runtime:` line the values of `host`, `os`
 * (with its `(arch)` part), `arch`, `node`, `shell` and `model` → `<host>`, `<os>`, ... Agent,
 * default model, channel and thinking level are deterministic and kept. Line endings become `\n`. Pure.
 */
export function normalisePrompt(text: string, options: NormalisePromptOptions): string {
  const ordered = [...options.paths].sort((a, b) => b[0].length - a[0].length);
  let result = text.replace(/\r\n/g, "\n");
  for (const [path, placeholder] of ordered) result = replacePath(result, path, placeholder);
  result = result.replace(CLAW_EVAL_TEMP_PATH, "<tmp>");
  return result.split("\n").map(normaliseRuntimeLine).join("\n");
}
