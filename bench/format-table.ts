import Table from "cli-table3";

/** Renders rows of string cells as a plain table (first row's keys are the header). */
export function formatTable(rows: readonly Record<string, string>[]): string {
  const first = rows[0];
  if (first === undefined) return "(no rows)\n";
  const head = Object.keys(first);
  const table = new Table({ head, style: { head: [], border: [] } });
  for (const row of rows) table.push(head.map((key) => row[key] ?? ""));
  return `${table.toString()}\n`;
}
