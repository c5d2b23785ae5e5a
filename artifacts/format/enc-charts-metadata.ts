// The metadata (JSON) of the ENC chart tile container: the grid, and per cell (in rank order,
// largest scale first) its identification, datums, bounds, coverage rings and feature counts.
import { ArtifactError } from "./artifact-error.ts";
import type { EncTileGrid } from "./enc-tile-grid.ts";

export const ENC_CHARTS_FORMAT = "geo402-enc-charts";

export interface EncCellMetadata {
  /** Cell name, e.g. `US5AK5SI`. */
  name: string;
  /** Chart title from the exchange set catalogue, e.g. `Homer Harbor`. */
  title: string;
  usageBand: number;
  compilationScale: number;
  edition: number;
  update: number;
  /** YYYYMMDD. */
  issued: string;
  updateApplied: string;
  s57Edition: number;
  producingAgency: number;
  /** S-57 codes: HDAT (2 = WGS 84), VDAT, SDAT (12 = MLLW). */
  horizontalDatum: number;
  verticalDatum: number;
  soundingDatum: number;
  /** Upstream URL of the cell. */
  url: string;
  /** [west, south, east, north] of the coverage, E7. */
  bounds: [number, number, number, number];
  /** M_COVR (CATCOV 1) polygons, each a list of open E7 rings. */
  coverage: number[][][];
  counts: {
    depthAreas: number;
    qualityAreas: number;
    soundings: number;
    soundingsSuperseded: number;
    hazards: number;
    hazardsSuperseded: number;
    hazardsMergedAtSeams: number;
  };
}

/** A named area of coverage and the cells charting it. */
export interface EncArea {
  name: string;
  cells: string[];
}

export interface EncChartsMetadata {
  format: typeof ENC_CHARTS_FORMAT;
  tileVersion: number;
  grid: EncTileGrid;
  areas: EncArea[];
  cells: EncCellMetadata[];
}

/** Checks the shape the service relies on; throws ArtifactError("malformed") naming the fault. */
export function assertEncChartsMetadata(value: unknown): asserts value is EncChartsMetadata {
  const m = value as Partial<EncChartsMetadata> | null;
  const fail = (why: string): never => {
    throw new ArtifactError("malformed", `ENC chart metadata: ${why}`);
  };
  if (!m || typeof m !== "object") fail("not an object");
  if (m?.format !== ENC_CHARTS_FORMAT) fail(`format is ${JSON.stringify(m?.format)}`);
  if (!m?.grid || typeof m.grid.rowsPerDegree !== "number" || typeof m.grid.colsPerDegree !== "number")
    fail("no grid");
  if (!Array.isArray(m?.cells) || m.cells.length === 0) fail("no cells");
  if (!Array.isArray(m?.areas)) fail("no areas");
  for (const c of m?.cells ?? []) {
    if (typeof c.name !== "string" || !Array.isArray(c.coverage) || c.coverage.length === 0)
      fail(`cell ${c.name} has no coverage`);
    if (!Array.isArray(c.bounds) || c.bounds.length !== 4) fail(`cell ${c.name} has no bounds`);
  }
}
