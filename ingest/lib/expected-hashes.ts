// The committed output hashes of every family (artifacts/expected-hashes.json): what a build of
// the repository's pinned inputs must produce. `geo402-ingest repro` compares each rebuild with
// them, so a change that alters a family's bytes without bumping its format version fails CI.
import { readFile, writeFile } from "node:fs/promises";
import type { ManifestOutput } from "../../artifacts/format/manifest.ts";
import { diffOutputs } from "./outputs.ts";

/** One family's recorded build: the version id embeds the format version (`<format>-<hash>`). */
export interface ExpectedBuild {
  formatVersion: string;
  version: string;
  /** Output path → sha256. */
  outputs: Record<string, string>;
}

export type ExpectedHashes = Record<string, ExpectedBuild>;

export async function readExpectedHashes(file: string): Promise<ExpectedHashes> {
  const text = await readFile(file, "utf8").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return "{}";
    throw err;
  });
  return JSON.parse(text) as ExpectedHashes;
}

/** Writes `build` for `family`, replacing what was recorded for it; keys sorted for stable diffs. */
export async function recordExpectedHashes(
  file: string,
  family: string,
  build: ExpectedBuild,
): Promise<void> {
  const all = { ...(await readExpectedHashes(file)), [family]: build };
  const sorted = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((k) => [k, all[k]]),
  );
  await writeFile(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

export function expectedBuild(
  formatVersion: string,
  version: string,
  outputs: readonly ManifestOutput[],
): ExpectedBuild {
  return { formatVersion, version, outputs: Object.fromEntries(outputs.map((o) => [o.path, o.sha256])) };
}

/** Why a rebuild does not match what is committed (undefined when it matches), saying what to do. */
export function expectedHashesProblem(
  family: string,
  built: ExpectedBuild,
  expected: ExpectedBuild | undefined,
  file: string,
): string | undefined {
  const record = `run \`geo402-ingest repro ${family} --record\` and commit ${file}`;
  if (!expected) return `no expected output hashes for ${family} in ${file}: ${record}`;
  if (expected.version !== built.version) {
    const why =
      expected.formatVersion !== built.formatVersion
        ? `its format version went from ${expected.formatVersion} to ${built.formatVersion}`
        : "its pinned inputs or build parameters changed";
    return `${family} builds ${built.version} but ${file} records ${expected.version} (${why}): once the new bytes are intended, ${record}`;
  }
  const asOutputs = (b: ExpectedBuild) =>
    Object.entries(b.outputs).map(([path, sha256]) => ({ path, sha256, bytes: 0 }));
  const changed = diffOutputs(asOutputs(built), asOutputs(expected));
  if (changed.length === 0) return undefined;
  return (
    `${family} output bytes changed (${changed.join(", ")}) but its format version is still ${built.formatVersion}: ` +
    `bump formatVersion of the ${family} family (minor when older readers still read the files, major when not) ` +
    `and note it in artifacts/README.md §Changelog, rebuild, then ${record}; if the change was not meant to alter the bytes, it is a regression`
  );
}
