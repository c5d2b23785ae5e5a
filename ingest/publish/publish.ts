// `geo402-ingest publish <family>`: uploads a built version to the object store, then points the
// family's pointer at it. A version is immutable: republishing one whose outputs are identical
// (same paths, sha256 and sizes; the manifest's builtAt may differ between rebuilds) uploads
// nothing, and one with different outputs is refused. Publishing a version the store already
// holds but the local disk does not (`--to`) only moves the pointer: that is the rollback.
import { createReadStream } from "node:fs";
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { readCurrent } from "../../artifacts/format/current-pointer.ts";
import {
  type ArtifactManifest,
  assertManifest,
  MANIFEST_FILE,
  readManifest,
  verifyOutputs,
} from "../../artifacts/format/manifest.ts";
import { getBytes, type ObjectStore, type Pointer, pointerKey, putJson, versionKey } from "./object-store.ts";

export interface PublishResult {
  version: string;
  uploaded: number;
  pointerMoved: boolean;
}

/** The outputs as a comparable text: one `path sha256 bytes` line each, sorted. */
function outputsFingerprint(manifest: ArtifactManifest): string {
  return manifest.outputs
    .map((o) => `${o.path} ${o.sha256} ${o.bytes}`)
    .sort()
    .join("\n");
}

async function readRemoteManifest(
  store: ObjectStore,
  family: string,
  version: string,
): Promise<ArtifactManifest | undefined> {
  const bytes = await getBytes(store, versionKey(store, family, version, MANIFEST_FILE));
  if (!bytes) return undefined;
  const value: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
  assertManifest(value);
  return value;
}

export async function readPointer(store: ObjectStore, family: string): Promise<Pointer | undefined> {
  const bytes = await getBytes(store, pointerKey(store, family));
  return bytes ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as Pointer) : undefined;
}

export async function publishFamily(
  store: ObjectStore,
  familyDir: string,
  family: string,
  to?: string,
): Promise<PublishResult> {
  const version = to ?? (await readCurrent(familyDir));
  if (!version) throw new Error(`no current version under ${familyDir} (build it first)`);
  const dir = path.join(familyDir, version);
  const local = await access(dir).then(
    () => true,
    () => false,
  );
  const remote = await readRemoteManifest(store, family, version);
  let uploaded = 0;
  if (local) {
    const manifest = await readManifest(dir);
    if (manifest.family !== family || manifest.version !== version)
      throw new Error(`${dir}/manifest.json names ${manifest.family} ${manifest.version}`);
    await verifyOutputs(dir, manifest);
    if (remote) {
      if (outputsFingerprint(remote) !== outputsFingerprint(manifest))
        throw new Error(
          `${family} ${version} is already published with different outputs; a published version is immutable (rebuild under a new version)`,
        );
    } else {
      for (const out of manifest.outputs) {
        await store.client.send(
          new PutObjectCommand({
            Bucket: store.bucket,
            Key: versionKey(store, family, version, out.path),
            Body: createReadStream(path.join(dir, ...out.path.split("/"))),
            ContentLength: out.bytes,
          }),
        );
        uploaded++;
      }
      // Last: a prefix with a manifest is complete.
      await store.client.send(
        new PutObjectCommand({
          Bucket: store.bucket,
          Key: versionKey(store, family, version, MANIFEST_FILE),
          Body: await readFile(path.join(dir, MANIFEST_FILE)),
          ContentType: "application/json",
        }),
      );
      uploaded++;
    }
  } else if (!remote) {
    throw new Error(`${family} ${version} is neither built under ${familyDir} nor published`);
  }
  const pointer = await readPointer(store, family);
  if (pointer?.version === version) return { version, uploaded, pointerMoved: false };
  await putJson(store, pointerKey(store, family), {
    family,
    version,
    publishedAt: new Date().toISOString(),
  } satisfies Pointer);
  return { version, uploaded, pointerMoved: true };
}
