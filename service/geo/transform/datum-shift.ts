// Revision B datum shifts of a batch of positions: group the positions by NADCON5 region, plan
// each region's chain, run the steps (grid tiles read on demand, at most 512 per call), report
// what ran. Refusals: outside_datum_grid (422), limit_exceeded for tiles, data_unavailable (503).
import type { CrsRecord, GridOperation } from "../../../artifacts/format/crs-record.ts";
import type { ShiftGridHeader, Tile } from "../../../artifacts/format/shift-grid.ts";
import { nodeExtent } from "../../../artifacts/format/shift-grid.ts";
import { checkLimit, type Limit } from "../limit.ts";
import { Refusal } from "../refusal.ts";
import type { CrsRegistry } from "./crs-registry.ts";
import { type DatumStep, datumNode, type Plan, planDatumShift } from "./datum-plan.ts";
import { type GridStore, GridUnreadableError } from "./grid-store.ts";
import { helmertInPlace } from "./helmert.ts";
import {
  gridLongitude,
  interpolateInTile,
  interpolateInto,
  locate,
  markWindowTiles,
  tileOfNode,
  windowOffsetInTile,
} from "./nadcon5-interpolation.ts";
import { spatialOrder } from "./spatial-order.ts";

export const DATUM_GRID_TILES: Limit = {
  name: "datumGridTiles",
  max: 512,
  unit: "tiles",
  detail: "NADCON5 grid tiles read per call (revision B)",
};

export interface OperationReport {
  id: string;
  name: string;
  method: string;
  kind: "grid" | "helmert";
  direction: "forward" | "inverse";
  region: string | null;
  grid?: string;
  positions: number;
}

export interface DatumShiftResult {
  sameDatum: boolean;
  operations: OperationReport[];
  regions: string[];
  tilesRead: number;
}

export interface DatumShiftInput {
  lon: Float64Array;
  lat: Float64Array;
  from: CrsRecord;
  to: CrsRecord;
  epoch: number;
  registry: CrsRegistry;
  grids: GridStore | undefined;
  pathOf: (index: number) => string;
}

interface RegionExtent {
  region: string;
  header: ShiftGridHeader;
  box: [number, number, number, number];
}

/** Region extents from the available grids of each region (all grids of a region share one). */
function regionExtents(ops: readonly GridOperation[], grids: GridStore | undefined): RegionExtent[] {
  const out: RegionExtent[] = [];
  for (const op of ops) {
    const header = grids?.header(op.grid);
    if (header && !out.some((r) => r.region === op.region))
      out.push({ region: op.region, header, box: nodeExtent(header) });
  }
  return out;
}

/** Index in `extents` of the first region holding the position, −1 for none. */
function regionOf(extents: readonly RegionExtent[], lon: number, lat: number): number {
  for (let r = 0; r < extents.length; r++) {
    const { header, box } = extents[r] as RegionExtent;
    const x = gridLongitude(header, lon);
    if (x >= box[0] && x <= box[2] && lat >= box[1] && lat <= box[3]) return r;
  }
  return -1;
}

function refusePlan(
  plan: Exclude<Plan, { ok: true }>,
  index: number,
  region: string | null,
  pathOf: (i: number) => string,
): Refusal {
  return new Refusal("outside_datum_grid", {
    index,
    path: pathOf(index),
    region,
    reason: plan.reason,
    ...(plan.reason === "grid_not_available"
      ? { operations: plan.operations.map((c) => `EPSG:${c}`), missingGrids: plan.missingGrids }
      : {}),
  });
}

class TileBudget {
  readonly #loaded = new Map<string, Map<number, Tile>>();
  #count = 0;
  constructor(readonly grids: GridStore) {}
  get count(): number {
    return this.#count;
  }
  async ensure(grid: string, ids: Set<number>): Promise<Map<number, Tile>> {
    const have = this.#loaded.get(grid) ?? new Map<number, Tile>();
    this.#loaded.set(grid, have);
    const missing = [...ids].filter((id) => !have.has(id)).sort((a, b) => a - b);
    checkLimit(DATUM_GRID_TILES, this.#count + missing.length, { field: "coordinates", path: "$" });
    if (missing.length > 0) {
      let tiles: Tile[];
      try {
        tiles = await this.grids.readTiles(grid, missing);
      } catch (e) {
        if (e instanceof GridUnreadableError)
          throw new Refusal("data_unavailable", { family: "datum-grids", grid, reason: e.message });
        throw e;
      }
      missing.forEach((id, k) => {
        have.set(id, tiles[k] as Tile);
      });
      this.#count += missing.length;
    }
    return have;
  }
}

/** Per-position working arrays of the grid steps, made once per call and reused by every step. */
class StepScratch {
  readonly window = new Float64Array(4);
  readonly shift = new Float64Array(2);
  readonly i0: Int32Array;
  readonly j0: Int32Array;
  readonly fx: Float64Array;
  readonly fy: Float64Array;
  /** Tile of the window's first node, and the window's offset in it (−1: the window straddles tiles). */
  readonly tile: Int32Array;
  readonly offset: Int32Array;
  constructor(n: number) {
    this.i0 = new Int32Array(n);
    this.j0 = new Int32Array(n);
    this.fx = new Float64Array(n);
    this.fy = new Float64Array(n);
    this.tile = new Int32Array(n);
    this.offset = new Int32Array(n);
  }
}

async function runStep(
  step: DatumStep,
  idx: Int32Array,
  input: DatumShiftInput,
  budget: TileBudget | undefined,
  scratch: StepScratch,
): Promise<void> {
  const { lon, lat, epoch } = input;
  if (step.kind === "helmert") {
    helmertInPlace(step.op, epoch, step.direction, lon, lat, idx);
    return;
  }
  const header = input.grids?.header(step.op.grid);
  if (!header || !budget)
    throw new Refusal("data_unavailable", { family: "datum-grids", grid: step.op.grid });
  // Pass 1: each position's window (typed arrays, no objects) and the tiles they need.
  const n = idx.length;
  const { window: w, i0, j0, fx, fy, tile, offset } = scratch;
  const used = new Uint8Array(
    Math.ceil(header.width / header.tileSize) * Math.ceil(header.height / header.tileSize),
  );
  // idx is in spatial order: the refusal names the earliest position outside the grid.
  let outside = -1;
  for (let k = 0; k < n; k++) {
    const i = idx[k] as number;
    if (!locate(header, lon[i] as number, lat[i] as number, w)) {
      if (outside < 0 || i < outside) outside = i;
      continue;
    }
    // Node indices are whole numbers: as int32 the tile arithmetic below stays integer.
    const wi = (w[0] as number) | 0;
    const wj = (w[2] as number) | 0;
    i0[k] = wi;
    fx[k] = w[1] as number;
    j0[k] = wj;
    fy[k] = w[3] as number;
    const at = windowOffsetInTile(header, wi, wj);
    offset[k] = at;
    if (at >= 0) {
      const id = tileOfNode(header, wi, wj);
      tile[k] = id;
      used[id] = 1;
    } else markWindowTiles(header, wi, wj, used);
  }
  if (outside >= 0)
    throw new Refusal("outside_datum_grid", {
      index: outside,
      path: input.pathOf(outside),
      region: step.op.region,
      operation: `EPSG:${step.op.code}`,
      grid: step.op.grid,
    });
  const ids = new Set<number>();
  for (let id = 0; id < used.length; id++) if (used[id]) ids.add(id);
  const loaded = await budget.ensure(step.op.grid, ids);
  // A dense array indexed by tile id (a sparse one would fall back to slow dictionary elements).
  const tiles = new Array<Tile | undefined>(used.length).fill(undefined);
  for (const id of ids) tiles[id] = loaded.get(id);
  // Pass 2: interpolate and shift in place.
  const sign = step.direction === "forward" ? 1 : -1;
  const T = header.tileSize;
  const d = scratch.shift;
  for (let k = 0; k < n; k++) {
    const i = idx[k] as number;
    const at = offset[k] as number;
    if (at >= 0)
      interpolateInTile(tiles[tile[k] as number] as Tile, T, at, fx[k] as number, fy[k] as number, d);
    else
      interpolateInto(header, tiles, i0[k] as number, j0[k] as number, fx[k] as number, fy[k] as number, d);
    lat[i] = (lat[i] as number) + (sign * (d[0] as number)) / 3600;
    lon[i] = (lon[i] as number) + (sign * (d[1] as number)) / 3600;
  }
}

/** Shifts lon/lat in place from `from`'s datum to `to`'s datum. */
export async function shiftDatum(input: DatumShiftInput): Promise<DatumShiftResult> {
  const source = datumNode(input.from.base.code);
  const target = datumNode(input.to.base.code);
  if (source === target) return { sameDatum: true, operations: [], regions: [], tilesRead: 0 };
  const { registry, grids } = input;
  const extents = regionExtents(registry.gridOperations, grids);
  // Positions grouped by region: one region index per position, then one index array per region.
  const n = input.lon.length;
  const regionIndex = new Int32Array(n);
  const counts = new Int32Array(extents.length + 1);
  for (let i = 0; i < n; i++) {
    const r = regionOf(extents, input.lon[i] as number, input.lat[i] as number);
    regionIndex[i] = r;
    counts[r + 1] = (counts[r + 1] as number) + 1;
  }
  const groups = new Map<string | null, Int32Array>();
  const fill = new Int32Array(extents.length + 1);
  const members = [...counts].map((c) => new Int32Array(c));
  for (let i = 0; i < n; i++) {
    const r = (regionIndex[i] as number) + 1;
    const at = fill[r] as number;
    (members[r] as Int32Array)[at] = i;
    fill[r] = at + 1;
  }
  // In order of each region's first position (refusals name the earliest position).
  const order = [...members.keys()].filter((r) => (counts[r] as number) > 0);
  order.sort((a, b) => ((members[a] as Int32Array)[0] as number) - ((members[b] as Int32Array)[0] as number));
  for (const r of order)
    groups.set(r === 0 ? null : (extents[r - 1] as RegionExtent).region, members[r] as Int32Array);
  const available = (grid: string) => grids?.header(grid) !== undefined;
  const plans = new Map<string | null, Plan>();
  let refusal: Refusal | undefined;
  let refusedAt = Number.POSITIVE_INFINITY;
  for (const [region, idx] of groups) {
    const plan = planDatumShift(
      registry.gridOperations,
      registry.helmertOperations,
      available,
      region,
      source,
      target,
    );
    plans.set(region, plan);
    const first = idx[0] as number;
    if (!plan.ok && first < refusedAt) {
      refusedAt = first;
      refusal = refusePlan(plan, first, region, input.pathOf);
    }
  }
  // Without the datum-grids family nothing says where the grids reach: any chain that is not
  // Helmert-only cannot be decided, which is the data being unavailable, not a coverage refusal.
  if (refusal && !grids) throw new Refusal("data_unavailable", { family: "datum-grids" });
  if (refusal) throw refusal;
  const budget = grids ? new TileBudget(grids) : undefined;
  const scratch = new StepScratch(Math.max(0, ...[...groups.values()].map((g) => g.length)));
  const reports = new Map<string, OperationReport>();
  for (const [region, members] of groups) {
    const plan = plans.get(region) as Extract<Plan, { ok: true }>;
    const extent = extents.find((e) => e.region === region);
    const idx = extent ? spatialOrder(members, input.lon, input.lat, extent.header) : members;
    for (const step of plan.steps) {
      await runStep(step, idx, input, budget, scratch);
      const key = `${step.op.code}:${step.direction}:${step.kind === "grid" ? region : ""}`;
      const rep = reports.get(key) ?? {
        id: `EPSG:${step.op.code}`,
        name: step.op.name,
        method: step.op.method,
        kind: step.kind,
        direction: step.direction,
        region: step.kind === "grid" ? region : null,
        ...(step.kind === "grid" ? { grid: step.op.grid } : {}),
        positions: 0,
      };
      rep.positions += idx.length;
      reports.set(key, rep);
    }
  }
  return {
    sameDatum: false,
    operations: [...reports.values()],
    regions: [...new Set([...reports.values()].flatMap((r) => (r.region ? [r.region] : [])))].sort(),
    tilesRead: budget?.count ?? 0,
  };
}
