// The cases of the container benchmark: for each of our formats, how to convert the built
// artifact to the standard container, the queries of the route's real access pattern, and how
// each side opens its file and answers one query (a number, so the two sides can be compared).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { geojson as fgb } from "flatgeobuf";
import type { Polygon } from "geojson";
import { fromFile, type GeoTIFFImage } from "geotiff";
import { FileSource, openByteSource } from "../../artifacts/format/byte-source.ts";
import { CellIndexReader } from "../../artifacts/format/cell-index-reader.ts";
import {
  readDatumGridMetadata,
  readGridTile,
  type StoredGrid,
} from "../../artifacts/format/datum-grid-file.ts";
import { EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import { colOf, rowOf, toE7 } from "../../artifacts/format/enc-tile-grid.ts";
import { insideRings } from "../../artifacts/format/ring-containment.ts";
import { TileContainerReader, tileKey } from "../../artifacts/format/tile-container.ts";
import { encFeatures } from "../../ingest/export/enc-features.ts";
import { writeFlatGeobuf } from "../../ingest/export/flatgeobuf-file.ts";
import { timezoneCellFeatures } from "../../ingest/export/timezone-cells.ts";
import { ARTIFACTS_DIR } from "../support/built-artifacts.ts";
import { fileBytes, writeCog } from "./_containers-gdal.ts";
import { openPmtiles, type PmtilesTile, writePmtiles } from "./_containers-pmtiles.ts";
import { random } from "./_random.ts";

/** Answers one query; a number so both sides' answers can be compared. */
export type Lookup = (q: number[]) => number | Promise<number>;

export interface BenchCase {
  /** Our format and family file. */
  ours: string;
  /** The standard container it is measured against. */
  standard: string;
  /** What one query does. */
  pattern: string;
  /** Our files (bytes counted). */
  ourFiles: string[];
  /** Writes the standard files into `work`; returns them and how GDAL opens them. */
  convert(work: string): Promise<{ files: string[]; kind: "raster" | "vector" }>;
  /** The queries, deterministic (made once by the parent). */
  queries(n: number): number[][] | Promise<number[][]>;
  openOurs(): Lookup | Promise<Lookup>;
  openStandard(work: string): Promise<Lookup>;
}

const current = (family: string, file: string) => path.join(ARTIFACTS_DIR, family, "current", file);

const splitKey = (k: bigint) => [Number(k >> 56n), Number((k >> 28n) & 0xfffffffn), Number(k & 0xfffffffn)];

/** A small LRU of decoded tiles (the service keeps 256 per reader), shared by both sides' raster reads. */
function lru<T>(capacity: number, load: (key: string) => T): (key: string) => T {
  const m = new Map<string, T>();
  return (key) => {
    const hit = m.get(key);
    if (hit !== undefined) {
      m.delete(key);
      m.set(key, hit);
      return hit;
    }
    const v = load(key);
    m.set(key, v);
    if (m.size > capacity) m.delete(m.keys().next().value as string);
    return v;
  };
}

/**
 * COG blocks (all bands, pixel-interleaved) through geotiff.js, one `readRasters` of a whole block
 * per miss, in one LRU of `capacity` blocks shared by the files (as our readers share theirs).
 */
async function cogBlocks(
  files: string[],
  capacity: number,
): Promise<{
  images: GeoTIFFImage[];
  block: (file: number, tx: number, ty: number) => Promise<ArrayLike<number>>;
}> {
  const images = await Promise.all(files.map(async (f) => (await fromFile(f)).getImage()));
  const cached = lru(capacity, (key) => {
    const [i, tx, ty] = key.split("/").map(Number) as [number, number, number];
    const image = images[i]!;
    const tw = image.getTileWidth();
    const th = image.getTileHeight();
    return image.readRasters({
      window: [
        tx * tw,
        ty * th,
        Math.min((tx + 1) * tw, image.getWidth()),
        Math.min((ty + 1) * th, image.getHeight()),
      ],
      interleave: true,
    }) as unknown as Promise<ArrayLike<number>>;
  });
  return { images, block: (i, tx, ty) => cached(`${i}/${tx}/${ty}`) };
}

// ---- G4TILES → PMTiles v3 ----

/** Our (z, x, y) keys → PMTiles zooms: each z its own zoom, deep enough for its x and y. */
function zoomsOf(keys: BigUint64Array): Map<number, number> {
  const need = new Map<number, number>();
  for (const k of keys) {
    const [z, x, y] = splitKey(k) as [number, number, number];
    need.set(z, Math.max(need.get(z) ?? 0, Math.ceil(Math.log2(Math.max(x, y) + 1))));
  }
  const zooms = new Map<number, number>();
  let next = 0;
  for (const z of [...need.keys()].sort((a, b) => a - b)) {
    next = Math.max(next, need.get(z)!);
    zooms.set(z, next++);
  }
  return zooms;
}

function tileCase(family: string, file: string): BenchCase {
  const ours = current(family, file);
  const out = (work: string) => path.join(work, `${family}.pmtiles`);
  const zoomFile = (work: string) => path.join(work, `${family}.zooms.json`);
  return {
    ours: `G4TILES ${family}/${file}`,
    standard: "PMTiles v3",
    pattern: "get one stored tile by key",
    ourFiles: [ours],
    async convert(work) {
      const r = await TileContainerReader.open(await openByteSource(ours));
      const zooms = zoomsOf(r.keys());
      const tiles: PmtilesTile[] = await Promise.all(
        [...r.keys()].map(async (k) => {
          const [z, x, y] = splitKey(k) as [number, number, number];
          return { z: zooms.get(z)!, x, y, data: (await r.get(k))! };
        }),
      );
      writePmtiles(out(work), tiles, r.metadata);
      writeFileSync(zoomFile(work), JSON.stringify([...zooms]));
      r.close();
      return { files: [out(work)], kind: "vector" };
    },
    async queries(n) {
      const r = await TileContainerReader.open(await openByteSource(ours));
      const keys = r.keys();
      const next = random(1);
      r.close();
      return Array.from({ length: n }, () => splitKey(keys[Math.floor(next() * keys.length)]!));
    },
    async openOurs() {
      const r = await TileContainerReader.open(await FileSource.open(ours));
      return async ([z, x, y]) => (await r.get(tileKey(z!, x!, y!)))!.length;
    },
    async openStandard(work) {
      const zooms = new Map<number, number>(JSON.parse(readFileSync(zoomFile(work), "utf8")));
      const p = openPmtiles(out(work));
      await p.getHeader();
      return async ([z, x, y]) => (await p.getZxy(zooms.get(z!)!, x!, y!))!.data.byteLength;
    },
  };
}

function spherePoints(n: number): number[][] {
  const next = random(2);
  return Array.from({ length: n }, () => [(Math.asin(2 * next() - 1) * 180) / Math.PI, -180 + 360 * next()]);
}

// ---- datum-grids (NADCON5 tiles in G4TILES) → COG per grid ----

const DATUM = current("datum-grids", "nadcon5.g4t");
/** Tiles both sides keep: the service's 256 (service/data/transform-families.ts) unless BENCH_DATUM_CACHE says otherwise. */
const DATUM_CACHE = Number(process.env.BENCH_DATUM_CACHE ?? 256);

function bilinear(node: (c: number, r: number) => number, x: number, y: number): number {
  const c = Math.floor(x);
  const r = Math.floor(y);
  const fx = x - c;
  const fy = y - r;
  return (
    node(c, r) * (1 - fx) * (1 - fy) +
    node(c + 1, r) * fx * (1 - fy) +
    node(c, r + 1) * (1 - fx) * fy +
    node(c + 1, r + 1) * fx * fy
  );
}

/** The four nodes around a point, as column and row steps. */
const CORNERS = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;

const datumCase: BenchCase = {
  ours: "datum-grids/nadcon5.g4t (float32 tiles in G4TILES)",
  standard: "COG per grid (2 × float32, deflate)",
  pattern: `bilinear latitude + longitude shift at a random point of a random grid (${DATUM_CACHE} tiles cached)`,
  ourFiles: [DATUM],
  async convert(work) {
    const c = await TileContainerReader.open(await openByteSource(DATUM));
    const files: string[] = [];
    for (const g of readDatumGridMetadata(c)) {
      const T = g.tileSize;
      const values = new Float32Array(2 * g.width * g.height);
      const tileOf = lru(256, (id) => readGridTile(c, g, Number(id)));
      for (let r = 0; r < g.height; r++) {
        for (let col = 0; col < g.width; col++) {
          const tile = await tileOf(String(Math.floor(r / T) * Math.ceil(g.width / T) + Math.floor(col / T)));
          const k = 2 * ((r % T) * T + (col % T));
          const i = 2 * ((g.height - 1 - r) * g.width + col);
          values[i] = tile[k]!;
          values[i + 1] = tile[k + 1]!;
        }
      }
      const file = path.join(work, `datum-${g.index}.tif`);
      await writeCog(file, {
        width: g.width,
        height: g.height,
        values,
        west: g.west - g.resX / 2,
        north: g.south + (g.height - 0.5) * g.resY,
        resX: g.resX,
        resY: g.resY,
        blockSize: T,
      });
      files.push(file);
    }
    c.close();
    return { files, kind: "raster" };
  },
  async queries(n) {
    const grids = readDatumGridMetadata(await TileContainerReader.open(await openByteSource(DATUM)));
    const next = random(4);
    return Array.from({ length: n }, () => {
      const g = grids[Math.floor(next() * grids.length)]!;
      return [g.index, next() * (g.width - 1.001), next() * (g.height - 1.001)];
    });
  },
  async openOurs() {
    const c = await TileContainerReader.open(await FileSource.open(DATUM));
    const grids = readDatumGridMetadata(c);
    const tile = lru(DATUM_CACHE, (key) => {
      const [gi, id] = key.split("/").map(Number) as [number, number];
      return readGridTile(c, grids[gi]!, id);
    });
    return async ([gi, x, y]) => {
      const g = grids[gi!]! as StoredGrid;
      const T = g.tileSize;
      const across = Math.ceil(g.width / T);
      const idOf = (col: number, r: number) => Math.floor(r / T) * across + Math.floor(col / T);
      const nodes = new Map<number, ArrayLike<number>>();
      for (const [dc, dr] of CORNERS) {
        const id = idOf(Math.floor(x!) + dc, Math.floor(y!) + dr);
        if (!nodes.has(id)) nodes.set(id, await tile(`${gi}/${id}`));
      }
      const node = (k: number) => (col: number, r: number) =>
        nodes.get(idOf(col, r))![2 * ((r % T) * T + (col % T)) + k]!;
      return bilinear(node(0), x!, y!) + bilinear(node(1), x!, y!);
    };
  },
  async openStandard(work) {
    const grids = readDatumGridMetadata(await TileContainerReader.open(await openByteSource(DATUM)));
    const { images, block: blockOf } = await cogBlocks(
      grids.map((g) => path.join(work, `datum-${g.index}.tif`)),
      DATUM_CACHE,
    );
    return async ([gi, x, y]) => {
      const g = grids[gi!]!;
      const image = images[gi!]!;
      const block = (tx: number, ty: number) => blockOf(gi!, tx, ty);
      const T = image.getTileWidth();
      const c = Math.floor(x!);
      const r = Math.floor(y!);
      const nodes = new Map<string, ArrayLike<number>>();
      for (const [dc, dr] of CORNERS) {
        const row = g.height - 1 - (r + dr);
        const key = `${Math.floor((c + dc) / T)}/${Math.floor(row / T)}`;
        if (!nodes.has(key)) nodes.set(key, await block(Math.floor((c + dc) / T), Math.floor(row / T)));
      }
      const node = (k: number) => (col: number, rr: number) => {
        const row = g.height - 1 - rr;
        const b = nodes.get(`${Math.floor(col / T)}/${Math.floor(row / T)}`)!;
        return b[2 * ((row % T) * Math.min(T, image.getWidth() - Math.floor(col / T) * T) + (col % T)) + k]!;
      };
      return bilinear(node(0), x!, y!) + bilinear(node(1), x!, y!);
    };
  },
};

// ---- ENC chart tiles → FlatGeobuf ----

const ENC = current("enc", "charts.g4t");
const encFile = (work: string, layer: string) => path.join(work, `enc-${layer}.fgb`);

const encCase: BenchCase = {
  ours: "ENC chart tiles enc/charts.g4t",
  standard: "FlatGeobuf (5 layers + cell metadata JSON)",
  pattern: "depth areas containing a random point of the charted box",
  ourFiles: [ENC],
  async convert(work) {
    const r = await EncChartsReader.open(await openByteSource(ENC));
    const layers = await encFeatures(r);
    const files: string[] = [];
    for (const [name, features] of Object.entries(layers)) {
      await writeFlatGeobuf(encFile(work, name), features);
      files.push(encFile(work, name));
    }
    const meta = path.join(work, "enc-cells.json");
    writeFileSync(meta, JSON.stringify(r.metadata));
    r.close();
    return { files: [...files, meta], kind: "vector" };
  },
  async queries(n) {
    const next = random(5);
    return Array.from({ length: n }, () => [-154.3 + next() * 3.5, 58.85 + next() * 1.4]);
  },
  async openOurs() {
    const r = await EncChartsReader.open(await FileSource.open(ENC));
    return async ([lon, lat]) => {
      const x = toE7(lon!);
      const y = toE7(lat!);
      let answer = 0;
      for (const s of (await r.tile(colOf(r.metadata.grid, x), rowOf(r.metadata.grid, y))) ?? [])
        for (const a of s.depthAreas()) if (insideRings(a.rings, x, y)) answer += 1 + s.cell;
      return answer;
    };
  },
  async openStandard(work) {
    // flatgeobuf reads a Uint8Array, a stream or HTTP ranges: in Node a local file is read whole.
    const bytes = new Uint8Array(readFileSync(encFile(work, "depth-areas")));
    return async ([lon, lat]) => {
      const x = toE7(lon!);
      const y = toE7(lat!);
      let answer = 0;
      for await (const f of fgb.deserialize(bytes, {
        rect: { minX: lon!, minY: lat!, maxX: lon!, maxY: lat! },
      })) {
        const rings = (f.geometry as Polygon).coordinates.map((ring) =>
          ring.slice(0, -1).flatMap(([a, b]) => [toE7(a!), toE7(b!)]),
        );
        if (insideRings(rings, x, y)) answer += 1 + Number(f.properties!.cell);
      }
      return answer;
    };
  },
};

// ---- G4H3IDX → FlatGeobuf of cell polygons ----

const ZONES = current("timezone", "zones.h3i");

const cellCase: BenchCase = {
  ours: "G4H3IDX timezone/zones.h3i",
  standard: "FlatGeobuf (one polygon per compacted cell)",
  pattern: "zone id of a random point on the sphere",
  ourFiles: [ZONES],
  async convert(work) {
    const r = await CellIndexReader.open(await openByteSource(ZONES));
    const features = await timezoneCellFeatures([{ source: "boundary", reader: r }]);
    const file = path.join(work, "zones.fgb");
    await writeFlatGeobuf(file, features);
    r.close();
    return { files: [file], kind: "vector" };
  },
  queries: spherePoints,
  async openOurs() {
    const r = await CellIndexReader.open(await openByteSource(ZONES, "memory"));
    return async ([lat, lon]) => (await r.lookupLatLng(lat!, lon!))?.value ?? -1;
  },
  async openStandard(work) {
    const bytes = new Uint8Array(readFileSync(path.join(work, "zones.fgb")));
    // The file names each cell's zone; our side answers the zone's id in the string table.
    const r = await CellIndexReader.open(await openByteSource(ZONES));
    const ids = new Map<string, number>();
    for (let i = 0; i < r.stringCount; i++) ids.set(await r.string(i), i);
    r.close();
    return async ([lat, lon]) => {
      for await (const f of fgb.deserialize(bytes, {
        rect: { minX: lon!, minY: lat!, maxX: lon!, maxY: lat! },
      })) {
        const ring = (f.geometry as Polygon).coordinates[0]!.slice(0, -1).flat();
        if (insideRings([ring], lon!, lat!)) return ids.get(String(f.properties!.timeZone)) ?? -2;
      }
      return -1;
    };
  },
};

export const CASES: Record<string, BenchCase> = {
  "tiles-datum": tileCase("datum-grids", "nadcon5.g4t"),
  "tiles-enc": tileCase("enc", "charts.g4t"),
  datum: datumCase,
  enc: encCase,
  h3i: cellCase,
};

export const sizeOf = (files: string[]): number => files.reduce((n, f) => n + fileBytes(f), 0);
