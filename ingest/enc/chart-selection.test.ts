// Ranking, per-location selection and seam merging on the real NOAA cells, checked against GDAL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gdalFixture } from "../../test/fixtures/enc/gdal-fixture.ts";
import { areaCentroid } from "./area-centroid.ts";
import { areaRingsE7, type RankedCell, rankCells, supersedingCell } from "./chart-selection.ts";
import { readEncCell } from "./enc-cell.ts";
import { mergeSeamDuplicates, placeHazard } from "./seam-duplicates.ts";

const repo = path.resolve(import.meta.dirname, "../..");
const encDir = path.join(process.env.GEO402_SHARED ?? path.resolve(repo, "../shared"), "data/enc");
const read = (name: string) => ({
  name,
  cell: readEncCell(readFileSync(path.join(encDir, `${name}_ENC_ROOT`, name, `${name}.000`))),
});

let ranked: RankedCell[];
beforeAll(() => {
  ranked = rankCells(["US3AK12M", "US4AK4PH", "US5AK5SI", "US5AK5SJ", "US5AK5PF", "US5AK5QF"].map(read));
});
const cell = (name: string) => ranked.find((c) => c.name === name) as RankedCell;

describe("rankCells", () => {
  it("orders by band, then compilation scale (1:12000 before 1:22000), then name", () => {
    expect(ranked.map((c) => c.name)).toEqual([
      "US5AK5SI",
      "US5AK5PF",
      "US5AK5QF",
      "US5AK5SJ",
      "US4AK4PH",
      "US3AK12M",
    ]);
  });
});

describe("supersedingCell", () => {
  it("at Homer Harbor, band 5 supersedes band 4 and band 3; nothing supersedes band 5", () => {
    const [x, y] = [-1514192000, 596033000];
    expect(supersedingCell(ranked, cell("US3AK12M"), x, y)?.name).toBe("US5AK5SI");
    expect(supersedingCell(ranked, cell("US4AK4PH"), x, y)?.name).toBe("US5AK5SI");
    expect(supersedingCell(ranked, cell("US5AK5SI"), x, y)).toBeUndefined();
  });

  it("a cell of the same band and scale never supersedes (seams are resolved by merging)", () => {
    // on the PF/QF seam at 59.4° N both cells cover; they are equal in rank
    expect(supersedingCell(ranked, cell("US5AK5QF"), -1519170000, 594000000)).toBeUndefined();
  });
});

describe("areaCentroid", () => {
  it("of a square with a square hole is the area-weighted centre", () => {
    const outer = Int32Array.from([0, 0, 100, 0, 100, 100, 0, 100]);
    const hole = Int32Array.from([0, 0, 0, 50, 50, 50, 50, 0]);
    expect(areaCentroid([outer, hole])).toEqual({
      area: 7500,
      x: (10000 * 50 - 2500 * 25) / 7500,
      y: (10000 * 50 - 2500 * 25) / 7500,
    });
  });

  it("of every charted obstruction area equals the centroid of GDAL's polygon", () => {
    for (const name of ["US5AK5PF", "US4AK4PH"]) {
      const fx = new Map(gdalFixture(name).hazards.map((h) => [h.LNAM, h]));
      for (const h of cell(name).cell.hazards) {
        if (h.geometry.type !== "area") continue;
        const c = areaCentroid(areaRingsE7(h.geometry.area));
        const g = fx.get(h.lnam)?.centroid as number[];
        expect(c.x / 1e7).toBeCloseTo(g[0] as number, 8);
        expect(c.y / 1e7).toBeCloseTo(g[1] as number, 8);
      }
    }
  });
});

describe("mergeSeamDuplicates", () => {
  it("joins the foul area split by the PF/QF seam into one hazard in the larger part's cell", () => {
    const placed = ["US5AK5PF", "US5AK5QF"].flatMap((name) => {
      const c = cell(name);
      return c.cell.hazards.map((h) =>
        placeHazard(
          h,
          c.index,
          5,
          22000,
          h.geometry.type === "area" ? areaRingsE7(h.geometry.area) : undefined,
        ),
      );
    });
    const merged = mergeSeamDuplicates(placed);
    expect(merged).toHaveLength(placed.length - 1);
    const seam = merged.filter((m) => m.alsoIn.length > 0);
    expect(seam).toHaveLength(1);
    expect([seam[0]?.hazard.lnam, seam[0]?.cell, seam[0]?.alsoIn]).toEqual([
      "02261415DEE41CE4",
      cell("US5AK5PF").index,
      [cell("US5AK5QF").index],
    ]);
    // the merged position lies between the two parts' centroids, weighted to the larger (PF) part
    const parts = placed.filter((p) => ["02261415DEE41CE4", "022633D04CCC1CE4"].includes(p.hazard.lnam));
    const [pf, qf] = parts as [(typeof parts)[0], (typeof parts)[0]];
    expect(seam[0]?.y).toBeGreaterThan(pf.y);
    expect(seam[0]?.y).toBeLessThan((pf.y + qf.y) / 2);
  });

  it("joins two charts of one rock at the same place and keeps distinct rocks apart", () => {
    const rock = (lon: number, lat: number, lnam: string) => ({
      objectClass: "UWTROC" as const,
      lnam,
      valsou: 1.2,
      watlev: 3,
      category: null,
      expsou: null,
      quapos: null,
      objnam: null,
      geometry: { type: "point" as const, position: [lon, lat] },
    });
    const merged = mergeSeamDuplicates([
      placeHazard(rock(-151.8, 59.4, "A"), 0, 5, 22000),
      placeHazard(rock(-151.8000001, 59.4000001, "B"), 1, 5, 22000),
      placeHazard(rock(-151.8, 59.401, "C"), 1, 5, 22000),
    ]);
    expect(merged.map((m) => [m.hazard.lnam, m.alsoIn])).toEqual([
      ["A", [1]],
      ["C", []],
    ]);
  });
});
