/**
 * Writes fixtures/workspaces/memory-months/: six months of daily notes (September 2025 to March
 * 2026), a MEMORY.md, and facts that change over time (an old and a new home address, a
 * dentist who moved clinics), for the memory scenarios. Deterministic. Run: npm run fixtures:memory
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../fixtures/workspaces/memory-months/", import.meta.url));

const ROUTINE = [
  "Morning briefing sent before 08:30 as agreed.",
  "Climbing with Mei on Sunday morning at the Xuhui gym.",
  "Reviewed the billing dashboard; no alerts.",
  "Groceries ordered for the week (Hema, delivery 19:00).",
  "Read two chapters of the Kyoto travel guide.",
  "Weekly 1:1 with Priya moved to Thursday 15:00.",
  "Paid the electricity bill online.",
];

/** Day-specific facts: the memory scenarios ask about these. */
const EVENTS: Record<string, string[]> = {
  "2025-09-12": ["Alice's home address: 12 Wulumuqi Road, Apartment 5B, Jing'an District."],
  "2025-10-03": ["Dentist: Dr. Lin at the Jing'an clinic, 300 Changde Road; next cleaning in March."],
  "2025-11-20": ["Passport renewal submitted; pick-up number PX-4471, ready in about 20 days."],
  "2025-12-18": ["Decided: the team offsite will be in Hangzhou, 2026-04-17 to 2026-04-18."],
  "2026-01-09": ["Signed the lease for the new flat: 88 Anfu Road, Apartment 12A, Xuhui District. Move on 2026-02-14."],
  "2026-02-14": [
    "Moved today. New home address: 88 Anfu Road, Apartment 12A, Xuhui District, Shanghai.",
    "The old address on Wulumuqi Road is no longer valid; update deliveries.",
  ],
  "2026-02-27": ["Dr. Lin moved to the Xuhui branch, 1200 Zhaojiabang Road; same phone number."],
  "2026-03-06": ["Billing API: decided on GraphQL instead of REST v2 (Priya agreed)."],
};

function* days(from: string, to: string): Generator<string> {
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= end; time += 86_400_000) {
    yield new Date(time).toISOString().slice(0, 10);
  }
}

const files: Record<string, string> = {
  "AGENTS.md":
    "# AGENTS.md\n\nYou are Juniper, Alice's personal assistant. Check memory before answering questions about the past.\n",
  "SOUL.md": "# SOUL.md\n\nBe brief, warm and exact. Never guess an address or a date: look it up.\n",
  "USER.md": "# USER.md\n\n- Name: Alice Chen\n- Time zone: Asia/Shanghai\n",
  "MEMORY.md": [
    "# MEMORY.md - Long-term memory",
    "",
    "## People",
    "- Priya Nair: billing tech lead; weekly 1:1.",
    "- Mei: climbing partner, Sunday mornings.",
    "",
    "## Preferences",
    "- Morning briefings after 08:30, never before.",
    "- Prefers trains over flights for trips under 500 km.",
    "",
  ].join("\n"),
};
let index = 0;
for (const day of days("2025-09-01", "2026-03-10")) {
  index++;
  const facts = EVENTS[day];
  if (facts === undefined && index % 2 === 1) continue;
  const lines = [`# ${day}`, "", ...(facts ?? []).map((fact) => `- ${fact}`)];
  lines.push(`- ${ROUTINE[index % ROUTINE.length]}`);
  files[`memory/${day}.md`] = `${lines.join("\n")}\n`;
}
await rm(root, { recursive: true, force: true });
for (const [path, content] of Object.entries(files)) {
  const target = `${root}${path}`;
  await mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
  await writeFile(target, content, "utf8");
}
console.log(`wrote fixtures/workspaces/memory-months (${Object.keys(files).length} files)`);
