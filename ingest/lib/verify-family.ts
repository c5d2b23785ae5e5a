// Checks the current version of a family: manifest schema, family, format major and files, every
// output hash, then the family's own known-answer checks.

import { checkManifest } from "../../artifacts/families.ts";
import { ArtifactError } from "../../artifacts/format/artifact-error.ts";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import { readManifest, verifyOutputs } from "../../artifacts/format/manifest.ts";
import type { FamilyBuilder } from "./family.ts";

/** Throws ArtifactError (or the family's own error) when the current version does not check out. */
export async function verifyCurrent(
  builder: FamilyBuilder,
  outRoot: string,
): Promise<{ version: string; dir: string }> {
  const current = await resolveCurrent(outRoot, builder.family);
  const manifest = await readManifest(current.dir);
  checkManifest(builder, manifest, current.version);
  await verifyOutputs(current.dir, manifest);
  try {
    await builder.verify(current.dir);
  } catch (err) {
    throw new ArtifactError(
      "verify_failed",
      `${builder.family} ${current.version}: ${(err as Error).message}`,
    );
  }
  return current;
}
