// `geo402-ingest sync`: follows the family's pointer in the object store. Each poll is a
// conditional GET (If-None-Match: the last ETag seen), so an unchanged pointer costs one 304.
// A new version is downloaded into a staging folder beside the versions, every output's sha256
// is verified against its manifest, the folder is renamed into place and `current` is switched
// (the service follows `current`, artifacts/format/current-pointer.ts). A version already on disk
// (a rollback to a kept version) is verified and switched to without downloading.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand, S3ServiceException } from "@aws-sdk/client-s3";
import { readCurrent, switchCurrent, VERSION_PATTERN } from "../../artifacts/format/current-pointer.ts";
import {
  assertManifest,
  MANIFEST_FILE,
  readManifest,
  verifyOutputs,
} from "../../artifacts/format/manifest.ts";
import { pruneVersions, recordSwitch } from "../lib/kept-versions.ts";
import { isNotFound, type ObjectStore, type Pointer, pointerKey, versionKey } from "./object-store.ts";

/** What a poll found; `etag` is what the next poll sends as If-None-Match. */
export interface SyncResult {
  status: "unchanged" | "unpublished" | "up-to-date" | "switched";
  version?: string;
  downloaded?: number;
  etag?: string;
}

async function fetchPointer(
  store: ObjectStore,
  family: string,
  etag: string | undefined,
): Promise<{ pointer: Pointer; etag: string | undefined } | "unchanged" | "unpublished"> {
  try {
    const r = await store.client.send(
      new GetObjectCommand({
        Bucket: store.bucket,
        Key: pointerKey(store, family),
        ...(etag ? { IfNoneMatch: etag } : {}),
      }),
    );
    const value = JSON.parse((await r.Body?.transformToString()) ?? "") as Pointer;
    if (value.family !== family || !VERSION_PATTERN.test(value.version))
      throw new Error(`${pointerKey(store, family)} does not point to a version of ${family}`);
    return { pointer: value, etag: r.ETag };
  } catch (err) {
    if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 304) return "unchanged";
    if (isNotFound(err)) return "unpublished";
    throw err;
  }
}

/** A manifest path is `/`-separated and relative; refuse anything that would leave the folder. */
function safeRelative(p: string): string[] {
  const parts = p.split("/");
  if (parts.some((s) => s === "" || s === "." || s === "..") || p.includes("\\"))
    throw new Error(`manifest lists an unsafe output path: ${JSON.stringify(p)}`);
  return parts;
}

async function download(store: ObjectStore, family: string, version: string, into: string): Promise<number> {
  const get = (file: string) =>
    store.client.send(
      new GetObjectCommand({ Bucket: store.bucket, Key: versionKey(store, family, version, file) }),
    );
  const manifestBytes = await (await get(MANIFEST_FILE)).Body?.transformToByteArray();
  if (!manifestBytes) throw new Error(`${family} ${version}: empty manifest`);
  const manifest: unknown = JSON.parse(Buffer.from(manifestBytes).toString("utf8"));
  assertManifest(manifest);
  if (manifest.family !== family || manifest.version !== version)
    throw new Error(`the manifest of ${family}/${version} names ${manifest.family} ${manifest.version}`);
  await mkdir(into, { recursive: true });
  await writeFile(path.join(into, MANIFEST_FILE), manifestBytes);
  for (const out of manifest.outputs) {
    const file = path.join(into, ...safeRelative(out.path));
    await mkdir(path.dirname(file), { recursive: true });
    const body = (await get(out.path)).Body;
    if (!(body instanceof Readable)) throw new Error(`${out.path}: no body`);
    await pipeline(body, createWriteStream(file));
  }
  await verifyOutputs(into, manifest);
  return manifest.outputs.length;
}

/** One poll of one family. Throws on a download or verification failure; `current` is then unchanged. */
export async function syncFamily(
  store: ObjectStore,
  outRoot: string,
  family: string,
  opts: { etag?: string; keep: number; log: (m: string) => void },
): Promise<SyncResult> {
  const found = await fetchPointer(store, family, opts.etag);
  if (found === "unchanged") return { status: "unchanged", ...(opts.etag ? { etag: opts.etag } : {}) };
  if (found === "unpublished") return { status: "unpublished" };
  const { version } = found.pointer;
  const etag = found.etag ? { etag: found.etag } : {};
  const familyDir = path.join(outRoot, family);
  await mkdir(familyDir, { recursive: true });
  const current = await readCurrent(familyDir);
  if (current === version) return { status: "up-to-date", version, ...etag };
  const dir = path.join(familyDir, version);
  let downloaded = 0;
  const onDisk = await access(dir).then(
    () => true,
    () => false,
  );
  if (onDisk) {
    await verifyOutputs(dir, await readManifest(dir));
  } else {
    const staging = path.join(familyDir, `.sync-${version}-${randomBytes(4).toString("hex")}`);
    try {
      downloaded = await download(store, family, version, staging);
      await rename(staging, dir);
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      throw err;
    }
  }
  await switchCurrent(familyDir, version);
  await recordSwitch(familyDir, current, version);
  await pruneVersions(familyDir, version, opts.keep, opts.log);
  return { status: "switched", version, downloaded, ...etag };
}
