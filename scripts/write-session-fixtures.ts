/**
 * Writes the long session transcripts under fixtures/sessions/ that the context scenarios start
 * from. Deterministic: the same script always writes the same bytes. Run: npm run fixtures:sessions
 */
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

type Line = Record<string, unknown>;

const folder = fileURLToPath(new URL("../fixtures/sessions/", import.meta.url));

/** A small deterministic generator (xorshift32), so fixture bytes never change between runs. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

function hex(next: () => number, length: number): string {
  let text = "";
  while (text.length < length) text += Math.floor(next() * 16).toString(16);
  return text;
}

function uuid(next: () => number): string {
  return `${hex(next, 8)}-${hex(next, 4)}-4${hex(next, 3)}-a${hex(next, 3)}-${hex(next, 12)}`;
}

const user = (content: string): Line => ({ type: "message", message: { role: "user", content } });
const reply = (text: string): Line => ({
  type: "message",
  message: { role: "assistant", stopReason: "end_turn", content: [{ type: "text", text }] },
});
function toolRound(id: string, name: string, input: Record<string, unknown>, output: string, isError = false): Line[] {
  return [
    {
      type: "message",
      message: { role: "assistant", stopReason: "tool_use", content: [{ type: "tool_call", id, name, input }] },
    },
    {
      type: "message",
      message: {
        role: "tool_result",
        toolCallId: id,
        toolName: name,
        isError,
        content: [{ type: "text", text: output }],
        ...(name === "exec"
          ? { details: { status: isError ? "failed" : "completed", exitCode: isError ? 1 : 0 } }
          : {}),
      },
    },
  ];
}

function buildLog(next: () => number, lines: number, failure: string): string {
  const out: string[] = [];
  for (let index = 0; index < lines; index++) {
    const state = next() < 0.1 ? "cached" : "compiled";
    out.push(`[build] step ${index + 1} of ${lines}: module ${index % 37} ${state}, no warnings`);
  }
  out.push(failure);
  return out.join("\n");
}

function ordersResponse(next: () => number, count: number): string {
  const orders = Array.from({ length: count }, (_, index) => ({
    id: uuid(next),
    status: index % 5 === 0 ? "failed" : "shipped",
    total: Math.round(next() * 20000) / 100,
    sku: `SKU-${1000 + index}`,
  }));
  return JSON.stringify({ data: orders, next: "https://api.shop.example.com/v2/orders?page=2" }, null, 2);
}

/** A long debugging session: a failing deploy, logs, API responses, a stack trace, a diff. */
function longDebugging(): Line[] {
  const next = generator(20260311);
  const deploy = hex(next, 7);
  const runId = uuid(next);
  const lines: Line[] = [
    user(
      `Deploy ${deploy} to staging failed (run ${runId}). The pipeline is at https://ci.example.com/pipelines/88123. Can you find out why?`,
    ),
  ];
  lines.push(
    ...toolRound(
      "call_d1",
      "exec",
      { command: "cat logs/deploy-staging.log" },
      buildLog(
        next,
        400,
        `Error: migration 20260310_add_index failed: relation "orders_archive" does not exist (db 10.0.4.17:5432)`,
      ),
      true,
    ),
  );
  lines.push(
    reply(
      `The deploy stopped in migration 20260310_add_index: the table "orders_archive" is missing on 10.0.4.17:5432.`,
    ),
  );
  lines.push(user("Check which orders were affected, the API is the usual one."));
  lines.push(
    ...toolRound(
      "call_d2",
      "exec",
      { command: "curl -s https://api.shop.example.com/v2/orders?status=any" },
      ordersResponse(next, 20),
    ),
  );
  lines.push(reply("4 of the 20 orders on the first page are in state failed; the rest shipped."));
  lines.push(user("Show me the stack trace from the worker too."));
  const trace = [
    "Traceback (most recent call last):",
    '  File "/srv/worker/app/jobs/archive.py", line 88, in run',
    "    archive_orders(batch_id)",
    '  File "/srv/worker/app/db/archive.py", line 41, in archive_orders',
    '    cursor.execute("INSERT INTO orders_archive SELECT * FROM orders WHERE batch = %s", batch_id)',
    `psycopg.errors.UndefinedTable: relation "orders_archive" does not exist (request ${uuid(next)})`,
  ].join("\n");
  lines.push(
    ...toolRound(
      "call_d3",
      "read",
      { path: "logs/worker-trace.txt" },
      `${"worker heartbeat ok\n".repeat(800)}${trace}`,
    ),
  );
  lines.push(reply("The worker fails in /srv/worker/app/db/archive.py line 41 for the same missing table."));
  lines.push(user("Propose a fix as a diff against migrations/20260310_add_index.sql."));
  const diff = [
    "--- a/migrations/20260310_add_index.sql",
    "+++ b/migrations/20260310_add_index.sql",
    "@@ -1,3 +1,6 @@",
    "+CREATE TABLE IF NOT EXISTS orders_archive (LIKE orders INCLUDING ALL);",
    " CREATE INDEX CONCURRENTLY idx_orders_archive_batch",
    "   ON orders_archive (batch);",
  ].join("\n");
  lines.push(
    ...toolRound(
      "call_d4",
      "read",
      { path: "migrations/20260310_add_index.sql" },
      `${"-- migration notes\n".repeat(1200)}${diff}`,
    ),
  );
  lines.push(
    reply(
      `Here is the fix:\n\n\`\`\`diff\n${diff}\n\`\`\`\n\nAfter merging, redeploy ${deploy} with ticket "OPS-4821".`,
    ),
  );
  for (let round = 0; round < 6; round++) {
    lines.push(user(`Re-run the health check number ${round + 1} and summarise the latency.`));
    lines.push(
      ...toolRound(
        `call_h${round}`,
        "exec",
        { command: `curl -s https://status.example.com/health?probe=${round}` },
        buildLog(next, 300, `health probe ${round}: p95 ${Math.floor(next() * 400) + 100} ms, errors 0`),
      ),
    );
    lines.push(reply(`Health check ${round + 1} is green.`));
  }
  return lines;
}

/** The same session with a cache-TTL touch an hour before the scenario clock (2026-03-11T09:00Z). */
function cacheTouched(): Line[] {
  const lines = longDebugging().slice(0, 12);
  lines.push({
    type: "custom",
    customType: "openclaw.cache-ttl",
    timestamp: "2026-03-11T08:00:00.000Z",
    data: { timestamp: Date.parse("2026-03-11T08:00:00.000Z"), provider: "anthropic", modelId: "claude-sonnet-4-5" },
  });
  return lines;
}

const files: Record<string, Line[]> = {
  "long-debugging.jsonl": longDebugging(),
  "cache-touched.jsonl": cacheTouched(),
};
await mkdir(folder, { recursive: true });
for (const [name, lines] of Object.entries(files)) {
  await writeFile(`${folder}${name}`, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`, "utf8");
  console.log(`wrote fixtures/sessions/${name} (${lines.length} entries)`);
}
