const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** `["agents", "list", 0, "tools"]` → `agents.list[0].tools`; other keys are quoted (`models["openai/gpt-5"]`). */
export function configFormatPath(segments: readonly (string | number)[]): string {
  let text = "";
  for (const segment of segments) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
