// One upstream file onto disk, as a user can trust it: resumed with an HTTP Range request from
// the bytes a cut transfer left in `<dest>`, retried with exponential backoff, and checked
// against the size and sha256 the pin (or lock) gives before it is accepted.
import { createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { setTimeout as sleep } from "node:timers/promises";
import { hashFile } from "../../artifacts/format/file-hash.ts";

export interface DownloadOptions {
  /** What the finished file must be; omitted for a zip whose member is checked instead. */
  expected?: { sha256: string; bytes: number };
  fetch?: typeof fetch;
  /** Attempts after the first (default 3), waiting backoffMs · 2^n between them (default 500). */
  retries?: number;
  backoffMs?: number;
  label: string;
  progress(label: string, done: number, total?: number): void;
  log(message: string): void;
}

/** Thrown when the bytes arrived but are not the expected ones: retrying would not help. */
export class DownloadMismatch extends Error {}

async function sizeOf(file: string): Promise<number> {
  return (await stat(file).catch(() => undefined))?.size ?? 0;
}

async function attempt(url: string, dest: string, opts: DownloadOptions): Promise<void> {
  const have = await sizeOf(dest);
  const res = await (opts.fetch ?? fetch)(url, have > 0 ? { headers: { range: `bytes=${have}-` } } : {});
  if (res.status === 416 && have > 0) return; // the partial file already holds every byte
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const resumed = res.status === 206;
  if (have > 0)
    opts.log(
      `${opts.label}: ${resumed ? `resuming at byte ${have}` : "server ignored the range; restarting"}`,
    );
  const length = Number(res.headers.get("content-length")) || undefined;
  const total = length === undefined ? undefined : length + (resumed ? have : 0);
  let done = resumed ? have : 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      done += chunk.length;
      opts.progress(opts.label, done, total);
      cb(null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(res.body as ReadableStream<Uint8Array>),
    count,
    createWriteStream(dest, { flags: resumed ? "a" : "w" }),
  );
  if (total !== undefined && done !== total) throw new Error(`transfer ended at byte ${done} of ${total}`);
}

/** Downloads `url` into `dest` (resuming what `dest` holds); throws after the last retry or on a mismatch. */
export async function downloadFile(url: string, dest: string, opts: DownloadOptions): Promise<void> {
  const retries = opts.retries ?? 3;
  for (let n = 0; ; n++) {
    try {
      await attempt(url, dest, opts);
      break;
    } catch (err) {
      if (n >= retries) throw err;
      const wait = (opts.backoffMs ?? 500) * 2 ** n;
      opts.log(`${opts.label}: ${describeError(err)}; retry ${n + 1} of ${retries} in ${wait} ms`);
      await sleep(wait);
    }
  }
  if (!opts.expected) return;
  const got = await hashFile(dest);
  if (got.sha256 !== opts.expected.sha256 || got.bytes !== opts.expected.bytes) {
    await rm(dest, { force: true });
    throw new DownloadMismatch(
      `${url} gave sha256 ${got.sha256} (${got.bytes} bytes), the pin is ${opts.expected.sha256} (${opts.expected.bytes} bytes); refused and removed`,
    );
  }
}

/** The error's message with its causes' (undici's "fetch failed" keeps the reason in `cause`). */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  for (
    let e = err as { message?: string; code?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  )
    parts.push(`${e.message ?? ""}${e.code && !e.message?.includes(e.code) ? ` (${e.code})` : ""}`);
  return parts.join(": ");
}
