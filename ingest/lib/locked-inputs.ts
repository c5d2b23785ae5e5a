// Builds follow the lock (ingest/sources.lock.json) as `npm ci` follows package-lock.json. A family
// that can read its lock's files (FamilyBuilder.lock) is built from its pinned inputs plus every
// locked file the mirror holds or a download supplies. A locked file is checked against the size
// and sha256 the publisher's index gives (PROJ-data's files.geojson); where the publisher gives
// none (USGS 3DEP), the bytes are hashed when they are first had, and that hash names them in the
// download cache, the manifest and the version id; the family's reader checks their layout. A file
// that cannot be had is left out: the build goes on, and the manifest's coverage lists it missing.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ArtifactError } from "../../artifacts/format/artifact-error.ts";
import { hashFile } from "../../artifacts/format/file-hash.ts";
import type { PlannedFile } from "../catalogs/plan-types.ts";
import { SOURCES, type SourceEntry, sourceById } from "../sources.ts";
import type { PipelineOptions } from "./build-options.ts";
import { describeError, downloadFile } from "./download.ts";
import type { FamilyBuilder, LockedSource } from "./family.ts";
import { type InputOptions, inputOptions, type ResolvedInput, resolveInput, upstreamUrl } from "./inputs.ts";

/** `download`: fetch what the mirror and cache lack (build); `local`: only look (version ids). */
export type LockMode = "download" | "local";

export interface FollowedLock {
  /** The family over its pinned inputs and the locked files had. */
  builder: FamilyBuilder;
  /** The registry the builder's source ids resolve in. */
  registry: readonly SourceEntry[];
  /** The locked files had, checked. */
  had: ResolvedInput[];
  /** The locked files not had, with why. */
  missing: { name: string; reason: string }[];
}

/** Locked files had at once. */
const AT_ONCE = 4;

/** Network errors after which a host is not asked again in this build. */
const UNREACHABLE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|EHOSTUNREACH|ENETUNREACH/;

export async function followLock(
  builder: FamilyBuilder,
  opts: PipelineOptions,
  mode: LockMode,
): Promise<FollowedLock> {
  const registry = opts.sources ?? SOURCES;
  const plan = opts.lock?.families[builder.family];
  if (!plan || !builder.lock) return { builder, registry, had: [], missing: [] };
  const pinned = new Set(builder.sources.map((id) => sourceById(id, registry).url));
  const wanted = plan.files.filter((f) => !pinned.has(f.url));
  const lock = builder.lock;
  const inputOpts = inputOptions(opts);
  const unreachable = new Map<string, string>();
  const results: (ResolvedInput | string)[] = new Array(wanted.length);
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const i = next++;
      const file = wanted[i] as PlannedFile;
      results[i] = await haveLocked(file, lock.source(file), inputOpts, mode, unreachable);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, wanted.length) }, worker));
  const had = results.filter((r): r is ResolvedInput => typeof r !== "string");
  const missing = wanted.flatMap((f, i) => {
    const r = results[i];
    return typeof r === "string" ? [{ name: f.name, reason: r }] : [];
  });
  if (mode === "download") {
    if (had.length > 0) opts.log(`${builder.family}: ${had.length} locked files besides the pinned inputs`);
    if (missing.length > 0)
      opts.log(
        `${builder.family}: ${missing.length} locked files could not be had, built without them:\n${summarise(missing)}`,
      );
  }
  return {
    builder: had.length > 0 ? lock.extend(had.map((h) => h.entry)) : builder,
    registry: [...registry, ...had.map((h) => h.entry)],
    had,
    missing,
  };
}

/** One line per distinct reason, naming up to 5 files each. */
function summarise(missing: readonly { name: string; reason: string }[]): string {
  const by = new Map<string, string[]>();
  for (const m of missing) by.set(m.reason, [...(by.get(m.reason) ?? []), m.name]);
  return [...by]
    .map(([reason, names]) => {
      const shown = names.slice(0, 5).join(", ");
      return `  - ${reason}: ${shown}${names.length > 5 ? ` and ${names.length - 5} more` : ""}`;
    })
    .join("\n");
}

/** The locked file checked and on disk, or why not. */
async function haveLocked(
  file: PlannedFile,
  fields: LockedSource,
  opts: InputOptions,
  mode: LockMode,
  unreachable: Map<string, string>,
): Promise<ResolvedInput | string> {
  const mirrored = opts.mirror ? path.join(opts.mirror, ...file.mirrorPath.split("/")) : undefined;
  const inMirror = mirrored !== undefined && existsSync(mirrored);
  const host = new URL(upstreamUrl(file.url, opts.upstream)).host;
  try {
    if (file.sha256 !== null && file.bytes !== null) {
      const entry: SourceEntry = {
        ...fields,
        sha256: file.sha256,
        bytes: file.bytes,
        mirroredAt: inMirror ? await dayOf(mirrored) : "",
      };
      if (mode === "local" && !inMirror && !existsSync(path.join(opts.cacheDir, file.sha256)))
        return "not in the mirror or the download cache";
      if (!inMirror && unreachable.has(host)) return unreachable.get(host) as string;
      return await resolveInput(entry, opts);
    }
    // No hash from the publisher: the first bytes had are hashed and kept under that hash.
    const index = path.join(opts.cacheDir, "locked", fields.id);
    const entryOf = (sha256: string, bytes: number, mirroredAt: string): SourceEntry => ({
      ...fields,
      sha256,
      bytes,
      mirroredAt,
    });
    if (inMirror) {
      const d = await hashOnce(mirrored);
      checkSize(file, d.bytes);
      const day = await dayOf(mirrored);
      return { entry: entryOf(d.sha256, d.bytes, day), path: mirrored, origin: "mirror", retrievedAt: day };
    }
    if (existsSync(index)) {
      const [sha256, day] = (await readFile(index, "utf8")).trim().split(" ") as [string, string];
      const cached = path.join(opts.cacheDir, sha256);
      const d = await hashOnce(cached);
      if (d.sha256 !== sha256)
        throw new ArtifactError(
          "source_mismatch",
          `locked file ${file.name}: the cached copy ${cached} no longer has sha256 ${sha256}`,
        );
      return { entry: entryOf(sha256, d.bytes, ""), path: cached, origin: "download", retrievedAt: day };
    }
    if (mode === "local") return "not in the mirror or the download cache";
    if (unreachable.has(host)) return unreachable.get(host) as string;
    await mkdir(path.dirname(index), { recursive: true });
    const part = `${index}.part`;
    await downloadFile(upstreamUrl(file.url, opts.upstream), part, {
      label: `download ${fields.id}`,
      log: opts.log,
      progress: opts.progress,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      ...(opts.retries !== undefined ? { retries: opts.retries, backoffMs: 10 } : {}),
    });
    const d = await hashFile(part);
    checkSize(file, d.bytes);
    const today = opts.today ?? new Date().toISOString().slice(0, 10);
    await rename(part, path.join(opts.cacheDir, d.sha256));
    await writeFile(index, `${d.sha256} ${today}\n`);
    return {
      entry: entryOf(d.sha256, d.bytes, ""),
      path: path.join(opts.cacheDir, d.sha256),
      origin: "download",
      retrievedAt: today,
    };
  } catch (err) {
    // Bytes that are not the locked ones are refused, as a pinned input's are: not a gap to build around.
    if (err instanceof ArtifactError && err.code === "source_mismatch") throw err;
    const message = describeError(err);
    if (UNREACHABLE.test(message)) {
      const reason = `${host} cannot be reached (${UNREACHABLE.exec(message)?.[0]})`;
      unreachable.set(host, reason);
      return reason;
    }
    return message;
  }
}

function checkSize(file: PlannedFile, bytes: number): void {
  if (file.bytes !== null && bytes !== file.bytes)
    throw new ArtifactError(
      "source_mismatch",
      `locked file ${file.name}: ${bytes} bytes, ingest/sources.lock.json says ${file.bytes}; refusing to build from unexpected bytes`,
    );
}

/**
 * A locked file's digest (mirror or cached copy), hashed once per process while its size and mtime stay: `build
 * --missing-only` and `verify` plan the build (local) before building it, and 521 3DEP blocks
 * are gigabytes.
 */
const digests = new Map<string, Promise<{ sha256: string; bytes: number }>>();
async function hashOnce(file: string): Promise<{ sha256: string; bytes: number }> {
  const st = await stat(file);
  const key = `${file}\0${st.size}\0${st.mtimeMs}`;
  let d = digests.get(key);
  if (!d) {
    d = hashFile(file);
    digests.set(key, d);
  }
  return d;
}

async function dayOf(file: string): Promise<string> {
  return (await stat(file)).mtime.toISOString().slice(0, 10);
}
