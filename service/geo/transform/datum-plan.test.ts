import { describe, expect, it } from "vitest";
import type { GridOperation, HelmertOperation } from "../../../artifacts/format/crs-record.ts";
import { datumNode, planDatumShift } from "./datum-plan.ts";

const grid = (code: number, source: number, target: number, region: string): GridOperation => ({
  code,
  name: `op ${code}`,
  method: "NADCON5 (2D)",
  source,
  target,
  grid: `g${code}.tif`,
  region,
  accuracyMeters: null,
});
const GRIDS = [
  grid(8549, 4267, 4269, "alaska"),
  grid(8550, 4269, 4152, "alaska"),
  grid(8555, 4267, 4269, "conus"),
  grid(8556, 4269, 4152, "conus"),
  grid(8861, 4152, 8860, "conus"),
];
const HELMERT = [{ code: 10334, name: "h", source: 9990, target: 6318 } as HelmertOperation];
const all = () => true;

describe("datum planning", () => {
  it("reads WGS 84 as ITRF2020", () => {
    expect(datumNode(4326)).toBe(9990);
    expect(datumNode(4269)).toBe(4269);
  });
  it("chains a region's grids, inverse steps included", () => {
    const p = planDatumShift(GRIDS, HELMERT, all, "alaska", 4152, 4267);
    expect(p.ok && p.steps.map((s) => `${s.op.code}:${s.direction}`)).toEqual([
      "8550:inverse",
      "8549:inverse",
    ]);
  });
  it("never borrows another region's grids", () => {
    expect(planDatumShift(GRIDS, HELMERT, all, "alaska", 4152, 8860)).toEqual({
      ok: false,
      reason: "no_datum_operation",
    });
  });
  it("names the missing grids when only a chain through them exists", () => {
    const p = planDatumShift(GRIDS, HELMERT, (g) => g !== "g8861.tif", "conus", 4267, 8860);
    expect(p).toEqual({
      ok: false,
      reason: "grid_not_available",
      missingGrids: ["g8861.tif"],
      operations: [8861],
    });
  });
  it("uses Helmert edges anywhere, also outside every region", () => {
    const p = planDatumShift(GRIDS, HELMERT, all, null, 6318, 9990);
    expect(p.ok && p.steps.map((s) => `${s.kind}:${s.direction}`)).toEqual(["helmert:inverse"]);
  });
});
