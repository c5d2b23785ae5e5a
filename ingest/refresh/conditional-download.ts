// One conditional GET of an upstream file: If-None-Match / If-Modified-Since from the validators
// of the bytes we hold; on 200 the body streams to a file while it is hashed and counted, and is
// refused unless it is complete (Content-Length) and matches a Repr-Digest / Digest sha-256 the
// upstream sends.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { RefreshError } from "./refresh-error.ts";

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type DownloadOutcome =
  | { state: "not-modified" }
  | { state: "downloaded"; sha256: string; bytes: number; validators: Validators };

export interface DownloadOptions {
  fetch?: typeof fetch;
  progress?: (label: string, done: number, total?: number) => void;
}

/** The sha-256 digest (hex) an RFC 9530 Repr-Digest or RFC 3230 Digest header states, if any. */
export function headerSha256(headers: Headers): string | undefined {
  const repr = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/=]+):/i.exec(headers.get("repr-digest") ?? "");
  const legacy = /(?:^|,)\s*sha-256=([A-Za-z0-9+/=]+)/i.exec(headers.get("digest") ?? "");
  const b64 = repr?.[1] ?? legacy?.[1];
  return b64 ? Buffer.from(b64, "base64").toString("hex") : undefined;
}

export async function conditionalDownload(
  url: string,
  file: string,
  held: Validators,
  opts: DownloadOptions = {},
): Promise<DownloadOutcome> {
  const headers: Record<string, string> = { "accept-encoding": "identity" };
  if (held.etag) headers["if-none-match"] = held.etag;
  if (held.lastModified) headers["if-modified-since"] = held.lastModified;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, { headers, redirect: "follow" });
  } catch (err) {
    throw new RefreshError("upstream_unavailable", `${url}: ${(err as Error).message}`);
  }
  if (res.status === 304) {
    await res.body?.cancel();
    return { state: "not-modified" };
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new RefreshError("upstream_unavailable", `${url}: HTTP ${res.status}`);
  }
  const announced = res.headers.get("content-length");
  const total = announced !== null && /^\d+$/.test(announced) ? Number(announced) : undefined;
  const hash = createHash("sha256");
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      hash.update(chunk);
      opts.progress?.(`download ${url}`, bytes, total);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(res.body as ReadableStream<Uint8Array>), count, createWriteStream(file));
  } catch (err) {
    throw new RefreshError(
      "download_incomplete",
      `${url}: transfer broke off after ${bytes}${total === undefined ? "" : ` of ${total}`} bytes (${(err as Error).message})`,
    );
  }
  if (total !== undefined && bytes !== total) {
    throw new RefreshError(
      "download_incomplete",
      `${url}: received ${bytes} of the ${total} bytes announced`,
    );
  }
  const sha256 = hash.digest("hex");
  const stated = headerSha256(res.headers);
  if (stated !== undefined && stated !== sha256) {
    throw new RefreshError(
      "checksum_mismatch",
      `${url}: sha-256 ${sha256}, the response's digest header states ${stated}`,
    );
  }
  const etag = res.headers.get("etag");
  const lastModified = res.headers.get("last-modified");
  return {
    state: "downloaded",
    sha256,
    bytes,
    validators: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) },
  };
}
