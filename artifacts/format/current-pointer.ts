// The `current` pointer of a family: a symbolic link `artifacts/<family>/current` → `<version>`,
// replaced atomically (a new link is created beside it, then renamed over it).
import { randomBytes } from "node:crypto";
import { readlink, rename, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { ArtifactError } from "./artifact-error.ts";

export const CURRENT = "current";
/** `<major>.<minor>-<12 hex>`: the only names a version folder may have. */
export const VERSION_PATTERN = /^[0-9]+\.[0-9]+-[0-9a-f]{12}$/;

/** The version `current` points to, or undefined when the family has none yet. */
export async function readCurrent(familyDir: string): Promise<string | undefined> {
  let target: string;
  try {
    target = await readlink(path.join(familyDir, CURRENT));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new ArtifactError(
      "no_current_version",
      `${path.join(familyDir, CURRENT)}: ${(err as Error).message}`,
    );
  }
  if (!VERSION_PATTERN.test(target)) {
    throw new ArtifactError(
      "no_current_version",
      `${path.join(familyDir, CURRENT)} points to "${target}", not a version folder`,
    );
  }
  return target;
}

/** Resolves `<artifactsDir>/<family>/current` to `{version, dir}`; throws no_current_version when absent. */
export async function resolveCurrent(
  artifactsDir: string,
  family: string,
): Promise<{ version: string; dir: string }> {
  const familyDir = path.join(artifactsDir, family);
  const version = await readCurrent(familyDir);
  if (!version)
    throw new ArtifactError(
      "no_current_version",
      `no built version of ${family} under ${artifactsDir} (run geo402-ingest build ${family})`,
    );
  return { version, dir: path.join(familyDir, version) };
}

/** Points `current` at `version` atomically: readers see the old or the new target, never neither. */
export async function switchCurrent(familyDir: string, version: string): Promise<void> {
  if (!VERSION_PATTERN.test(version)) throw new Error(`not a version name: ${version}`);
  const tmp = path.join(familyDir, `.current-${randomBytes(6).toString("hex")}`);
  await symlink(version, tmp);
  try {
    await rename(tmp, path.join(familyDir, CURRENT));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
