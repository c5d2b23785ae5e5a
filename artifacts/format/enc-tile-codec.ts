// One ENC chart tile (artifacts/README.md §ENC chart tiles): per cell, the depth areas and survey
// quality areas clipped to the tile, the soundings, the point hazards whose position lies in it
// and the area hazards whose outline's bounding box overlaps it (with their whole outline).
// Encoder (ingest) and decoder (service) of the blob stored in the G4TILES container.
import { crc32 } from "node:zlib";
import { ArtifactError } from "./artifact-error.ts";
import { ByteReader, ByteWriter } from "./byte-cursor.ts";

export const ENC_TILE_VERSION = 2;

/** Object class codes inside tiles. */
export const TILE_DEPTH_CLASS = { DEPARE: 1, DRGARE: 2 } as const;
export const TILE_HAZARD_CLASS = { UWTROC: 1, OBSTRN: 2, WRECKS: 3 } as const;

/** Rings as open E7 [lon0, lat0, lon1, lat1, …] arrays (the first vertex is not repeated). */
export type TileRings = Int32Array[];

export interface TileDepthArea {
  objectClass: 1 | 2;
  drval1: number | null;
  drval2: number | null;
  rings: TileRings;
}

export interface TileQualityArea {
  catzoc: number | null;
  posacc: number | null;
  souacc: number | null;
  surveyStart: string | null;
  surveyEnd: string | null;
  rings: TileRings;
}

export interface TileHazard {
  objectClass: 1 | 2 | 3;
  /** True when charted as an area; the position is then its centroid. */
  chartedAsArea: boolean;
  lonE7: number;
  latE7: number;
  valsou: number | null;
  watlev: number | null;
  category: number | null;
  expsou: number | null;
  quapos: number | null;
  objnam: string | null;
  lnam: string;
  /** Cells (indexes) that chart the same object across a seam; it is stored once, here. */
  alsoIn: number[];
  /**
   * Area hazards: the charted outline of every part (a seam-split object has one per cell), each
   * part as its rings. Empty for a point hazard.
   */
  parts: TileRings[];
}

export interface TileSection {
  /** Index of the cell in the container metadata. */
  cell: number;
  depthAreas: TileDepthArea[];
  quality: TileQualityArea[];
  /** Soundings: E7 lon/lat pairs and depths in metres. */
  soundingCoords: Int32Array;
  soundingDepths: Float64Array;
  hazards: TileHazard[];
}

const nullable = (v: number): number | null => (Number.isNaN(v) ? null : v);
const code = (v: number | null): number => {
  if (v === null) return 0;
  if (!Number.isInteger(v) || v < 1 || v > 255)
    throw new RangeError(`enumerated value ${v} does not fit the tile format`);
  return v;
};
const codeOrNull = (v: number): number | null => (v === 0 ? null : v);

function writeRings(w: ByteWriter, rings: TileRings): void {
  w.u16(rings.length);
  for (const r of rings) {
    w.u32(r.length / 2);
    for (const v of r) w.i32(v);
  }
}

function readRings(r: ByteReader): TileRings {
  const n = r.u16();
  const rings: TileRings = [];
  for (let i = 0; i < n; i++) rings.push(r.i32s(2 * r.u32()));
  return rings;
}

/** A decoded section whose four blocks are decoded on first use (a hazard search never parses rings). */
export interface TileSectionView {
  readonly cell: number;
  depthAreas(): TileDepthArea[];
  quality(): TileQualityArea[];
  soundings(): { coords: Int32Array; depths: Float64Array };
  hazards(): TileHazard[];
}

function depthBlock(s: TileSection): Uint8Array {
  const w = new ByteWriter();
  w.u16(s.depthAreas.length);
  for (const a of s.depthAreas) {
    w.u8(a.objectClass);
    w.f64(a.drval1 ?? Number.NaN);
    w.f64(a.drval2 ?? Number.NaN);
    writeRings(w, a.rings);
  }
  return w.bytes();
}

function qualityBlock(s: TileSection): Uint8Array {
  const w = new ByteWriter();
  w.u16(s.quality.length);
  for (const q of s.quality) {
    w.u8(code(q.catzoc));
    w.f64(q.posacc ?? Number.NaN);
    w.f64(q.souacc ?? Number.NaN);
    w.str(q.surveyStart ?? "");
    w.str(q.surveyEnd ?? "");
    writeRings(w, q.rings);
  }
  return w.bytes();
}

function soundingBlock(s: TileSection): Uint8Array {
  const w = new ByteWriter();
  w.u32(s.soundingDepths.length);
  for (const v of s.soundingCoords) w.i32(v);
  for (const d of s.soundingDepths) w.f64(d);
  return w.bytes();
}

function hazardBlock(s: TileSection): Uint8Array {
  const w = new ByteWriter();
  w.u16(s.hazards.length);
  for (const h of s.hazards) {
    w.u8(h.objectClass);
    w.u8(h.chartedAsArea ? 1 : 0);
    w.i32(h.lonE7);
    w.i32(h.latE7);
    w.f64(h.valsou ?? Number.NaN);
    for (const v of [h.watlev, h.category, h.expsou, h.quapos]) w.u8(code(v));
    w.str(h.objnam ?? "");
    w.str(h.lnam);
    w.u8(h.alsoIn.length);
    for (const c of h.alsoIn) w.u16(c);
    w.u8(h.parts.length);
    for (const part of h.parts) writeRings(w, part);
  }
  return w.bytes();
}

/** Encodes the sections of one tile (sections sorted by cell index), prefixed by a CRC-32. */
export function encodeEncTile(sections: readonly TileSection[]): Uint8Array {
  const w = new ByteWriter();
  w.u8(ENC_TILE_VERSION);
  w.u16(sections.length);
  for (const s of sections) {
    const blocks = [depthBlock(s), qualityBlock(s), soundingBlock(s), hazardBlock(s)];
    w.u16(s.cell);
    for (const b of blocks) w.u32(b.length);
    for (const b of blocks) w.raw(b);
  }
  const body = w.bytes();
  const out = new Uint8Array(4 + body.length);
  new DataView(out.buffer).setUint32(0, crc32(body), true);
  out.set(body, 4);
  return out;
}

/** Decodes one block with `read`, requiring it to use every byte. */
function block<T>(bytes: Uint8Array, what: string, read: (r: ByteReader) => T): () => T {
  let value: T | undefined;
  return () => {
    if (value === undefined) {
      const r = new ByteReader(bytes, what);
      value = read(r);
      if (!r.done) throw new ArtifactError("malformed", `${what}: trailing bytes in a block`);
    }
    return value;
  };
}

const readDepthAreas =
  (what: string) =>
  (r: ByteReader): TileDepthArea[] => {
    const out: TileDepthArea[] = [];
    for (let k = r.u16(), j = 0; j < k; j++) {
      const objectClass = r.u8();
      if (objectClass !== 1 && objectClass !== 2)
        throw new ArtifactError("malformed", `${what}: depth class ${objectClass}`);
      out.push({ objectClass, drval1: nullable(r.f64()), drval2: nullable(r.f64()), rings: readRings(r) });
    }
    return out;
  };

const readQuality = (r: ByteReader): TileQualityArea[] => {
  const out: TileQualityArea[] = [];
  for (let k = r.u16(), j = 0; j < k; j++) {
    const catzoc = codeOrNull(r.u8());
    const posacc = nullable(r.f64());
    const souacc = nullable(r.f64());
    const surveyStart = r.str() || null;
    const surveyEnd = r.str() || null;
    out.push({ catzoc, posacc, souacc, surveyStart, surveyEnd, rings: readRings(r) });
  }
  return out;
};

const readSoundings = (r: ByteReader): { coords: Int32Array; depths: Float64Array } => {
  const count = r.u32();
  const coords = r.i32s(2 * count);
  const depths = new Float64Array(count);
  for (let j = 0; j < count; j++) depths[j] = r.f64();
  return { coords, depths };
};

/** Decodes one tile's section table; throws ArtifactError("malformed") on a checksum or structure fault. */
export function decodeEncTile(blob: Uint8Array, what = "ENC tile"): TileSectionView[] {
  if (blob.length < 4) throw new ArtifactError("malformed", `${what}: ${blob.length} bytes, no checksum`);
  const body = blob.subarray(4);
  const expected = new DataView(blob.buffer, blob.byteOffset, 4).getUint32(0, true);
  if (crc32(body) !== expected) throw new ArtifactError("malformed", `${what}: checksum mismatch`);
  const r = new ByteReader(body, what);
  const version = r.u8();
  if (version !== ENC_TILE_VERSION)
    throw new ArtifactError("unsupported_format_version", `${what}: tile version ${version}`);
  const sections: TileSectionView[] = [];
  for (let n = r.u16(), i = 0; i < n; i++) {
    const cell = r.u16();
    const [d, q, s, h] = [r.u32(), r.u32(), r.u32(), r.u32()] as [number, number, number, number];
    const bytes = r.bytes(d + q + s + h);
    const part = (from: number, len: number) => bytes.subarray(from, from + len);
    sections.push({
      cell,
      depthAreas: block(part(0, d), what, readDepthAreas(what)),
      quality: block(part(d, q), what, readQuality),
      soundings: block(part(d + q, s), what, readSoundings),
      hazards: block(part(d + q + s, h), what, (br) => {
        const out: TileHazard[] = [];
        for (let k = br.u16(), j = 0; j < k; j++) out.push(readHazard(br, what));
        return out;
      }),
    });
  }
  if (!r.done) throw new ArtifactError("malformed", `${what}: trailing bytes after the last section`);
  return sections;
}
function readHazard(r: ByteReader, what: string): TileHazard {
  const objectClass = r.u8();
  if (objectClass < 1 || objectClass > 3)
    throw new ArtifactError("malformed", `${what}: hazard class ${objectClass}`);
  const chartedAsArea = r.u8() === 1;
  const lonE7 = r.i32();
  const latE7 = r.i32();
  const valsou = nullable(r.f64());
  const [watlev, category, expsou, quapos] = [r.u8(), r.u8(), r.u8(), r.u8()].map(codeOrNull);
  const objnam = r.str() || null;
  const lnam = r.str();
  const alsoIn: number[] = [];
  for (let k = r.u8(), j = 0; j < k; j++) alsoIn.push(r.u16());
  const parts: TileRings[] = [];
  for (let k = r.u8(), j = 0; j < k; j++) parts.push(readRings(r));
  if (chartedAsArea !== parts.length > 0)
    throw new ArtifactError("malformed", `${what}: hazard ${lnam} has ${parts.length} outline parts`);
  return {
    objectClass: objectClass as 1 | 2 | 3,
    chartedAsArea,
    lonE7,
    latE7,
    valsou,
    watlev: watlev ?? null,
    category: category ?? null,
    expsou: expsou ?? null,
    quapos: quapos ?? null,
    objnam,
    lnam,
    alsoIn,
    parts,
  };
}
