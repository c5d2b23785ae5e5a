// Extracts one member of a zip archive (stored or deflated; no zip64), for upstream sources
// published only inside an archive (e.g. timezone-boundary-builder's timezones.geojson.zip).
import { readFile } from "node:fs/promises";
import { inflateRawSync } from "node:zlib";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The bytes of `member` in the zip file `archive`; throws naming the member when absent. */
export async function readZipMember(archive: string, member: string): Promise<Uint8Array> {
  const zip = await readFile(archive);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${archive} is not a zip archive (no end-of-central-directory record)`);
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (at === 0xffffffff) throw new Error(`${archive} is a zip64 archive, which is not supported`);
  const names: string[] = [];
  for (let e = 0; e < entries; e++) {
    if (view.getUint32(at, true) !== CENTRAL) throw new Error(`${archive}: corrupt central directory`);
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    names.push(name);
    if (name === member) {
      if (view.getUint32(localOffset, true) !== LOCAL)
        throw new Error(`${archive}: corrupt local header of ${member}`);
      const start =
        localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
      const data = zip.subarray(start, start + compressed);
      if (method === 0) return new Uint8Array(data);
      if (method !== 8)
        throw new Error(
          `${archive}: ${member} uses compression method ${method}; only stored and deflate are supported`,
        );
      const out = inflateRawSync(data);
      if (out.length !== size)
        throw new Error(`${archive}: ${member} inflated to ${out.length} bytes, expected ${size}`);
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${archive} has no member ${member} (members: ${names.slice(0, 20).join(", ")})`);
}
