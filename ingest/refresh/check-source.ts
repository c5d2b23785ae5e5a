// Is there a new upstream version of one source? Mirror mode: the mirror file's bytes differ from
// the pinned sha256. HTTP: a conditional GET that is not answered 304 and brings complete bytes
// (matching any published checksum) whose sha256 differs from the pin. New bytes are left in the
// staging folder (HTTP) or in the mirror, for the sanity checks and the build.
import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { hashFile } from "../../artifacts/format/file-hash.ts";
import { readZipMember } from "../lib/zip-member.ts";
import type { SourceEntry } from "../sources.ts";
import { conditionalDownload, type Validators } from "./conditional-download.ts";
import { type ChecksumLists, publishedDigest } from "./published-checksum.ts";
import { RefreshError } from "./refresh-error.ts";

export interface SourceCheck {
  /** The source as currently pinned (ingest/sources.ts with the pins file applied). */
  entry: SourceEntry;
  /** How the answer was found, for the log: "304 Not Modified", "mirror file unchanged", … */
  found: string;
  /** Validators of what the upstream serves now (HTTP only). */
  validators: Validators;
  /** Present when the upstream holds other bytes than the pin. */
  candidate?: { path: string; sha256: string; bytes: number; origin: "mirror" | "download" };
}

export interface CheckContext {
  mirror?: string;
  /** Folder for downloads of this run (removed by the caller). */
  staging: string;
  lists: ChecksumLists;
  fetch?: typeof fetch;
  progress?: (label: string, done: number, total?: number) => void;
}

export async function checkSource(
  entry: SourceEntry,
  held: Validators,
  ctx: CheckContext,
): Promise<SourceCheck> {
  if (ctx.mirror) {
    const mirrored = path.join(ctx.mirror, ...entry.mirrorPath.split("/"));
    if (existsSync(mirrored)) {
      const digest = await hashFile(mirrored);
      if (digest.sha256 === entry.sha256) return { entry, found: "mirror file unchanged", validators: held };
      return {
        entry,
        found: `mirror file changed (${digest.bytes} bytes, sha256 ${digest.sha256})`,
        validators: held,
        candidate: { path: mirrored, ...digest, origin: "mirror" },
      };
    }
  }
  const file = path.join(ctx.staging, entry.archiveMember ? `${entry.id}.zip` : entry.id);
  const outcome = await conditionalDownload(entry.url, file, held, {
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
    ...(ctx.progress ? { progress: ctx.progress } : {}),
  });
  if (outcome.state === "not-modified") return { entry, found: "304 Not Modified", validators: held };
  if (entry.published) {
    const stated = await publishedDigest(entry.published, entry.url, ctx.lists, ctx.fetch ?? fetch);
    if (stated.sha256 !== outcome.sha256 || (stated.bytes !== undefined && stated.bytes !== outcome.bytes)) {
      throw new RefreshError(
        "checksum_mismatch",
        `${entry.url}: ${outcome.bytes} bytes sha256 ${outcome.sha256}, ${entry.published.url} publishes ${stated.bytes ?? "?"} bytes sha256 ${stated.sha256}`,
      );
    }
  }
  let digest = { sha256: outcome.sha256, bytes: outcome.bytes };
  let local = file;
  if (entry.archiveMember) {
    local = path.join(ctx.staging, entry.id);
    try {
      await writeFile(local, await readZipMember(file, entry.archiveMember));
    } catch (err) {
      throw new RefreshError("sanity_failed", `${entry.url}: ${(err as Error).message}`);
    }
    await rm(file, { force: true });
    digest = await hashFile(local);
  }
  if (digest.sha256 === entry.sha256) {
    return { entry, found: "downloaded, same bytes as pinned", validators: outcome.validators };
  }
  return {
    entry,
    found: `upstream changed (${digest.bytes} bytes, sha256 ${digest.sha256})`,
    validators: outcome.validators,
    candidate: { path: local, ...digest, origin: "download" },
  };
}
