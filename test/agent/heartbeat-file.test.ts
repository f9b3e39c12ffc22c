import { describe, expect, it } from "vitest";
import { isHeartbeatFileEffectivelyEmpty } from "../../src/agent/check-heartbeat-file.js";

describe("isHeartbeatFileEffectivelyEmpty", () => {
  it.each([
    "",
    "\n\n  \n",
    "# Checks\n- [ ] ",
    "# Heartbeat\n\n## Tasks\n-\n*\n+\n- [ ]\n- [x]\n* [X]\n  + [] \r\n",
    "#\n##",
  ])("%j is effectively empty", (content) => {
    expect(isHeartbeatFileEffectivelyEmpty(content)).toBe(true);
  });

  it.each([
    "- Check stock of strawberries",
    "# Checks\n- [ ] Check stock",
    "#tag",
    "Some prose",
    "- [ ] \n1. item",
    "-- ",
  ])("%j has content", (content) => {
    expect(isHeartbeatFileEffectivelyEmpty(content)).toBe(false);
  });
});
