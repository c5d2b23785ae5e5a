// A synthetic ENC cell derived from a real one at the byte level: every coordinate of its spatial
// records (SG2D, SG3D) moved by a whole number of coordinate units, and the cell renamed (DSID's
// DSNM and the exchange set's CATALOG.031, with the new CRC-32). GDAL cannot write S-57, and the
// ISO 8211 binary fields have a fixed width, so the bytes are patched in place: the derived cell
// keeps the real one's size, records, features, attributes and topology — only where it lies and
// what it is called change. Feature ids (LNAM) stay those of the source cell.
import { crc32 } from "node:zlib";
import { Iso8211File } from "../../ingest/enc/iso8211-reader.ts";

const crcText = (bytes: Uint8Array): string => crc32(bytes).toString(16).toUpperCase().padStart(8, "0");

/** Replaces every occurrence of `from` by `to` (same length, Latin-1) in `bytes`; returns the count. */
export function replaceAscii(bytes: Uint8Array, from: string, to: string): number {
  if (from.length !== to.length) throw new RangeError(`"${from}" and "${to}" differ in length`);
  const a = Buffer.from(from, "latin1");
  const b = Buffer.from(to, "latin1");
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let at = buf.indexOf(a); at >= 0; at = buf.indexOf(a, at + a.length)) {
    b.copy(buf, at);
    n++;
  }
  return n;
}

/** Offset of `text` as a whole subfield (between unit terminators, or a unit and a field terminator), or -1. */
function findSubfield(bytes: Uint8Array, text: string): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const needle = Buffer.from(`\x1f${text}`, "latin1");
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 1)) {
    const next = buf[at + needle.length];
    if (next === 0x1f || next === 0x1e) return at + 1;
  }
  return -1;
}

export interface DerivedCell {
  cell: Uint8Array;
  catalog: Uint8Array;
  /** Coordinates moved (SG2D pairs plus SG3D triples). */
  positions: number;
}

/**
 * `source` (a `.000`, named `sourceName`) moved by `dLon`, `dLat` degrees and renamed `name`, with
 * its exchange set's catalogue rewritten to list the new file and its CRC. Both inputs are copied.
 */
export function deriveCell(
  source: Uint8Array,
  catalog: Uint8Array,
  sourceName: string,
  name: string,
  dLon: number,
  dLat: number,
): DerivedCell {
  if (name.length !== sourceName.length) throw new RangeError(`cell names differ in length: ${name}`);
  const cell = new Uint8Array(source);
  const iso = new Iso8211File(cell);
  let comf = 0;
  const coordinates: { bytes: Uint8Array; stride: number }[] = [];
  for (const fields of iso.records()) {
    for (const f of fields) {
      if (f.tag === "DSPM") comf = Number(iso.decode(f)[0]?.COMF);
      else if (f.tag === "SG2D") coordinates.push({ bytes: f.bytes, stride: 8 });
      else if (f.tag === "SG3D") coordinates.push({ bytes: f.bytes, stride: 12 });
    }
  }
  if (!(comf > 0)) throw new Error(`${sourceName}: no DSPM coordinate factor`);
  const shift = (y: number, x: number): number => {
    let moved = 0;
    for (const { bytes, stride } of coordinates) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      // The field's last byte is its terminator; whole groups of YCOO, XCOO (, VE3D) int32 before it.
      for (let p = 0; p + stride <= bytes.length - 1; p += stride) {
        view.setInt32(p, view.getInt32(p, true) + y, true);
        view.setInt32(p + 4, view.getInt32(p + 4, true) + x, true);
        moved++;
      }
    }
    return moved;
  };
  const positions = shift(Math.round(dLat * comf), Math.round(dLon * comf));
  if (replaceAscii(cell, `${sourceName}.000`, `${name}.000`) !== 1)
    throw new Error(`${sourceName}: DSID does not name ${sourceName}.000 once`);
  const newCatalog = new Uint8Array(catalog);
  if (replaceAscii(newCatalog, sourceName, name) === 0)
    throw new Error(`the catalogue does not list ${sourceName}`);
  // CRCS is a variable-length text subfield (NOAA drops leading zeros): the new CRC must fit the old
  // one's width. Where it does not, the cell moves one more coordinate unit (1e-7° with COMF 1e7)
  // east until it does; a record cannot grow without rewriting its directory.
  const stored = crcText(source).replace(/^0+(?=.)/, "");
  const at = findSubfield(newCatalog, stored);
  if (at < 0) throw new Error(`the catalogue does not hold ${sourceName}'s CRC ${stored}`);
  let crc = crcText(cell);
  while (crc.replace(/^0+(?=.)/, "").length > stored.length) {
    shift(0, 1);
    crc = crcText(cell);
  }
  Buffer.from(newCatalog.buffer, newCatalog.byteOffset + at, stored.length).write(
    crc.slice(8 - stored.length),
    "latin1",
  );
  return { cell, catalog: newCatalog, positions };
}
