// `refresh` of one family: check every source upstream, and when one changed, check the new bytes
// (complete, published checksum, the family's sanity checks), build, verify, record the pins and
// switch `current` — or, on any failure, leave `current` and the pins as they were.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { readCurrent } from "../../artifacts/format/current-pointer.ts";
import { buildFamily, removeStaleStaging } from "../lib/build.ts";
import type { PipelineOptions } from "../lib/build-options.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { resolveInput } from "../lib/inputs.ts";
import { versionId } from "../lib/version-id.ts";
import { SOURCES, type SourceEntry, sourceById } from "../sources.ts";
import { checkSource, type SourceCheck } from "./check-source.ts";
import { lockFamily } from "./family-lock.ts";
import { type FamilyPins, livePin, pinnedEntry, readPins, type SourcePin, writePins } from "./pins.ts";
import { RefreshError } from "./refresh-error.ts";

export interface RefreshOptions extends PipelineOptions {
  /** Take upstream bytes a rollback rejected. */
  force?: boolean;
  /** Today as YYYY-MM-DD (retrieval day of new bytes). */
  today?: string;
}

export interface RefreshResult {
  family: string;
  /** unchanged: nothing new upstream; switched: a new version is current; skipped: not run or not taken. */
  status: "unchanged" | "switched" | "skipped" | "failed";
  /** Ids of sources with a new upstream version. */
  found: string[];
  built: boolean;
  switched: boolean;
  from?: string;
  to?: string;
  reason?: string;
  /** Stable code of a failure (RefreshError / ArtifactError codes, else build_failed). */
  code?: string;
  durationMs: number;
}

type Outcome = Omit<RefreshResult, "family" | "found" | "durationMs">;

export async function refreshFamily(builder: FamilyBuilder, opts: RefreshOptions): Promise<RefreshResult> {
  const started = performance.now();
  const found: string[] = [];
  const result = (o: Outcome): RefreshResult => ({
    family: builder.family,
    found,
    ...o,
    durationMs: Math.round(performance.now() - started),
  });
  const familyDir = path.join(opts.outRoot, builder.family);
  const lock = await lockFamily(familyDir);
  if (!lock.held) {
    return result({
      status: "skipped",
      built: false,
      switched: false,
      reason: `another refresh or rollback of ${builder.family} is running (pid ${lock.owner})`,
    });
  }
  const staging = path.join(familyDir, `.staging-refresh-${process.pid}-${randomBytes(4).toString("hex")}`);
  const cached: string[] = [];
  let from: string | undefined;
  try {
    await removeStaleStaging(familyDir, opts.log);
    from = await readCurrent(familyDir);
    await mkdir(staging);
    return result(await refresh(builder, opts, { staging, cached, found, from }));
  } catch (err) {
    for (const file of cached) await rm(file, { force: true });
    const code = (err as { code?: unknown }).code;
    return result({
      status: "failed",
      built: false,
      switched: false,
      ...(from ? { from } : {}),
      reason: (err as Error).message,
      code: typeof code === "string" && /^[a-z_]+$/.test(code) ? code : "build_failed",
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
    await lock.release();
  }
}

interface RunState {
  staging: string;
  /** Cache files this run added (removed again when it fails). */
  cached: string[];
  found: string[];
  from: string | undefined;
}

async function refresh(builder: FamilyBuilder, opts: RefreshOptions, run: RunState): Promise<Outcome> {
  const registry = opts.sources ?? SOURCES;
  const pins = await readPins(opts.outRoot, builder.family);
  const next: FamilyPins = structuredClone(pins);
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const lists = new Map<string, Promise<unknown>>();
  const changed: SourceCheck[] = [];
  const pinned: SourceEntry[] = [];
  const refused: string[] = [];
  for (const id of builder.sources) {
    const base = sourceById(id, registry);
    const entry = pinnedEntry(base, pins);
    const pin = livePin(base, pins);
    const held = pin?.sha256 === entry.sha256 ? pin : undefined;
    const check = await checkSource(
      entry,
      {
        ...(held?.etag ? { etag: held.etag } : {}),
        ...(held?.lastModified ? { lastModified: held.lastModified } : {}),
      },
      {
        ...(opts.mirror ? { mirror: opts.mirror } : {}),
        staging: run.staging,
        lists,
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
        progress: opts.progress,
      },
    );
    opts.log(`${builder.family}: ${id}: ${check.found}`);
    pinned.push(entry);
    const candidate = check.candidate;
    const rejected = candidate && pins.rejected.find((r) => r.id === id && r.sha256 === candidate.sha256);
    if (rejected && !opts.force) {
      refused.push(`${id} ${candidate.sha256.slice(0, 12)}… (rolled back from ${rejected.version})`);
    } else if (candidate) {
      changed.push(check);
      run.found.push(id);
    } else if (check.validators.etag || check.validators.lastModified) {
      next.sources[id] = pinFor(entry, base, held?.retrievedAt ?? entry.mirroredAt, check.validators);
    }
  }
  const notTaken = refused.length
    ? `upstream still serves bytes a rollback rejected: ${refused.join(", ")}; refresh --force takes them`
    : undefined;

  if (changed.length === 0) {
    const expected = versionId(builder, pinned);
    if (run.from === expected) {
      if (JSON.stringify(next) !== JSON.stringify(pins)) await writePins(opts.outRoot, next);
      return notTaken
        ? { status: "skipped", built: false, switched: false, from: expected, reason: notTaken }
        : { status: "unchanged", built: false, switched: false, from: expected };
    }
    opts.log(
      `${builder.family}: current is ${run.from ?? "missing"}, the pins give ${expected}; building it`,
    );
  }

  const candidates = new Map<string, SourceEntry>();
  for (const check of changed) {
    const c = check.candidate as NonNullable<SourceCheck["candidate"]>;
    if (c.origin === "download") c.path = await intoCache(c.path, c.sha256, today, opts, run.cached);
    candidates.set(check.entry.id, { ...check.entry, sha256: c.sha256, bytes: c.bytes, mirroredAt: today });
  }
  if (changed.length > 0) {
    let vintages: Record<string, string> = {};
    try {
      if (builder.sanity)
        vintages =
          (await builder.sanity(await sanityInputs(pinned, changed, opts), run.found)).vintages ?? {};
    } catch (err) {
      throw new RefreshError("sanity_failed", `${builder.family}: ${(err as Error).message}`);
    }
    for (const check of changed) {
      const id = check.entry.id;
      const entry = candidates.get(id) as SourceEntry;
      const vintage =
        vintages[id] ??
        `edition not stated in the file; retrieved ${today}${check.validators.lastModified ? ` (Last-Modified ${check.validators.lastModified})` : ""}`;
      candidates.set(id, { ...entry, vintage });
      next.sources[id] = pinFor({ ...entry, vintage }, sourceById(id, registry), today, check.validators);
      if (opts.force) next.rejected = next.rejected.filter((r) => r.id !== id || r.sha256 !== entry.sha256);
    }
  }
  await rm(run.staging, { recursive: true, force: true });
  const sources = [
    ...registry.filter((e) => !builder.sources.includes(e.id)),
    ...pinned.map((e) => candidates.get(e.id) ?? e),
  ];
  const built = await buildFamily(builder, {
    ...opts,
    sources,
    beforeSwitch: () => writePins(opts.outRoot, next),
  });
  return {
    status: "switched",
    built: !built.reused,
    switched: true,
    ...(run.from ? { from: run.from } : {}),
    to: built.version,
    ...(notTaken ? { reason: notTaken } : {}),
  };
}

/** Every input of the family as a local file: the new bytes where a source changed, else the pinned ones. */
async function sanityInputs(
  pinned: readonly SourceEntry[],
  changed: readonly SourceCheck[],
  opts: RefreshOptions,
): Promise<Record<string, string>> {
  const inputs: Record<string, string> = {};
  for (const entry of pinned) {
    const check = changed.find((c) => c.entry.id === entry.id);
    inputs[entry.id] = check?.candidate
      ? check.candidate.path
      : (
          await resolveInput(entry, {
            ...(opts.mirror ? { mirror: opts.mirror } : {}),
            cacheDir: opts.cacheDir ?? path.join(opts.outRoot, ".cache", "sources"),
            log: opts.log,
            progress: opts.progress,
            ...(opts.fetch ? { fetch: opts.fetch } : {}),
          })
        ).path;
  }
  return inputs;
}

function pinFor(
  entry: SourceEntry,
  base: SourceEntry,
  retrievedAt: string,
  v: SourceCheck["validators"],
): SourcePin {
  return {
    url: entry.url,
    sha256: entry.sha256,
    bytes: entry.bytes,
    vintage: entry.vintage,
    retrievedAt,
    base: base.sha256,
    ...(v.etag ? { etag: v.etag } : {}),
    ...(v.lastModified ? { lastModified: v.lastModified } : {}),
  };
}

/** Moves downloaded bytes into the source cache (keyed by sha256), where builds look for them. */
async function intoCache(
  file: string,
  sha256: string,
  today: string,
  opts: RefreshOptions,
  added: string[],
): Promise<string> {
  const cacheDir = opts.cacheDir ?? path.join(opts.outRoot, ".cache", "sources");
  const target = path.join(cacheDir, sha256);
  if (existsSync(target)) return target;
  await mkdir(cacheDir, { recursive: true });
  await rename(file, target).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== "EXDEV") throw err;
    await copyFile(file, target);
  });
  added.push(target, `${target}.retrieved`);
  await writeFile(`${target}.retrieved`, `${today}\n`);
  return target;
}
