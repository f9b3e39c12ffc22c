import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createStreamGuard } from "../../src/agent/create-stream-guard.js";
import {
  HEARTBEAT_TOKEN,
  isHeartbeatPrefix,
  isSilentPrefix,
  SILENT_REPLY_TOKEN,
} from "../../src/agent/reply-tokens.js";
import { assertProperty } from "../support/assert-property.js";

interface Played {
  /** What was released after each delta, then after `finish` (last entry). */
  steps: string[];
  released: string;
}

function play(deltas: readonly string[], options: { heartbeat?: boolean } = {}): Played {
  let pending: string[] = [];
  const steps: string[] = [];
  const guard = createStreamGuard({ heartbeat: options.heartbeat ?? false, release: (text) => pending.push(text) });
  const step = () => {
    steps.push(pending.join(""));
    pending = [];
  };
  for (const delta of deltas) {
    guard.onTextDelta(delta);
    step();
  }
  guard.finish();
  step();
  return { steps, released: steps.join("") };
}

/** Cuts `text` at the given positions (sorted, deduplicated) into consecutive pieces. */
function cut(text: string, positions: readonly number[]): string[] {
  const points = [...new Set(positions.map((position) => position % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of [...points, text.length]) {
    if (point > start) pieces.push(text.slice(start, point));
    start = Math.max(start, point);
  }
  return pieces;
}

describe("createStreamGuard", () => {
  it("holds a NO_REPLY typed in pieces and never shows it", () => {
    expect(play(["NO", "_RE", "PLY"])).toEqual({ steps: ["", "", "", ""], released: "" });
  });

  it("releases held text at once when it stops looking like the token", () => {
    expect(play(["NO", "T", " now"]).steps).toEqual(["", "NOT", " now", ""]);
    expect(play([" NO_", "RE", "ASON"]).steps).toEqual(["", "", " NO_REASON", ""]);
  });

  it("streams ordinary text delta by delta", () => {
    expect(play(["Hel", "lo ", "there"]).steps).toEqual(["Hel", "lo ", "there", ""]);
  });

  it("keeps holding the whole token when whitespace follows it in the same delta", () => {
    expect(play(["NO_REPLY\n"]).released).toBe("");
    expect(play(["HEARTBEAT_OK  "], { heartbeat: true }).released).toBe("");
    expect(play(["NO_REPLY\n", "but more"]).steps).toEqual(["", "NO_REPLY\nbut more", ""]);
  });

  it("releases a held prefix at the end when the reply stops short of the token", () => {
    expect(play(["NO"]).steps).toEqual(["", "NO"]);
    expect(play(["NO_RE"]).steps).toEqual(["", "NO_RE"]);
  });

  it("lets a NO_REPLY after real text through (the guard only looks at the start)", () => {
    expect(play(["Done.", "\n\nNO_RE", "PLY"]).released).toBe("Done.\n\nNO_REPLY");
  });

  it("shows a 1-char start it cannot yet judge, then holds the rest of the token", () => {
    expect(play(["N", "O_REPLY"]).steps).toEqual(["N", "", ""]);
  });

  it("guards HEARTBEAT_OK in heartbeat runs only", () => {
    const pieces = ["HEART", "BEAT_", "OK"];
    expect(play(pieces, { heartbeat: true }).released).toBe("");
    expect(play(pieces).released).toBe(HEARTBEAT_TOKEN);
    expect(play(["HEART", "BURN is low"], { heartbeat: true }).steps).toEqual(["", "HEARTBURN is low", ""]);
  });

  it("ignores deltas after the reply finished or was discarded", () => {
    const released: string[] = [];
    const finished = createStreamGuard({ heartbeat: false, release: (text) => released.push(text) });
    finished.onTextDelta("NO");
    finished.finish();
    finished.onTextDelta(" way");
    finished.finish();
    const discarded = createStreamGuard({ heartbeat: false, release: (text) => released.push(text) });
    discarded.onTextDelta("NO_RE");
    discarded.discard();
    discarded.onTextDelta("ASON");
    discarded.finish();
    expect(released).toEqual(["NO"]);
  });

  it("drops what is held when the attempt restarts, and keeps what was released", () => {
    const released: string[] = [];
    const guard = createStreamGuard({ heartbeat: false, release: (text) => released.push(text) });
    guard.onTextDelta("Hi ");
    guard.onTextRestart();
    guard.onTextDelta("NO_RE");
    guard.onTextRestart();
    guard.onTextDelta("NO_");
    guard.onTextDelta("REPLY");
    guard.finish();
    expect(released).toEqual(["Hi "]);
  });

  it("never shows NO_REPLY however the token (with whitespace around it) is cut into deltas", () => {
    const reply = fc.tuple(
      fc.constantFrom("", " ", "\n  "),
      fc.constantFrom(SILENT_REPLY_TOKEN, `${SILENT_REPLY_TOKEN}\n`),
    );
    assertProperty(
      fc.property(reply, fc.array(fc.nat(), { maxLength: 8 }), ([space, token], positions) => {
        const { released } = play(cut(`${space}${token}`, positions));
        expect(released).not.toContain(SILENT_REPLY_TOKEN);
        // At most the 1-char start the prefix rule cannot judge yet (an `N`).
        expect(["", "N"]).toContain(released.trim());
      }),
    );
  });

  it("releases a prefix of the streamed text at every step, and all of it at the end unless it is a token", () => {
    const text = fc.string({
      unit: fc.constantFrom("N", "O", "_", "R", "E", "P", "L", "Y", "H", "K", " ", "a", "."),
      maxLength: 20,
    });
    assertProperty(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (input, positions, heartbeat) => {
        const deltas = cut(input, positions);
        const { steps, released } = play(deltas, { heartbeat });
        let streamed = "";
        let shown = "";
        deltas.forEach((delta, index) => {
          streamed += delta;
          shown += steps[index];
          expect(streamed.startsWith(shown)).toBe(true);
        });
        const token = input.trim() === SILENT_REPLY_TOKEN || (heartbeat && input.trim() === HEARTBEAT_TOKEN);
        if (!token) expect(released).toBe(input);
      }),
    );
  });
});

describe("isHeartbeatPrefix", () => {
  it.each(["HE", "HEART", " HEARTBEAT", "HEARTBEAT_", "HEARTBEAT_OK"])("holds back %j", (text) => {
    expect(isHeartbeatPrefix(text)).toBe(true);
  });

  it.each(["H", "", "He", "HEARTBEAT_OK.", "HEAT", "NO_RE"])("emits %j", (text) => {
    expect(isHeartbeatPrefix(text)).toBe(false);
  });

  it("is the NO_REPLY rule's twin: for NO_REPLY, every 2+ char prefix already contains _ or equals NO", () => {
    const text = fc.string({ unit: fc.constantFrom("N", "O", "_", "R", "E", "P", "L", "Y", " ", "x"), maxLength: 10 });
    assertProperty(
      fc.property(text, (input) => {
        const trimmed = input.trimStart();
        const prefixRule = trimmed.length >= 2 && /^[A-Z_]+$/.test(trimmed) && SILENT_REPLY_TOKEN.startsWith(trimmed);
        expect(isSilentPrefix(input)).toBe(prefixRule);
      }),
    );
  });
});
