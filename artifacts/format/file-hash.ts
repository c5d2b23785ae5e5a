// SHA-256 of files, streamed so large artifacts never sit in memory at once.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

export interface FileDigest {
  sha256: string;
  bytes: number;
}

/** Streams `file` through SHA-256; returns the lowercase hex digest and the byte count. */
export async function hashFile(file: string): Promise<FileDigest> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    bytes += buf.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}
