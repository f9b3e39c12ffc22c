/**
 * With `options.equals`: the text delivered to the channel equals it. With
 * `options.skippedReason`: nothing was delivered and the delivery event's reason is that.
 */
export default function deliveredText(ctx) {
  const delivery = ctx.events.find((event) => event.type === "delivery");
  if (ctx.options.equals !== undefined) {
    return {
      pass: ctx.delivered === ctx.options.equals,
      message: `delivered ${JSON.stringify(ctx.delivered)}`,
      expected: JSON.stringify(ctx.options.equals),
      actual: JSON.stringify(ctx.delivered),
    };
  }
  const pass =
    ctx.delivered === null && delivery?.status === "skipped" && delivery.reason === ctx.options.skippedReason;
  return {
    pass,
    message: `delivery ${delivery?.status ?? "missing"} (${delivery?.reason ?? "no reason"})`,
    expected: `skipped (${ctx.options.skippedReason})`,
    actual: delivery === undefined ? "no delivery event" : `${delivery.status} (${delivery.reason ?? "no reason"})`,
  };
}
