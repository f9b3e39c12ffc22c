/**
 * Checks the turn's skills snapshot (the last `skills_snapshot` event of the turn): with
 * `options.reused` (boolean), whether the session reused its previous snapshot instead of
 * rebuilding it (spec/skills.md §12.2).
 */
export default function skillsSnapshot(ctx) {
  const snapshots = ctx.events.filter((event) => event.type === "skills_snapshot");
  const snapshot = snapshots.at(-1);
  if (snapshot === undefined) return { pass: false, message: "no skills_snapshot event in this turn" };
  const { reused } = ctx.options ?? {};
  if (typeof reused !== "boolean") return { pass: false, message: "options.reused (true or false) is required" };
  const actual = `${snapshot.reused ? "reused" : "rebuilt"} (version ${snapshot.version})`;
  const expected = reused ? "reused" : "rebuilt";
  if (snapshot.reused === reused) return { pass: true, message: `skills snapshot ${expected}`, actual };
  return { pass: false, message: `the skills snapshot was ${actual}, expected ${expected}`, expected, actual };
}
