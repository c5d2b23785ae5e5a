// One family build: resolve and check inputs, build into a staging folder, hash outputs, write
// the manifest, verify, then move the version into place and switch `current` atomically.
// Anything that fails or is interrupted before the switch leaves `current` as it was.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkFiles } from "../../artifacts/families.ts";
import { ArtifactError } from "../../artifacts/format/artifact-error.ts";
import { readCurrent, switchCurrent } from "../../artifacts/format/current-pointer.ts";
import {
  type ArtifactManifest,
  assertManifest,
  MANIFEST_FILE,
  type ManifestOutput,
  readManifest,
  verifyOutputs,
} from "../../artifacts/format/manifest.ts";
import { lockCoverage } from "../catalogs/lock-coverage.ts";
import { type SourceEntry, sourceById } from "../sources.ts";
import type { PipelineOptions } from "./build-options.ts";
import type { FamilyBuilder } from "./family.ts";
import { type InputOptions, inputOptions, type ResolvedInput, resolveInput } from "./inputs.ts";
import { DEFAULT_KEEP, pruneVersions, recordSwitch } from "./kept-versions.ts";
import { followLock } from "./locked-inputs.ts";
import { diffOutputs, hashOutputs } from "./outputs.ts";
import { versionId } from "./version-id.ts";

export interface BuildResult {
  family: string;
  version: string;
  dir: string;
  outputs: ManifestOutput[];
  /** True when an identical build of this version was already in place and was kept. */
  reused: boolean;
}

/** Inputs fetched at once. */
const DOWNLOADS = 4;

const STAGING = /^\.staging-.+-(\d+)-[0-9a-f]+$/;

/**
 * The version id a build would get now: the registry's pins plus the locked files the mirror or the
 * download cache holds (nothing is downloaded), with the family that reads them.
 */
export async function plannedBuild(
  builder: FamilyBuilder,
  opts: PipelineOptions,
): Promise<{ version: string; builder: FamilyBuilder; entries: SourceEntry[] }> {
  const followed = await followLock(builder, opts, "local");
  const entries = followed.builder.sources.map((id) => sourceById(id, followed.registry));
  return { version: versionId(followed.builder, entries), builder: followed.builder, entries };
}

export async function buildFamily(pinned: FamilyBuilder, opts: PipelineOptions): Promise<BuildResult> {
  const familyDir = path.join(opts.outRoot, pinned.family);
  await mkdir(familyDir, { recursive: true });
  await removeStaleStaging(familyDir, opts.log);
  const { builder, registry, had } = await followLock(pinned, opts, "download");
  const entries = builder.sources.map((id) => sourceById(id, registry));
  const version = versionId(builder, entries);

  const haveNow = new Map(had.map((h) => [h.entry.id, h]));
  const resolved = await resolveAll(
    entries.filter((e) => !haveNow.has(e.id)),
    inputOptions(opts),
  );
  const inputs = entries.map(
    (e) => haveNow.get(e.id) ?? (resolved.find((r) => r.entry.id === e.id) as ResolvedInput),
  );

  const staging = path.join(
    familyDir,
    `.staging-${version}-${process.pid}-${randomBytes(4).toString("hex")}`,
  );
  await mkdir(staging);
  let manifest: ArtifactManifest;
  try {
    opts.log(`${builder.family} ${version}: building into ${staging}`);
    await builder.build({
      inputs: Object.fromEntries(inputs.map((i) => [i.entry.id, i.path])),
      outDir: staging,
      progress: opts.progress,
      log: (m) => opts.log(`${builder.family}: ${m}`),
    });
    manifest = {
      manifestVersion: 1,
      family: builder.family,
      version,
      formatVersion: builder.formatVersion,
      builtAt: (opts.now?.() ?? new Date()).toISOString(),
      builder: {
        gitSha: opts.gitSha === undefined ? gitHead() : opts.gitSha,
        node: process.version,
        command: opts.command,
      },
      inputs: inputs.map((i) => ({
        id: i.entry.id,
        url: i.entry.url,
        vintage: i.entry.vintage,
        retrievedAt: i.retrievedAt,
        sha256: i.entry.sha256,
        bytes: i.entry.bytes,
        license: i.entry.license,
        attribution: i.entry.attribution,
        origin: i.origin,
      })),
      outputs: await hashOutputs(staging),
      parameters: builder.parameters,
    };
    const coverage = lockCoverage(opts.lock, builder.family, entries);
    if (coverage) {
      manifest.coverage = coverage;
      const gaps = [
        ...(coverage.missing.length > 0
          ? [
              `missing ${coverage.missing.slice(0, 10).join(", ")}${coverage.missing.length > 10 ? ` and ${coverage.missing.length - 10} more (the manifest lists them)` : ""}`,
            ]
          : []),
        ...(coverage.unnamed > 0 ? [`${coverage.unnamed} not named (the catalog was not read)`] : []),
      ];
      if (gaps.length > 0)
        opts.log(
          `${builder.family}: partial coverage: ${coverage.served.length} of the ${coverage.specified} files of the spec's coverage (ingest/sources.lock.json); ${gaps.join("; ")}`,
        );
    }
    checkFiles(
      builder,
      manifest.outputs.map((o) => o.path),
    );
    assertManifest(manifest);
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await verifyOutputs(staging, manifest);
    await builder.verify(staging);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }

  const final = path.join(familyDir, version);
  const reused = await placeVersion(staging, final, manifest, opts.log);
  await opts.beforeSwitch?.(version);
  const previous = await readCurrent(familyDir).catch(() => undefined);
  await switchCurrent(familyDir, version);
  await recordSwitch(familyDir, previous, version);
  await pruneVersions(familyDir, version, opts.keep ?? DEFAULT_KEEP, opts.log);
  opts.log(
    `${builder.family} ${version}: current (${manifest.outputs.length} files, ${manifest.outputs.reduce((s, o) => s + o.bytes, 0)} bytes)`,
  );
  return { family: builder.family, version, dir: final, outputs: manifest.outputs, reused };
}

/** Inputs resolved DOWNLOADS at a time, in registry order; throws one error listing every input that failed. */
async function resolveAll(entries: readonly SourceEntry[], opts: InputOptions): Promise<ResolvedInput[]> {
  const results: (ResolvedInput | Error)[] = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const i = next++;
      results[i] = await resolveInput(entries[i] as SourceEntry, opts).catch((err: Error) => err);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DOWNLOADS, entries.length) }, worker));
  const failed = results.filter((r): r is Error => r instanceof Error);
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1)
    throw new ArtifactError(
      failed.some((e) => e instanceof ArtifactError && e.code === "source_mismatch")
        ? "source_mismatch"
        : "source_unavailable",
      `${failed.length} inputs could not be used:\n${failed.map((e) => `  - ${e.message}`).join("\n")}`,
    );
  return results as ResolvedInput[];
}

/** Moves staging to its final name; keeps an identical existing build (only builtAt differs). */
async function placeVersion(
  staging: string,
  final: string,
  manifest: ArtifactManifest,
  log: (m: string) => void,
): Promise<boolean> {
  if (!existsSync(final)) {
    await rename(staging, final);
    return false;
  }
  const existing = await readManifest(final).catch(() => undefined);
  const sameOutputs = existing !== undefined && diffOutputs(existing.outputs, manifest.outputs).length === 0;
  const damage =
    existing &&
    (await verifyOutputs(final, existing).then(
      () => undefined,
      (err: Error) => err.message,
    ));
  if (sameOutputs && damage === undefined) {
    // Same bytes; the lock (what the build serves of the spec's coverage) may have changed.
    if (JSON.stringify(existing.coverage) !== JSON.stringify(manifest.coverage))
      await rename(path.join(staging, MANIFEST_FILE), path.join(final, MANIFEST_FILE));
    await rm(staging, { recursive: true, force: true });
    return true;
  }
  log(
    sameOutputs
      ? `${path.basename(final)}: WARNING: the existing build of this version is corrupt on disk (${damage}); replacing it with the fresh build`
      : `${path.basename(final)}: an earlier build of this version differs; replacing it (bump formatVersion when output bytes change)`,
  );
  const old = `${path.dirname(final)}/.replaced-${path.basename(final)}-${randomBytes(4).toString("hex")}`;
  await rename(final, old);
  await rename(staging, final);
  await rm(old, { recursive: true, force: true });
  return false;
}

/** Removes staging folders (`.staging-<label>-<pid>-<hex>`) whose process is gone (killed or crashed). */
export async function removeStaleStaging(familyDir: string, log: (m: string) => void): Promise<void> {
  for (const name of await readdir(familyDir)) {
    const m = STAGING.exec(name);
    if (!m) continue;
    if (Number(m[1]) !== process.pid && isAlive(Number(m[1]))) continue;
    log(`removing leftover ${name} of an interrupted build`);
    await rm(path.join(familyDir, name), { recursive: true, force: true });
  }
}

/** True when a process with this id exists (ours or another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function gitHead(): string | null {
  try {
    const sha = execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: path.dirname(new URL(import.meta.url).pathname),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return /^[0-9a-f]{40}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}
