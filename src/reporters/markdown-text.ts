/** Markdown building blocks shared by the `summary.md` sections. */

/** Escapes `\` and `|` and flattens line breaks, so text stays inside one table cell. */
export function escapeTableCell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function longestRun(text: string, character: string): number {
  let longest = 0;
  let current = 0;
  for (const each of text) {
    current = each === character ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}

/** Inline code that survives backticks in the text. */
export function code(text: string): string {
  const ticks = "`".repeat(longestRun(text, "`") + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${ticks}${pad}${text.replace(/\r?\n/g, " ")}${pad}${ticks}`;
}

/** A fenced block longer than any backtick run inside it. */
export function fenced(text: string): string {
  const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** A table with a left-aligned first column and right-aligned others; cells are escaped here. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${header.map(escapeTableCell).join(" | ")} |`,
    `| --- |${" ---: |".repeat(header.length - 1)}`,
    ...rows.map((row) => `| ${row.map(escapeTableCell).join(" | ")} |`),
  ];
}
