// Checks the current version of a family: manifest schema, family and format major, every
// output hash, then the family's own known-answer checks.
import { ArtifactError } from "../../artifacts/format/artifact-error.ts";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import { formatMajor, readManifest, verifyOutputs } from "../../artifacts/format/manifest.ts";
import type { FamilyBuilder } from "./family.ts";

/** Throws ArtifactError (or the family's own error) when the current version does not check out. */
export async function verifyCurrent(
  builder: FamilyBuilder,
  outRoot: string,
): Promise<{ version: string; dir: string }> {
  const current = await resolveCurrent(outRoot, builder.family);
  const manifest = await readManifest(current.dir);
  if (manifest.family !== builder.family || manifest.version !== current.version) {
    throw new ArtifactError(
      "family_mismatch",
      `${current.dir}/manifest.json describes ${manifest.family} ${manifest.version}`,
    );
  }
  if (formatMajor(manifest.formatVersion) !== formatMajor(builder.formatVersion)) {
    throw new ArtifactError(
      "unsupported_format_version",
      `${builder.family} ${manifest.version} has format ${manifest.formatVersion}; the builder writes ${builder.formatVersion}`,
    );
  }
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
