/**
 * Runtime-line fields whose values differ between machines, plus `model`: the model under test
 * changes with `--model` and `compare`, while a golden prompt or a cassette key pins how the
 * runtime assembles the prompt, so one file serves every model.
 */
const VOLATILE_RUNTIME_FIELDS: readonly string[] = ["host", "os", "arch", "node", "shell", "model"];

const RUNTIME_PREFIX = "Runtime: ";
const RUNTIME_SEPARATOR = " | ";

/**
 * In a prompt's `Runtime: key=value | ...` line, the values of `host`, `os` (with its `(arch)`
 * part), `arch`, `node`, `shell` and `model` become `<host>`, `<os>`, ...; other fields (agent,
 * default model, channel, thinking level) are deterministic and kept. Any other line is returned
 * as it is. Pure.
 */
export function normaliseRuntimeLine(line: string): string {
  if (!line.startsWith(RUNTIME_PREFIX)) return line;
  const fields = line.slice(RUNTIME_PREFIX.length).split(RUNTIME_SEPARATOR);
  const normalised = fields.map((field) => {
    const key = field.slice(0, field.indexOf("="));
    return VOLATILE_RUNTIME_FIELDS.includes(key) ? `${key}=<${key}>` : field;
  });
  return RUNTIME_PREFIX + normalised.join(RUNTIME_SEPARATOR);
}
