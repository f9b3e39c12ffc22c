import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSecretRedactor, REDACTED } from "../../src/platform/create-secret-redactor.js";
import { assertProperty } from "../support/assert-property.js";

const KEY = 'sk-test+9/Zq="x"&<é> Ω';

describe("createSecretRedactor", () => {
  it("replaces a secret as written, URL-encoded, form-encoded, HTML-escaped and JSON-escaped once or twice", () => {
    const redactor = createSecretRedactor([KEY]);
    const url = encodeURIComponent(KEY);
    const forms = [
      KEY,
      JSON.stringify(KEY).slice(1, -1),
      JSON.stringify(KEY)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`),
      url,
      url.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase()),
      url.replace(/%20/g, "+"),
      "sk-test+9/Zq=&quot;x&quot;&amp;&lt;é&gt; Ω",
      JSON.stringify(JSON.stringify(KEY)).slice(3, -3),
      JSON.stringify("sk-test+9/Zq=&quot;x&quot;&amp;&lt;é&gt; Ω").slice(1, -1),
    ];
    expect(forms.map((form) => redactor.redactText(`a ${form} b`))).toEqual(forms.map(() => `a ${REDACTED} b`));
  });

  it("turns overlapping and nested secrets into one marker, leaving no piece of either", () => {
    const redactor = createSecretRedactor(["abcdefgh12", "gh12345678", "cdefgh12"]);
    expect(redactor.redactText("xx abcdefgh12345678 yy")).toBe(`xx ${REDACTED} yy`);
    expect(redactor.redactText("abcdefgh12abcdefgh12")).toBe(`${REDACTED}${REDACTED}`);
    expect(createSecretRedactor(["aaaaaaaa"]).redactText("aaaaaaaaaaa!")).toBe(`${REDACTED}!`);
  });

  it("redacts secrets of hundreds of KiB, overlapping ones included, next to short ones", () => {
    const huge = `${"k".repeat(300_000)}/end`;
    const redactor = createSecretRedactor([huge, "short-secret-1"]);
    const text = `a ${huge} b short-secret-1 c ${encodeURIComponent(huge)} d`;
    expect(redactor.redactText(text)).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED} d`);
    expect(redactor.redactText(`x${huge.slice(1)}`)).toBe(`x${huge.slice(1)}`);
  });

  it("ignores values under 8 chars, blanks and surrounding whitespace", () => {
    const redactor = createSecretRedactor(["hunter2", "", "   ", "  padded-secret \n"]);
    expect(redactor.secrets).toEqual(["padded-secret"]);
    expect(redactor.redactText("hunter2 and padded-secret")).toBe(`hunter2 and ${REDACTED}`);
  });

  it("redacts credential header values it was never told about, but not placeholders", () => {
    const redactor = createSecretRedactor([]);
    expect(redactor.redactText("Authorization: Bearer tok_0123456789")).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactor.redactText('{"x-api-key":"k-0123456789=="}')).toBe(`{"x-api-key":"${REDACTED}"}`);
    expect(redactor.redactText('{\\"authorization\\": \\"Basic dXNlcjpwYXNz\\"}')).toBe(
      `{\\"authorization\\": \\"Basic ${REDACTED}\\"}`,
    );
    expect(redactor.redactText("Authorization: Bearer $WEATHER_API_KEY")).toBe(
      "Authorization: Bearer $WEATHER_API_KEY",
    );
    expect(redactor.redactText("x-api-key: short")).toBe("x-api-key: short");
  });

  it("redacts strings and keys at any depth and returns untouched parts as they are", () => {
    const redactor = createSecretRedactor(["s3cret-key-1"]);
    const clean = { list: [1, "plain", null], nested: { ok: true } };
    const value = {
      clean,
      error: "bad key s3cret-key-1",
      "s3cret-key-1": [{ deep: "?k=s3cret-key-1" }],
      when: new Date(0),
    };
    const redacted = redactor.redactValue(value);
    expect(redacted).toEqual({
      clean,
      error: `bad key ${REDACTED}`,
      [REDACTED]: [{ deep: `?k=${REDACTED}` }],
      when: new Date(0),
    });
    expect(redacted.clean).toBe(clean);
    expect(redacted.when).toBe(value.when);
    expect(redactor.redactValue(clean)).toBe(clean);
    expect(value.error).toBe("bad key s3cret-key-1");
  });

  it("keeps a `__proto__` key an own property when its value is redacted", () => {
    const parsed = JSON.parse('{"first": 1, "__proto__": "key s3cret-key-1"}') as Record<string, unknown>;
    const redacted = createSecretRedactor(["s3cret-key-1"]).redactValue(parsed);
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(Object.keys(redacted)).toEqual(["first", "__proto__"]);
    expect(Object.getOwnPropertyDescriptor(redacted, "__proto__")?.value).toBe(`key ${REDACTED}`);
  });

  it("redacts a long text seen before with secrets added since", () => {
    const redactor = createSecretRedactor(["first-secret"]);
    const long = `${"prompt ".repeat(300)} first-secret second-secret`;
    expect(redactor.redactText(long)).toBe(`${"prompt ".repeat(300)} ${REDACTED} second-secret`);
    expect(redactor.redactText(long)).toBe(`${"prompt ".repeat(300)} ${REDACTED} second-secret`);
    redactor.add(["second-secret"]);
    expect(redactor.redactText(long)).toBe(`${"prompt ".repeat(300)} ${REDACTED} ${REDACTED}`);
    for (let index = 0; index < 100; index += 1) redactor.redactText(`${long} ${index}`);
    expect(redactor.redactText(`${long} 7`)).toBe(`${"prompt ".repeat(300)} ${REDACTED} ${REDACTED} 7`);
  });

  it("applies secrets added later", () => {
    const redactor = createSecretRedactor(["first-secret"]);
    redactor.add(["second-secret", "short"]);
    expect(redactor.redactText("first-secret second-secret short")).toBe(`${REDACTED} ${REDACTED} short`);
    expect(redactor.secrets).toEqual(["second-secret", "first-secret"]);
  });

  it("property: no secret survives, however secrets and text interleave", () => {
    const alnum = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    const secret = fc.stringMatching(/^[a-z0-9]{9,16}$/);
    assertProperty(
      fc.property(
        fc.uniqueArray(secret, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(alnum, { maxLength: 12 }),
        (secrets, picks, fillers) => {
          const pieces = picks.flatMap((pick, index) => {
            const chosen = secrets[pick % secrets.length] ?? "";
            // Cutting a secret's head off and gluing it to the next builds overlaps.
            return [fillers[index] ?? "", index % 3 === 2 ? chosen.slice(pick % chosen.length) : chosen];
          });
          const output = createSecretRedactor(secrets).redactText(pieces.join(""));
          return secrets.every((one) => !output.includes(one));
        },
      ),
    );
  });

  it("property: text holding no secret comes back unchanged", () => {
    assertProperty(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const redactor = createSecretRedactor(["Q7#never-in-the-text#Q7"]);
        return redactor.redactText(text) === text;
      }),
    );
  });
});
