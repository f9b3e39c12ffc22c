import { describe, expect, it } from "vitest";
import { isContextOverflowText } from "../../src/context/is-context-overflow.js";
import { parseFaultsOption } from "../../src/models/parse-faults-option.js";
import { createScriptedModel } from "../../src/models/scripted-model.js";
import { withFaults } from "../../src/models/with-faults.js";
import { callContext } from "../support/scenario-turn.js";

describe("the overflow fault", () => {
  it("answers a context-overflow error the runtime recognises", async () => {
    const model = withFaults(createScriptedModel(), { rate: 1, kinds: ["overflow"], seed: 1 });
    const response = await model.complete({
      systemPrompt: "",
      messages: [{ role: "user", content: "hi" }],
      tools: [],
      context: callContext([{ kind: "text", text: "never" }]),
    });
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error).toMatchObject({ status: 400, retryable: false });
    expect(isContextOverflowText(response.error.message)).toBe(true);
  });

  it("is left out of --faults when no kinds are named, and accepted when named", () => {
    const parsed = parseFaultsOption("rate=0.2,seed=7");
    expect(parsed.ok && parsed.spec.kinds).not.toContain("overflow");
    const named = parseFaultsOption("rate=0.2,kinds=overflow|429");
    expect(named.ok && named.spec.kinds).toEqual(["overflow", "429"]);
  });
});
