// Builds the ENC chart tile container from base cells: rank the cells, keep the soundings and
// hazards of the cell that applies at their position, store seam duplicates once, clip depth and
// quality areas to tiles, and write every tile (per cell, the features touching it) in key order.
import {
  ENC_CHARTS_FORMAT,
  type EncArea,
  type EncCellMetadata,
  type EncChartsMetadata,
} from "../../artifacts/format/enc-charts-metadata.ts";
import {
  ENC_TILE_VERSION,
  encodeEncTile,
  TILE_DEPTH_CLASS,
  TILE_HAZARD_CLASS,
  type TileHazard,
  type TileSection,
} from "../../artifacts/format/enc-tile-codec.ts";
import { colOf, type EncTileGrid, encTileKey, rowOf } from "../../artifacts/format/enc-tile-grid.ts";
import { ringsBounds } from "../../artifacts/format/ring-containment.ts";
import { TileContainerWriter } from "../../artifacts/format/tile-container.ts";
import { areaRingsE7, type RankedCell, rankCells, supersedingCell } from "./chart-selection.ts";
import { clipToTiles } from "./clip-rings.ts";
import { readEncCell } from "./enc-cell.ts";
import { type MergedHazard, mergeSeamDuplicates, type PlacedHazard, placeHazard } from "./seam-duplicates.ts";

export interface EncCellInput {
  /** Cell name without extension. */
  name: string;
  /** Chart title from the exchange set catalogue. */
  title: string;
  url: string;
  bytes: Uint8Array;
  /** The cell's update files (`.001`, `.002`, …) in order, applied to `bytes` (s57-updates.ts). */
  updates: Uint8Array[];
}

export interface EncBuildHooks {
  log(message: string): void;
  progress(label: string, done: number, total?: number): void;
}

type Tiles = Map<bigint, Map<number, TileSection>>;

function section(tiles: Tiles, col: number, row: number, cell: number): TileSection {
  const key = encTileKey(col, row);
  let cells = tiles.get(key);
  if (!cells) {
    cells = new Map();
    tiles.set(key, cells);
  }
  let s = cells.get(cell);
  if (!s) {
    s = {
      cell,
      depthAreas: [],
      quality: [],
      soundingCoords: new Int32Array(0),
      soundingDepths: new Float64Array(0),
      hazards: [],
    };
    cells.set(cell, s);
  }
  return s;
}

function addAreas(grid: EncTileGrid, tiles: Tiles, c: RankedCell): void {
  for (const a of c.cell.depthAreas) {
    clipToTiles(grid, areaRingsE7(a.geometry), (col, row, rings) =>
      section(tiles, col, row, c.index).depthAreas.push({
        objectClass: TILE_DEPTH_CLASS[a.objectClass],
        drval1: a.drval1,
        drval2: a.drval2,
        rings,
      }),
    );
  }
  for (const q of c.cell.quality) {
    clipToTiles(grid, areaRingsE7(q.geometry), (col, row, rings) =>
      section(tiles, col, row, c.index).quality.push({
        catzoc: q.catzoc,
        posacc: q.posacc,
        souacc: q.souacc,
        surveyStart: q.surveyStart,
        surveyEnd: q.surveyEnd,
        rings,
      }),
    );
  }
}

/** Soundings that apply at their position, appended per tile; returns how many were superseded. */
function addSoundings(grid: EncTileGrid, tiles: Tiles, ranked: RankedCell[], c: RankedCell): number {
  const perTile = new Map<bigint, { col: number; row: number; xy: number[]; z: number[] }>();
  let superseded = 0;
  for (const p of c.cell.soundings) {
    const x = Math.round((p[0] as number) * 1e7);
    const y = Math.round((p[1] as number) * 1e7);
    if (supersedingCell(ranked, c, x, y)) {
      superseded++;
      continue;
    }
    const col = colOf(grid, x);
    const row = rowOf(grid, y);
    const key = encTileKey(col, row);
    let t = perTile.get(key);
    if (!t) {
      t = { col, row, xy: [], z: [] };
      perTile.set(key, t);
    }
    t.xy.push(x, y);
    t.z.push(p[2] as number);
  }
  for (const t of perTile.values()) {
    const s = section(tiles, t.col, t.row, c.index);
    s.soundingCoords = Int32Array.from(t.xy);
    s.soundingDepths = Float64Array.from(t.z);
  }
  return superseded;
}

/**
 * Tiles that store a hazard: a point's own tile; every tile the bounding box of an area's parts
 * overlaps, so a search finds the area from any tile its circle reads that the area reaches into.
 */
function hazardTiles(grid: EncTileGrid, h: MergedHazard): { col: number; row: number }[] {
  if (h.parts.length === 0) return [{ col: colOf(grid, h.x), row: rowOf(grid, h.y) }];
  const [w, s, e, n] = ringsBounds(h.parts.flat());
  const out: { col: number; row: number }[] = [];
  for (let col = colOf(grid, w); col <= colOf(grid, e); col++)
    for (let row = rowOf(grid, s); row <= rowOf(grid, n); row++) out.push({ col, row });
  return out;
}

/** Writes `outFile` and returns the container metadata it holds. */
export function buildEncTiles(
  inputs: readonly EncCellInput[],
  areas: readonly EncArea[],
  grid: EncTileGrid,
  outFile: string,
  hooks: EncBuildHooks,
): EncChartsMetadata {
  const read = inputs.map((inp, i) => {
    hooks.progress("read cells", i + 1, inputs.length);
    return { name: inp.name, title: inp.title, url: inp.url, cell: readEncCell(inp.bytes, inp.updates) };
  });
  const ranked = rankCells(read);
  const tiles: Tiles = new Map();
  const superseded = new Map<number, { soundings: number; hazards: number }>();
  const placed: PlacedHazard[] = [];
  for (const c of ranked) {
    hooks.progress("tile cells", c.index + 1, ranked.length);
    addAreas(grid, tiles, c);
    let hazardsSuperseded = 0;
    for (const h of c.cell.hazards) {
      const rings = h.geometry.type === "area" ? areaRingsE7(h.geometry.area) : undefined;
      const p = placeHazard(h, c.index, c.cell.info.usageBand, c.cell.info.compilationScale, rings);
      if (supersedingCell(ranked, c, p.x, p.y)) hazardsSuperseded++;
      else placed.push(p);
    }
    superseded.set(c.index, { soundings: addSoundings(grid, tiles, ranked, c), hazards: hazardsSuperseded });
  }
  const merged = mergeSeamDuplicates(placed);
  const mergedAway = new Map<number, number>();
  for (const h of merged) {
    for (const other of h.alsoIn) mergedAway.set(other, (mergedAway.get(other) ?? 0) + 1);
    const hazard: TileHazard = {
      objectClass: TILE_HAZARD_CLASS[h.hazard.objectClass],
      chartedAsArea: h.hazard.geometry.type === "area",
      lonE7: h.x,
      latE7: h.y,
      valsou: h.hazard.valsou,
      watlev: h.hazard.watlev,
      category: h.hazard.category,
      expsou: h.hazard.expsou,
      quapos: h.hazard.quapos,
      objnam: h.hazard.objnam,
      lnam: h.hazard.lnam,
      alsoIn: h.alsoIn,
      parts: h.parts,
    };
    for (const t of hazardTiles(grid, h)) section(tiles, t.col, t.row, h.cell).hazards.push(hazard);
  }

  const writer = new TileContainerWriter(outFile);
  const keys = [...tiles.keys()].sort((a, b) => (a < b ? -1 : 1));
  keys.forEach((key, i) => {
    const cells = tiles.get(key) as Map<number, TileSection>;
    writer.add(key, encodeEncTile([...cells.values()].sort((a, b) => a.cell - b.cell)));
    if (i % 500 === 0 || i === keys.length - 1) hooks.progress("write tiles", i + 1, keys.length);
  });
  const metadata: EncChartsMetadata = {
    format: ENC_CHARTS_FORMAT,
    tileVersion: ENC_TILE_VERSION,
    grid,
    areas: areas.map((a) => ({
      name: a.name,
      cells: a.cells.filter((c) => inputs.some((i) => i.name === c)),
    })),
    cells: ranked.map((c) => {
      const input = read.find((r) => r.name === c.name) as { title: string; url: string };
      return cellMetadata(c, input, superseded, merged, mergedAway);
    }),
  };
  writer.finish(metadata);
  hooks.log(`${keys.length} tiles, ${ranked.length} cells, ${merged.length} hazards`);
  return metadata;
}

function cellMetadata(
  c: RankedCell,
  input: { title: string; url: string },
  superseded: Map<number, { soundings: number; hazards: number }>,
  merged: { cell: number }[],
  mergedAway: Map<number, number>,
): EncCellMetadata {
  const i = c.cell.info;
  const bounds = c.coverage.reduce<[number, number, number, number]>(
    (b, p) => [
      Math.min(b[0], p.bounds[0]),
      Math.min(b[1], p.bounds[1]),
      Math.max(b[2], p.bounds[2]),
      Math.max(b[3], p.bounds[3]),
    ],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY],
  );
  const s = superseded.get(c.index) ?? { soundings: 0, hazards: 0 };
  return {
    name: c.name,
    title: input.title,
    usageBand: i.usageBand,
    compilationScale: i.compilationScale,
    edition: i.edition,
    update: i.update,
    issued: i.issued,
    updateApplied: i.updateApplied,
    s57Edition: i.s57Edition,
    producingAgency: i.producingAgency,
    horizontalDatum: i.horizontalDatum,
    verticalDatum: i.verticalDatum,
    soundingDatum: i.soundingDatum,
    url: input.url,
    bounds,
    coverage: c.coverage.map((p) => p.rings.map((r) => Array.from(r))),
    counts: {
      depthAreas: c.cell.depthAreas.length,
      qualityAreas: c.cell.quality.length,
      soundings: c.cell.soundings.length - s.soundings,
      soundingsSuperseded: s.soundings,
      hazards: merged.filter((h) => h.cell === c.index).length,
      hazardsSuperseded: s.hazards,
      hazardsMergedAtSeams: mergedAway.get(c.index) ?? 0,
    },
  };
}
