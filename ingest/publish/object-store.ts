// The S3-compatible bucket `geo402-ingest publish` writes and `sync` reads, configured from the
// environment (docs/operations.md). Layout under GEO402_S3_PREFIX:
//   <family>/<version>/<output path>   immutable: written once, never overwritten
//   <family>/<version>/manifest.json   written after every output, so its presence means complete
//   <family>/current.json              the pointer {family, version, publishedAt}: the only mutable key
import {
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

export interface ObjectStore {
  client: S3Client;
  bucket: string;
  prefix: string;
}

export interface Pointer {
  family: string;
  version: string;
  publishedAt: string;
}

const POINTER_FILE = "current.json";

/** Reads GEO402_S3_BUCKET (required), GEO402_S3_ENDPOINT, GEO402_S3_PREFIX, AWS_REGION and the AWS credential variables. */
export function storeFromEnv(env: NodeJS.ProcessEnv): ObjectStore {
  const bucket = env.GEO402_S3_BUCKET;
  if (!bucket) throw new Error("GEO402_S3_BUCKET is not set (docs/operations.md#object-storage)");
  const endpoint = env.GEO402_S3_ENDPOINT;
  const client = new S3Client({
    region: env.AWS_REGION ?? "us-east-1",
    // Checksums only where S3 requires them: the SDK's default streams uploads as aws-chunked with a
    // trailing CRC, which Swift's S3 API (and other S3-compatible stores) refuse. Integrity does
    // not rest on it: publish verifies every output's sha256 before uploading, sync after downloading.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A custom endpoint (Swift, Ceph, MinIO...) is addressed by path, not by bucket subdomain.
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // Explicit keys when given; otherwise the SDK's default chain (instance or pod role).
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } }
      : {}),
  });
  const prefix = env.GEO402_S3_PREFIX ? `${env.GEO402_S3_PREFIX.replace(/\/+$/, "")}/` : "";
  return { client, bucket, prefix };
}

export function versionKey(store: ObjectStore, family: string, version: string, file: string): string {
  return `${store.prefix}${family}/${version}/${file}`;
}

export function pointerKey(store: ObjectStore, family: string): string {
  return `${store.prefix}${family}/${POINTER_FILE}`;
}

export function isNotFound(err: unknown): boolean {
  return (
    err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
  );
}

/** The object's bytes, or undefined when the key does not exist. */
export async function getBytes(store: ObjectStore, key: string): Promise<Uint8Array | undefined> {
  try {
    const r = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }));
    return await r.Body?.transformToByteArray();
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

export async function putJson(store: ObjectStore, key: string, value: unknown): Promise<void> {
  await store.client.send(
    new PutObjectCommand({
      Bucket: store.bucket,
      Key: key,
      Body: `${JSON.stringify(value, null, 2)}\n`,
      ContentType: "application/json",
      CacheControl: "no-cache",
    }),
  );
}
