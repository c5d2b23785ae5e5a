// What a build serves of the lock: a locked file is served when one of the family's pinned inputs
// is that upstream file (same URL — for a zip, a member of it); the rest are missing. The build
// goes on with what it has and the manifest says so (docs/artifacts.md, Partial coverage).
import { createHash } from "node:crypto";
import { type ManifestCoverage, readManifest } from "../../artifacts/format/manifest.ts";
import type { SourceEntry } from "../sources.ts";
import type { SourcesLock } from "./lock-file.ts";

export function lockCoverage(
  lock: SourcesLock | undefined,
  family: string,
  inputs: readonly SourceEntry[],
): ManifestCoverage | undefined {
  const plan = lock?.families[family];
  if (!plan) return undefined;
  const urls = new Set(inputs.map((i) => i.url));
  const locked = new Set(plan.files.map((f) => f.url));
  return {
    lockSha256: createHash("sha256").update(JSON.stringify(plan)).digest("hex"),
    rule: plan.rule,
    specified: plan.specified ?? plan.files.length,
    unnamed: (plan.specified ?? plan.files.length) - plan.files.length,
    served: plan.files.filter((f) => urls.has(f.url)).map((f) => f.name),
    missing: plan.files.filter((f) => !urls.has(f.url)).map((f) => f.name),
    otherInputs: inputs.filter((i) => !locked.has(i.url)).map((i) => i.id),
  };
}

/** True when the manifest of `versionDir` states another coverage than the lock gives now. */
export async function coverageChanged(
  versionDir: string,
  lock: SourcesLock | undefined,
  family: string,
  inputs: readonly SourceEntry[],
): Promise<boolean> {
  const manifest = await readManifest(versionDir);
  return JSON.stringify(manifest.coverage) !== JSON.stringify(lockCoverage(lock, family, inputs));
}
