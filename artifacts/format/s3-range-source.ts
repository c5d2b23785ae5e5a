// A byte source over one object of an S3-compatible store (AWS S3, OpenStack Swift's S3 API,
// Ceph, MinIO): every read is a GetObject with an HTTP Range, through the project's maintained
// client (@aws-sdk/client-s3). The object is pinned by the ETag seen at open (If-Match), so a
// replaced object is refused instead of mixing bytes of two versions.
import { GetObjectCommand, HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { ArtifactError } from "./artifact-error.ts";
import { type ByteSource, checkRange } from "./byte-source.ts";

export interface S3Object {
  client: S3Client;
  bucket: string;
  key: string;
}

export class S3RangeSource implements ByteSource {
  readonly size: number;
  readonly #object: S3Object;
  readonly #etag: string | undefined;
  /** Range requests sent so far (tests and benchmarks count round trips with it). */
  requests = 0;

  private constructor(object: S3Object, size: number, etag: string | undefined) {
    this.#object = object;
    this.size = size;
    this.#etag = etag;
  }

  /** Opens the object: one HeadObject for its size and ETag. */
  static async open(object: S3Object): Promise<S3RangeSource> {
    const head = await object.client.send(new HeadObjectCommand({ Bucket: object.bucket, Key: object.key }));
    if (head.ContentLength === undefined)
      throw new ArtifactError("source_unavailable", `s3://${object.bucket}/${object.key} has no length`);
    return new S3RangeSource(object, head.ContentLength, head.ETag);
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this.size, offset, length);
    if (length === 0) return new Uint8Array(0);
    const { client, bucket, key } = this.#object;
    this.requests++;
    const r = await client.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        Range: `bytes=${offset}-${offset + length - 1}`,
        ...(this.#etag ? { IfMatch: this.#etag } : {}),
      }),
    );
    const bytes = await r.Body?.transformToByteArray();
    if (!bytes || bytes.length !== length)
      throw new ArtifactError(
        "truncated",
        `s3://${bucket}/${key}: range ${offset}+${length} answered ${bytes?.length ?? 0} bytes`,
      );
    return bytes;
  }

  close(): void {}
}
