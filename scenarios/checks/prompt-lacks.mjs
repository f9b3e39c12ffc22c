/** Passes when the turn's system prompt does not contain `options.text`. */
export default function promptLacks(ctx) {
  const pass = !ctx.systemPrompt.includes(ctx.options.text);
  return {
    pass,
    message: pass
      ? `system prompt lacks ${JSON.stringify(ctx.options.text)}`
      : `system prompt contains ${JSON.stringify(ctx.options.text)}`,
  };
}
