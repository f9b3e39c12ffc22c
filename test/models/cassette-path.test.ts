import { describe, expect, it } from "vitest";
import { cassettePath, filenameSafeModelId } from "../../src/models/cassette-path.js";

describe("filenameSafeModelId", () => {
  it("keeps ids readable and makes them one file name", () => {
    expect(filenameSafeModelId("anthropic:claude-x")).toBe("anthropic_claude-x");
    expect(filenameSafeModelId("openai:m@http://host:8000/v1")).toBe("openai_m_http___host_8000_v1");
    expect(filenameSafeModelId("scripted")).toBe("scripted");
    expect(filenameSafeModelId("simulated:a?ack=0.5&seed=7")).toBe("simulated_a_ack_0.5_seed_7");
    expect(filenameSafeModelId("..")).toBe("__");
  });
});

describe("cassettePath", () => {
  it("nests the scenario id's folders, then the model, then the repeat", () => {
    expect(
      cassettePath({
        directory: "/s/cassettes",
        scenarioId: "skills/budget#2",
        modelId: "anthropic:claude-x",
        repeat: 0,
      }),
    ).toBe("/s/cassettes/skills/budget#2/anthropic_claude-x/1.json");
  });

  it("gives each repeat its own file", () => {
    const paths = [0, 1, 2].map((repeat) =>
      cassettePath({ directory: "/c", scenarioId: "demo", modelId: "scripted", repeat }),
    );
    expect(paths).toEqual(["/c/demo/scripted/1.json", "/c/demo/scripted/2.json", "/c/demo/scripted/3.json"]);
  });

  it("never leaves the cassette folder", () => {
    expect(cassettePath({ directory: "/c", scenarioId: "../../etc/x y", modelId: "m", repeat: 0 })).toBe(
      "/c/__/__/etc/x_y/m/1.json",
    );
  });
});
