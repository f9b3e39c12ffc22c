const NAME_LINE = /^name:[ \t]*([^\r\n]*)/m;
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The SKILL.md text with its top-level frontmatter `name:` value replaced by `name`, so a copy
 * of a corpus skill merges as a skill of its own. Text without frontmatter, without a `name:`
 * line, or whose name is a block scalar (`|`, `>`) is returned unchanged (its folder name,
 * which the caller keeps unique, is then the fallback name or the copy stays a duplicate).
 */
export function renameSkillFrontmatter(text: string, name: string): string {
  if (!text.startsWith("---")) return text;
  const end = text.indexOf("\n---", 3);
  if (end === -1) return text;
  const block = text.slice(0, end);
  const match = NAME_LINE.exec(block);
  if (match === null) return text;
  const value = (match[1] ?? "").trim();
  if (value.startsWith("|") || value.startsWith(">")) return text;
  const written = PLAIN_NAME.test(name) ? name : JSON.stringify(name);
  const renamed = `${block.slice(0, match.index)}name: ${written}${block.slice(match.index + match[0].length)}`;
  return `${renamed}${text.slice(end)}`;
}
