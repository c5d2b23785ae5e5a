// Turns source ids into checked local files: the mirror copy when present (it must match the
// pinned sha256), otherwise a download of the pinned URL into a cache (resumed, retried, checked:
// download.ts), checked the same way.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ArtifactError } from "../../artifacts/format/artifact-error.ts";
import { hashFile } from "../../artifacts/format/file-hash.ts";
import type { SourceEntry } from "../sources.ts";
import type { PipelineOptions } from "./build-options.ts";
import { DownloadMismatch, describeError, downloadFile } from "./download.ts";
import { readZipMember } from "./zip-member.ts";

export interface ResolvedInput {
  entry: SourceEntry;
  path: string;
  origin: "mirror" | "download";
  /** YYYY-MM-DD: the mirror's pinned date, or the day of the download. */
  retrievedAt: string;
}

export interface InputOptions {
  /** Mirror root; undefined → always download. */
  mirror?: string;
  /** Folder for downloads (kept between builds, keyed by sha256). */
  cacheDir: string;
  log(message: string): void;
  progress(label: string, done: number, total?: number): void;
  fetch?: typeof fetch;
  /** Base URL of a host laid out like the publishers' sites (`--upstream`, GEO402_UPSTREAM). */
  upstream?: string;
  /** Download retries (default 3, with backoff). */
  retries?: number;
  /** Today's date for retrievedAt of downloads (YYYY-MM-DD). */
  today?: string;
}

/** Where a pipeline step's inputs come from, as its options say. */
export function inputOptions(opts: PipelineOptions): InputOptions {
  return {
    ...(opts.mirror ? { mirror: opts.mirror } : {}),
    cacheDir: opts.cacheDir ?? path.join(opts.outRoot, ".cache", "sources"),
    log: opts.log,
    progress: opts.progress,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.upstream ? { upstream: opts.upstream } : {}),
    ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
  };
}

async function checkDigest(file: string, entry: SourceEntry, where: string): Promise<void> {
  const digest = await hashFile(file);
  if (digest.sha256 !== entry.sha256 || digest.bytes !== entry.bytes) {
    throw new ArtifactError(
      "source_mismatch",
      `source ${entry.id}: ${where} ${file} has sha256 ${digest.sha256} (${digest.bytes} bytes) but ingest/sources.ts pins ${entry.sha256} (${entry.bytes} bytes); refusing to build from unexpected bytes`,
    );
  }
}

/** Resolves one source; throws ArtifactError source_mismatch / source_unavailable with the reason. */
export async function resolveInput(entry: SourceEntry, opts: InputOptions): Promise<ResolvedInput> {
  const cached = path.join(opts.cacheDir, entry.sha256);
  const stamp = `${cached}.retrieved`;
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  if (opts.mirror) {
    const mirrored = path.join(opts.mirror, ...entry.mirrorPath.split("/"));
    if (existsSync(mirrored)) {
      try {
        await checkDigest(mirrored, entry, "mirror file");
        return { entry, path: mirrored, origin: "mirror", retrievedAt: entry.mirroredAt };
      } catch (err) {
        // A refresh may have pinned bytes the mirror does not hold; they wait in the cache.
        if (!existsSync(cached)) throw err;
        opts.log(`source ${entry.id}: the mirror holds other bytes; using the cached download`);
      }
    } else {
      opts.log(
        `source ${entry.id}: not in mirror ${opts.mirror} (${entry.mirrorPath}); downloading ${entry.url}`,
      );
    }
  }
  if (existsSync(cached)) {
    await checkDigest(cached, entry, "cached download");
    const retrievedAt = existsSync(stamp) ? (await readFile(stamp, "utf8")).trim() : today;
    return { entry, path: cached, origin: "download", retrievedAt };
  }
  await mkdir(opts.cacheDir, { recursive: true });
  const part = `${cached}.part`;
  const from = upstreamUrl(entry.url, opts.upstream);
  const common = {
    label: `download ${entry.id}`,
    log: opts.log,
    progress: opts.progress,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.retries !== undefined ? { retries: opts.retries, backoffMs: 10 } : {}),
  };
  try {
    if (entry.archiveMember) {
      const archive = `${cached}.zip.part`;
      await downloadFile(from, archive, common);
      await writeFile(part, await readZipMember(archive, entry.archiveMember));
      await rm(archive, { force: true });
    } else {
      await downloadFile(from, part, { ...common, expected: { sha256: entry.sha256, bytes: entry.bytes } });
    }
    await checkDigest(part, entry, "download");
  } catch (err) {
    if (err instanceof DownloadMismatch)
      throw new ArtifactError("source_mismatch", `source ${entry.id}: ${err.message}`);
    if (err instanceof ArtifactError) {
      await rm(part, { force: true });
      throw err;
    }
    // The partial file stays: the next build resumes it with a Range request.
    throw new ArtifactError(
      "source_unavailable",
      `source ${entry.id}: cannot download ${from}: ${describeError(err)}`,
    );
  }
  await rename(part, cached);
  await writeFile(stamp, `${today}\n`);
  return { entry, path: cached, origin: "download", retrievedAt: today };
}

/** `url` on a stand-in host laid out like the publishers' sites: `<upstream>/<host>/<path>`. */
export function upstreamUrl(url: string, upstream: string | undefined): string {
  if (!upstream) return url;
  const u = new URL(url);
  return `${upstream.replace(/\/$/, "")}/${u.host}${u.pathname}`;
}
