/** Whether a home directory is written in Windows style (`C:\Users\a`, `\\server\share`). */
function separatorOf(homeDir: string): "/" | "\\" {
  return /^[A-Za-z]:\\|^\\\\/.test(homeDir) ? "\\" : "/";
}

/**
 * Rewrites the home prefix of one absolute path to `~/` (spec/skills.md §10). `homeDir` empty →
 * unchanged. The prefix is `homeDir` plus the separator unless it already ends with one, so
 * `/home/alice2/...` is not compacted for home `/home/alice`. The rest keeps its own separators.
 */
export function compactHomePath(path: string, homeDir: string): string {
  if (homeDir === "") return path;
  const separator = separatorOf(homeDir);
  const prefix = homeDir.endsWith(separator) ? homeDir : `${homeDir}${separator}`;
  return path.startsWith(prefix) ? `~/${path.slice(prefix.length)}` : path;
}

/**
 * Returns copies of the skills whose `filePath` (the rendered `<location>`) has the home prefix
 * replaced by `~/` (spec/skills.md §10). Applied to the chosen skills just before formatting;
 * budgets, snapshots and reports keep absolute paths. `homeDir` must be absolute (or empty).
 */
export function compactSkillPaths<T extends { filePath: string }>(skills: readonly T[], homeDir: string): T[] {
  return skills.map((skill) => ({ ...skill, filePath: compactHomePath(skill.filePath, homeDir) }));
}
