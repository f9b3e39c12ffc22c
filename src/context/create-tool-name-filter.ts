import { compileStarGlob } from "../platform/compile-star-glob.js";

type Matcher = (name: string) => boolean;

/** Non-blank globs as matchers; a glob that cannot compile (too long) matches nothing. */
function compile(globs: readonly string[]): Matcher[] {
  return globs
    .map((glob) => glob.trim())
    .filter((glob) => glob !== "")
    .map((glob): Matcher => {
      const compiled = compileStarGlob({ glob, questionMark: true, ignoreCase: true });
      if (!compiled.ok) return () => false;
      const { regex } = compiled;
      return (name) => regex.test(name);
    });
}

/**
 * A predicate over tool names from allow and deny globs (`*` any run, `?` one char), matched
 * case-insensitively against the whole name: deny wins; an empty allow list allows every name not
 * denied. Blank globs are ignored. Pure.
 */
export function createToolNameFilter(options: {
  allow: readonly string[];
  deny: readonly string[];
}): (toolName: string) => boolean {
  const allow = compile(options.allow);
  const deny = compile(options.deny);
  return (toolName) => {
    const name = toolName.trim();
    if (deny.some((matches) => matches(name))) return false;
    return allow.length === 0 || allow.some((matches) => matches(name));
  };
}
