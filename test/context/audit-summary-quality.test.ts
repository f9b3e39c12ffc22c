import { describe, expect, it } from "vitest";
import { auditSummaryQuality } from "../../src/context/audit-summary-quality.js";
import { SAFEGUARD_SUMMARY_HEADINGS } from "../../src/context/summary-instructions.js";
import { assistant, toolResult, user } from "./summarizer-fakes.js";

const HEADINGS = SAFEGUARD_SUMMARY_HEADINGS.join("\nNone.\n");

describe("auditSummaryQuality (§5.7)", () => {
  it("passes a summary with every heading, the identifiers and the latest ask", () => {
    const messages = [user("Deploy build a1b2c3d4e5f6 to the staging cluster"), assistant("Deploying.")];
    const summary = `${HEADINGS}\nDeploy of A1B2C3D4E5F6 to the staging cluster is in progress.`;
    expect(auditSummaryQuality({ summary, summarizedMessages: messages, identifierPolicy: "strict" })).toEqual({
      ok: true,
      reasons: [],
    });
  });

  it("lists the reasons in order: each missing section, then identifiers, then the latest ask", () => {
    const messages = [
      user("Track id a1b2c3d4e5f6 plus URL https://example.com/a and /var/log/x.log plus port host.local:18789"),
      toolResult({ id: "c1", name: "exec", text: "job 123456 queued" }),
      user("Rotate the nightly backup credentials"),
    ];
    const summary = "## Decisions\n  ## Open TODOs  \n## Pending user asks\nnothing";
    expect(auditSummaryQuality({ summary, summarizedMessages: messages, identifierPolicy: "strict" }).reasons).toEqual([
      "missing_section:## Constraints/Rules",
      "missing_section:## Exact identifiers",
      "missing_identifiers:A1B2C3D4E5F6,https://example.com/a,/var/log/x.log",
      "latest_user_ask_not_reflected",
    ]);
  });

  it("checks identifiers only under the strict policy and only from the last 10 messages", () => {
    const old = user("old id deadbeefcafe");
    const filler = Array.from({ length: 10 }, (_, index) => assistant(`step ${index}`));
    const summary = `${HEADINGS}\nold id steps`;
    expect(
      auditSummaryQuality({ summary, summarizedMessages: [old, ...filler], identifierPolicy: "strict" }).reasons,
    ).toEqual([]);
    const recent = [assistant("see /srv/app/config.yaml")];
    expect(auditSummaryQuality({ summary, summarizedMessages: recent, identifierPolicy: "strict" }).reasons).toEqual([
      "missing_identifiers:/srv/app/config.yaml",
    ]);
    expect(auditSummaryQuality({ summary, summarizedMessages: recent, identifierPolicy: "off" }).reasons).toEqual([]);
    expect(auditSummaryQuality({ summary, summarizedMessages: recent, identifierPolicy: "custom" }).reasons).toEqual(
      [],
    );
  });

  it("ignores heartbeat polls when finding the latest ask and takes custom headings", () => {
    const messages = [
      user("Summarise the quarterly revenue report"),
      { role: "user" as const, content: "HEARTBEAT poll", kind: "heartbeat" as const },
    ];
    const audit = auditSummaryQuality({
      summary: "## Goal\nquarterly revenue report summary",
      summarizedMessages: messages,
      identifierPolicy: "off",
      headings: ["## Goal"],
    });
    expect(audit).toEqual({ ok: true, reasons: [] });
  });
});
