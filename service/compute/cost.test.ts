import { describe, expect, it } from "vitest";
import { CATALOG } from "../catalog.ts";
import type { CatalogEntry } from "../route-types.ts";
import { countPositions, estimateCost } from "./cost.ts";

const entry = (path: string) => CATALOG.find((e) => e.path === path) as CatalogEntry;
const points = (n: number) => Array.from({ length: n }, (_, i) => [i * 1e-3, 0]);

describe("cost estimates", () => {
  it("counts positions anywhere in a body", () => {
    expect(countPositions({ geojson: { type: "Polygon", coordinates: [points(5)] }, other: [[1, 2]] })).toBe(
      6,
    );
    expect(countPositions("not a body")).toBe(0);
  });

  it("a point's buffer is light, a large buffer heavy with a floor of positions × steps", () => {
    const buffer = entry("/v1/geometry/buffer");
    expect(estimateCost(buffer, { geojson: { type: "Point", coordinates: [0, 0] }, steps: 128 }).lane).toBe(
      "light",
    );
    const big = estimateCost(buffer, {
      geojson: { type: "MultiPoint", coordinates: points(2000) },
      steps: 128,
    });
    expect(big).toEqual({ lane: "heavy", floorMs: 256 });
    // Without steps, the schema's default (24).
    expect(estimateCost(buffer, { geojson: { type: "MultiPoint", coordinates: points(1000) } }).floorMs).toBe(
      24,
    );
  });

  it("overlays are light only when their segment pairs are few, and have no floor", () => {
    const union = entry("/v1/geometry/union");
    expect(estimateCost(union, { geojson: points(20) })).toEqual({ lane: "light" });
    expect(estimateCost(union, { geojson: points(2000) })).toEqual({ lane: "heavy" });
  });

  it("position-proportional routes are light up to 2,000 positions; polyfill is always heavy", () => {
    expect(estimateCost(entry("/v1/geometry/bbox"), { geojson: points(2000) }).lane).toBe("light");
    expect(estimateCost(entry("/v1/geometry/area"), { geojson: points(2001) }).lane).toBe("heavy");
    expect(estimateCost(entry("/v1/h3/polyfill"), { geojson: points(4) }).lane).toBe("heavy");
  });
});
