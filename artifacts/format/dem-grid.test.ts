import geographiclib from "geographiclib-geodesic";
import { describe, expect, it } from "vitest";
import { edgePhase, pixelSizeMeters, toPixel } from "./dem-grid.ts";

const { Geodesic } = geographiclib;

describe("DEM grid", () => {
  it("pixel sizes equal GeographicLib distances over one 3″ pixel at 59.65N", () => {
    const lat = 59.65;
    const h = 1 / 2400;
    const size = pixelSizeMeters(lat, 1 / 1200, 1 / 1200);
    expect(size.latitude).toBeCloseTo(Geodesic.WGS84.Inverse(lat - h, -150, lat + h, -150).s12 as number, 4);
    expect(size.longitude).toBeCloseTo(Geodesic.WGS84.Inverse(lat, -150 - h, lat, -150 + h).s12 as number, 4);
  });
  it("phases fold into (-0.5, 0.5] and snap edges and centres within 1e-9 pixel", () => {
    expect(edgePhase(29 - 1 / 2400, 1200)).toBe(0.5);
    expect(edgePhase(30.71, 3600)).toBe(0);
    const grid = { ppdX: 1200, ppdY: 1200, phaseX: 0.5, phaseY: 0.5 };
    expect(toPixel(grid, -151 + 1e-14, 60)).toEqual({ x: 34799.5, y: 35999.5 });
  });
});
