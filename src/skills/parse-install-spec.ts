import { isRecord } from "./frontmatter-reading.js";
import { parseStringList } from "./parse-string-list.js";
import type { SkillInstallSpec } from "./skill-types.js";

type InstallKind = SkillInstallSpec["kind"];

const BREW_FORMULA = /^[A-Za-z0-9][A-Za-z0-9@+._/-]*$/;
const NPM_PACKAGE = /^(?:@[A-Za-z0-9][A-Za-z0-9._~-]*\/)?[A-Za-z0-9][A-Za-z0-9._~-]*(?:@[A-Za-z0-9._~^<>=*+|-]+)?$/;
const GO_MODULE = /^[A-Za-z0-9][A-Za-z0-9._~+\-/]*(?:@[A-Za-z0-9][A-Za-z0-9._~+\-/]*)?$/;
const UV_PACKAGE = /^[A-Za-z0-9][A-Za-z0-9._\-[\]=<>!~+,]*$/;
const DOWNLOAD_URL = /^https?:\/\/\S+$/i;

/** The field each kind needs, with its check (the value is already trimmed and not `-`-led). */
const REQUIRED_FIELD: Record<
  InstallKind,
  { field: "formula" | "package" | "module" | "url"; ok(value: string): boolean }
> = {
  brew: { field: "formula", ok: (value) => BREW_FORMULA.test(value) && !value.includes("..") },
  node: { field: "package", ok: (value) => NPM_PACKAGE.test(value) },
  go: { field: "module", ok: (value) => GO_MODULE.test(value) },
  uv: { field: "package", ok: (value) => UV_PACKAGE.test(value) },
  download: { field: "url", ok: (value) => DOWNLOAD_URL.test(value) },
};

/**
 * One install spec of the manifest (spec/skills.md §2.4), or `undefined` when it is not an
 * object, its `kind` (or `type`) is unknown, or the field its kind needs is missing or unsafe.
 * Pure.
 */
export function parseInstallSpec(value: unknown): SkillInstallSpec | undefined {
  if (!isRecord(value)) return undefined;
  const kindText = typeof value.kind === "string" ? value.kind : typeof value.type === "string" ? value.type : "";
  const kind = kindText.trim().toLowerCase();
  if (!Object.hasOwn(REQUIRED_FIELD, kind)) return undefined;
  const required = REQUIRED_FIELD[kind as InstallKind];
  const raw = required.field === "formula" ? (safeText(value.formula) ?? safeText(value.cask)) : value[required.field];
  const text = safeText(raw);
  if (text === undefined || !required.ok(text)) return undefined;
  const spec: SkillInstallSpec = { kind: kind as InstallKind };
  if (typeof value.id === "string") spec.id = value.id;
  if (typeof value.label === "string") spec.label = value.label;
  const bins = parseStringList(value.bins);
  if (bins.length > 0) spec.bins = bins;
  const os = parseStringList(value.os);
  if (os.length > 0) spec.os = os;
  spec[required.field] = text;
  if (typeof value.archive === "string") spec.archive = value.archive;
  if (typeof value.extract === "boolean") spec.extract = value.extract;
  if (typeof value.stripComponents === "number") spec.stripComponents = value.stripComponents;
  if (typeof value.targetDir === "string") spec.targetDir = value.targetDir;
  return spec;
}

/** A trimmed, non-empty string that does not start with `-` and holds no backslash. */
function safeText(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return text === "" || text.startsWith("-") || text.includes("\\") ? undefined : text;
}
