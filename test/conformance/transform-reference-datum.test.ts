// transform-reference/nadcon5.json and helmert.json (PROJ 9.5.1, EPSG v11.022) through the
// service's transform: every NADCON5 step and chain forward and inverse within 1e-6 m, outside
// points refused, the unavailable CONUS operations refused, and EPSG:10334/10336 at three epochs.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { HelmertOperation } from "../../artifacts/format/crs-record.ts";
import { Refusal } from "../../service/geo/refusal.ts";
import { CrsRegistry } from "../../service/geo/transform/crs-registry.ts";
import {
  geodeticToGeocentric,
  helmertForward,
  helmertGeodetic,
} from "../../service/geo/transform/helmert.ts";
import { runTransform } from "../../service/geo/transform/transform.ts";
import type { TransformDeps } from "../../service/geo/transform/transform-deps.ts";
import { type MemoryGridStore, memoryGridStore } from "./memory-grid-store.ts";
import { NADCON_DIR, TRANSFORM_REFERENCE, testRegistry } from "./shared-data.ts";

interface NadconCase {
  id: string;
  source_crs: number;
  target_crs: number;
  steps: { operation: string; grid: string }[];
  points: number[][];
  outside: { in: [number, number] }[];
}
const nadcon = JSON.parse(fs.readFileSync(path.join(TRANSFORM_REFERENCE, "nadcon5.json"), "utf8")) as {
  cases: NadconCase[];
  unavailable: {
    operation: string;
    source_crs: number;
    target_crs: number;
    missing_grids: string[];
    pyproj_from_crs_default_at: { in: [number, number] };
  }[];
};
const helmert = JSON.parse(fs.readFileSync(path.join(TRANSFORM_REFERENCE, "helmert.json"), "utf8")) as {
  operations: {
    operation: string;
    crs_pair_2d: [number, number];
    rows: {
      epoch: number;
      in: number[];
      out: number[];
      inv: number[];
      out_h0: number[];
      xyz_in: number[];
      xyz_out: number[];
    }[];
  }[];
};

let deps: TransformDeps;
let grids: MemoryGridStore;

beforeAll(async () => {
  grids = await memoryGridStore(NADCON_DIR);
  deps = { registry: new CrsRegistry(await testRegistry()), grids, revision: "B", versions: {} };
});

/** Ground distance (m) between two lon/lat positions, good to far below a micrometre at these separations. */
function metres(a: number[], b: number[]): number {
  const lat = ((b[1] as number) * Math.PI) / 180;
  const m = (6378137 * (1 - 0.00669438)) / (1 - 0.00669438 * Math.sin(lat) ** 2) ** 1.5;
  const n = 6378137 / Math.sqrt(1 - 0.00669438 * Math.sin(lat) ** 2);
  return Math.hypot(
    ((a[0] as number) - (b[0] as number)) * (Math.PI / 180) * n * Math.cos(lat),
    ((a[1] as number) - (b[1] as number)) * (Math.PI / 180) * m,
  );
}

async function transform(from: number, to: number, coordinates: number[][]): Promise<number[][]> {
  const r = await runTransform({ from: `EPSG:${from}`, to: String(to), coordinates }, deps);
  return r.coordinates as number[][];
}

describe("NADCON5 steps and chains (PROJ gridshift, biquadratic)", () => {
  for (const c of nadcon.cases) {
    it(`${c.id}: ${c.steps.map((s) => s.operation).join(" + ")} forward and inverse within 1e-6 m`, async () => {
      const input = c.points.map((p) => [p[0] as number, p[1] as number]);
      const fwd = await transform(c.source_crs, c.target_crs, input);
      const inv = await transform(c.target_crs, c.source_crs, input);
      c.points.forEach((p, k) => {
        expect(metres(fwd[k] as number[], [p[2] as number, p[3] as number])).toBeLessThanOrEqual(1e-6);
        expect(metres(inv[k] as number[], [p[4] as number, p[5] as number])).toBeLessThanOrEqual(1e-6);
      });
    });

    it(`${c.id}: the 3 points 0.05° outside the grid are refused with outside_datum_grid and their index`, async () => {
      for (const o of c.outside) {
        const coordinates = [
          [(c.points[0] as number[])[0] as number, (c.points[0] as number[])[1] as number],
          o.in,
        ];
        for (const [from, to] of [
          [c.source_crs, c.target_crs],
          [c.target_crs, c.source_crs],
        ]) {
          const err = await runTransform({ from: String(from), to: String(to), coordinates }, deps).catch(
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(Refusal);
          expect((err as Refusal).code).toBe("outside_datum_grid");
          expect((err as Refusal).details.index).toBe(1);
        }
      }
    });
  }

  it("reads tiles on demand: a one-point NAD27 → NAD83(2011) Alaska chain reads 4 to 16 tiles, not whole grids", async () => {
    const before = grids.tilesServed;
    const r = await runTransform({ from: "4267", to: "6318", coordinates: [-150, 61] }, deps);
    const ds = r.datumShift as { tilesRead: number; operations: unknown[]; regions: string[] };
    expect(ds.operations).toHaveLength(4);
    expect(ds.regions).toEqual(["alaska"]);
    expect(ds.tilesRead).toBeGreaterThanOrEqual(4);
    expect(ds.tilesRead).toBeLessThanOrEqual(16);
    expect(grids.tilesServed - before).toBe(ds.tilesRead);
  });
});

describe("CONUS operations whose grids are not available here are refused, never skipped", () => {
  for (const u of nadcon.unavailable) {
    it(`${u.operation} (EPSG:${u.source_crs} → EPSG:${u.target_crs}) answers outside_datum_grid naming ${u.missing_grids.length} missing grid(s), both ways`, async () => {
      for (const [from, to] of [
        [u.source_crs, u.target_crs],
        [u.target_crs, u.source_crs],
      ]) {
        const err = await runTransform(
          { from: String(from), to: String(to), coordinates: [u.pyproj_from_crs_default_at.in] },
          deps,
        ).catch((e: unknown) => e);
        expect((err as Refusal).code).toBe("outside_datum_grid");
        expect((err as Refusal).details.reason).toBe("grid_not_available");
        expect([...((err as Refusal).details.missingGrids as string[])].sort()).toEqual(
          [...u.missing_grids].sort(),
        );
      }
    });
  }
});

describe("time-dependent Helmert EPSG:10334 / EPSG:10336 (coordinate frame, 15 parameters)", () => {
  const opOf = (id: string): HelmertOperation => {
    const op = deps.registry.helmertOperations.find((h) => `EPSG:${h.code}` === id);
    if (!op) throw new Error(id);
    return op;
  };
  for (const op of helmert.operations) {
    it(`${op.operation}: geocentric step, 3D forward/inverse and 2D (h = 0) forward within 1e-6 m at 2010, 2020, 2026.5`, () => {
      const h = opOf(op.operation);
      for (const r of op.rows) {
        const [x, y, z] = r.in as [number, number, number];
        const xyz = helmertForward(h, r.epoch, geodeticToGeocentric(x, y, z));
        expect(
          Math.hypot(
            xyz[0] - (r.xyz_out[0] as number),
            xyz[1] - (r.xyz_out[1] as number),
            xyz[2] - (r.xyz_out[2] as number),
          ),
        ).toBeLessThanOrEqual(1e-6);
        expect(metres(helmertGeodetic(h, r.epoch, x, y, z, "forward"), r.out)).toBeLessThanOrEqual(1e-6);
        expect(metres(helmertGeodetic(h, r.epoch, x, y, z, "inverse"), r.inv)).toBeLessThanOrEqual(1e-6);
        expect(metres(helmertGeodetic(h, r.epoch, x, y, 0, "forward"), r.out_h0)).toBeLessThanOrEqual(1e-6);
      }
    });

    it(`${op.operation}: POST /v1/transform from WGS 84 (read as ITRF2020) at the request's epoch matches PROJ's 2D answer`, async () => {
      const [, target] = op.crs_pair_2d;
      for (const epoch of [2010, 2020, 2026.5]) {
        const rows = op.rows.filter((r) => r.epoch === epoch);
        const res = await runTransform(
          {
            from: "EPSG:4326",
            to: `EPSG:${target}`,
            coordinates: rows.map((r) => [r.in[0], r.in[1]]),
            epoch,
          },
          deps,
        );
        const out = res.coordinates as number[][];
        rows.forEach((r, k) => {
          expect(metres(out[k] as number[], r.out_h0)).toBeLessThanOrEqual(1e-6);
        });
        expect((res.datumShift as { epoch: number }).epoch).toBe(epoch);
      }
    });
  }
});
