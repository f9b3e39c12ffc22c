/**
 * Passes when the daily note memory/2026-03-10.md was not injected into the system prompt:
 * only MEMORY.md (or memory.md) at the workspace root is a bootstrap file.
 */
export default function dailyNoteNotInPrompt(ctx) {
  const marker = "Mei confirmed the Hangzhou day trip";
  if (ctx.systemPrompt.includes(marker)) {
    return { pass: false, message: "the system prompt contains memory/2026-03-10.md, a daily note" };
  }
  return { pass: true, message: "memory/2026-03-10.md is not in the system prompt" };
}
