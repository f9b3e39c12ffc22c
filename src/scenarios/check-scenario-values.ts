const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Whether `value` is an ISO-8601 date-time with a `Z` or `±hh:mm` offset that `Date.parse` accepts. */
export function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** Whether `value` names a time zone this Node build knows (IANA names such as `Asia/Shanghai`, or `UTC`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch (error) {
    // Intl reports an unknown zone only by throwing a RangeError; anything else is a real failure.
    if (error instanceof RangeError) return false;
    throw error;
  }
}
