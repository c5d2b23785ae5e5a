// The version id of a build: `<formatVersion>-<12 hex>` where the hex is SHA-256 over the
// family, format version, parameters and the pinned sha256 of every input. Same inputs and
// parameters → same id, so a rebuild lands on the same name and can be compared byte for byte.
import { createHash } from "node:crypto";
import type { SourceEntry } from "../sources.ts";
import type { FamilyBuilder } from "./family.ts";

/** JSON with object keys sorted at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function versionId(
  builder: Pick<FamilyBuilder, "family" | "formatVersion" | "parameters">,
  inputs: readonly SourceEntry[],
): string {
  if (!/^[0-9]+\.[0-9]+$/.test(builder.formatVersion))
    throw new Error(`${builder.family}: formatVersion must be major.minor, got "${builder.formatVersion}"`);
  const material = canonicalJson({
    family: builder.family,
    formatVersion: builder.formatVersion,
    parameters: builder.parameters,
    inputs: inputs
      .map((s) => ({ id: s.id, sha256: s.sha256 }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  });
  return `${builder.formatVersion}-${createHash("sha256").update(material).digest("hex").slice(0, 12)}`;
}
