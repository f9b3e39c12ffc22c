import { join, resolve } from "node:path";
import { type CommandContext, EXIT, UsageError } from "./command-context.js";
import { INIT_FILES } from "./init-templates.js";

/** `claw-eval init [dir]`: scaffolds scenarios, a fixture workspace and a CI workflow in an empty directory. */
export async function initCommand(directory: string | undefined, context: CommandContext): Promise<number> {
  const { host } = context;
  const target = resolve(host.cwd, directory ?? ".");
  const stats = await host.fs.stat(target);
  if (stats !== undefined && stats.kind !== "directory")
    throw new UsageError(`init: ${target} exists and is not a directory`);
  if (stats !== undefined) {
    const entries = await host.fs.readDirectory(target);
    if (entries.length > 0) {
      throw new UsageError(
        `init: ${target} is not empty (${entries.length} entr${entries.length === 1 ? "y" : "ies"}); run init in an empty directory`,
      );
    }
  }
  const paths = Object.keys(INIT_FILES).sort();
  for (const path of paths) await host.fs.writeText(join(target, path), INIT_FILES[path] ?? "");
  host.stdout(`Created ${paths.length} files in ${target}:\n${paths.map((path) => `  ${path}`).join("\n")}\n`);
  host.stdout("Next: npx claw-eval run scenarios/\n");
  return EXIT.ok;
}
