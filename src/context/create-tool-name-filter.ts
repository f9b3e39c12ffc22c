function globToRegExp(glob: string): RegExp {
  let source = "";
  for (const char of glob) {
    if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "i");
}

function compile(globs: readonly string[]): RegExp[] {
  return globs
    .map((glob) => glob.trim())
    .filter((glob) => glob !== "")
    .map(globToRegExp);
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
    if (deny.some((pattern) => pattern.test(name))) return false;
    return allow.length === 0 || allow.some((pattern) => pattern.test(name));
  };
}
