// Integrity of the bytes a reader takes from an artifact after it was opened: every block a
// format reads on demand (a tile, a block of cell-index entries, a string, a grid's values)
// carries a CRC-32 (zlib's polynomial, node:zlib crc32) written next to it by the format's
// writer, and the reader checks it on every read. The manifest's SHA-256 covers whole files when
// a version is opened; these checks cover what is read later (a file changed or damaged on disk
// after start). A mismatch is ArtifactError "output_corrupt": the service answers 503
// data_unavailable and never the damaged bytes.
import { crc32 } from "node:zlib";
import { ArtifactError } from "./artifact-error.ts";

/** CRC-32 of the concatenation of `parts` (an empty list gives 0). */
export function checksumOf(...parts: Uint8Array[]): number {
  let crc = 0;
  for (const p of parts) crc = crc32(p, crc);
  return crc;
}

/** Throws output_corrupt when the CRC-32 of `parts` is not `expected`. */
export function verifyChecksum(expected: number, what: string, ...parts: Uint8Array[]): void {
  const actual = checksumOf(...parts);
  if (actual !== expected)
    throw new ArtifactError(
      "output_corrupt",
      `${what}: checksum mismatch (CRC-32 ${actual.toString(16)}, stored ${expected.toString(16)})`,
    );
}
