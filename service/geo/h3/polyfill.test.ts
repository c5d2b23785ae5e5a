import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import {
  cellToBoundary,
  cellToLatLng,
  getRes0Cells,
  gridDisk,
  POLYGON_TO_CELLS_FLAGS,
  polygonToCellsExperimental,
  uncompactCells,
} from "h3-js";
import { describe, expect, it } from "vitest";
import type { PolygonRings, Position, Ring } from "../areal-geometry.ts";
import { INSIDE, locateInPolygon, preparePolygon } from "../pip/prepared-polygon.ts";
import { partsForH3 } from "./longitude-spans.ts";
import { mergePartsForH3 } from "./merge-parts.ts";
import type { Containment } from "./part-cells.ts";
import { polyfill } from "./polyfill.ts";
import { cellsCoveredByUnion } from "./union-cover.ts";

const shared = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../../shared");
const suite = JSON.parse(
  fs.readFileSync(path.join(shared, "testsuites/h3/polygon_to_cells_counts.json"), "utf8"),
) as {
  resolution: number;
  cases: { name: string; geojson: { coordinates: PolygonRings }; expected: Record<string, number> }[];
};
const MODES: Containment[] = ["center", "full", "overlapping"];
const FLAG: Record<Containment, string> = {
  center: POLYGON_TO_CELLS_FLAGS.containmentCenter,
  full: POLYGON_TO_CELLS_FLAGS.containmentFull,
  overlapping: POLYGON_TO_CELLS_FLAGS.containmentOverlapping,
};

const rectangle = (w: number, s: number, e: number, n: number): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

describe("polyfill: H3 conformance vectors (uber/h3 testPolygonToCellsExperimental)", () => {
  for (const c of suite.cases) {
    for (const mode of MODES) {
      it(`${c.name} at res ${suite.resolution}, ${mode}: ${c.expected[mode]} cells`, () => {
        expect(polyfill([c.geojson.coordinates], suite.resolution, mode)).toHaveLength(
          c.expected[mode] as number,
        );
      });
    }
    it(`${c.name}: the OVERLAPPING_BBOX count ${c.expected.overlappingBbox} (not a spec mode) holds in h3-js itself`, () => {
      const cells = polygonToCellsExperimental(
        c.geojson.coordinates,
        suite.resolution,
        POLYGON_TO_CELLS_FLAGS.containmentOverlappingBbox,
        true,
      );
      expect(cells).toHaveLength(c.expected.overlappingBbox as number);
    });
  }
});

describe("polyfill: antimeridian, poles, MultiPolygons", () => {
  it("a polygon cut at ±180 gives the cells H3 gives the uncut polygon that crosses the antimeridian", () => {
    const east = [rectangle(170, -10, 180, 10)];
    const west = [rectangle(-180, -10, -170, 10)];
    const crossing = [
      [
        [170, -10],
        [-170, -10],
        [-170, 10],
        [170, 10],
        [170, -10],
      ],
    ];
    for (const res of [2, 3, 4]) {
      for (const mode of MODES) {
        const h3Cells = polygonToCellsExperimental(crossing, res, FLAG[mode], true).sort();
        expect(polyfill([east, west], res, mode)).toEqual(h3Cells);
      }
    }
  });

  it("the halves of a polar cap give exactly the cells of the cap (brute force over all cells)", () => {
    const halves = [[rectangle(-180, 75, 0, 90)], [rectangle(0, 75, 180, 90)]];
    for (const res of [2, 3]) {
      const all = uncompactCells(getRes0Cells(), res);
      const above = (lat: number): boolean => lat > 75;
      const expected: Record<Containment, string[]> = {
        center: all.filter((c) => above(cellToLatLng(c)[0])),
        full: all.filter((c) => cellToBoundary(c).every(([lat]) => above(lat as number))),
        overlapping: all.filter(
          (c) => above(cellToLatLng(c)[0]) || cellToBoundary(c).some(([lat]) => above(lat as number)),
        ),
      };
      for (const mode of MODES) expect(polyfill(halves, res, mode)).toEqual(expected[mode].sort());
    }
  });

  it("an Antarctica-style ring with an edge along latitude -90 is cut in halves and covered correctly", () => {
    const ring: Ring = [
      [-180, -90],
      [-180, -70],
      [0, -70],
      [180, -70],
      [180, -90],
      [-180, -90],
    ];
    const parts = partsForH3([[ring]], ["$.geojson.coordinates"], "geojson");
    expect(parts).toHaveLength(2);
    const all = uncompactCells(getRes0Cells(), 2);
    const expected = all.filter((c) => cellToLatLng(c)[0] < -70).sort();
    expect(polyfill(parts, 2, "center")).toEqual(expected);
    const full = all.filter((c) => cellToBoundary(c).every(([lat]) => (lat as number) < -70)).sort();
    expect(polyfill(parts, 2, "full")).toEqual(full);
  });

  it("full: two parts sharing an edge cover the cells across that edge, like the whole polygon", () => {
    const whole = [rectangle(10, 40, 12, 41)];
    const halves = [[rectangle(10, 40, 11, 41)], [rectangle(11, 40, 12, 41)]];
    for (const res of [5, 6, 7]) {
      const alone = new Set([
        ...polyfill([halves[0] as PolygonRings], res, "full"),
        ...polyfill([halves[1] as PolygonRings], res, "full"),
      ]);
      const united = polyfill(halves, res, "full");
      expect(united).toEqual(polyfill([whole], res, "full"));
      expect(united.length).toBeGreaterThan(alone.size);
    }
  });

  it("overlapping parts give each cell once, sorted", () => {
    const cells = polyfill([[rectangle(0, 0, 2, 2)], [rectangle(1, 1, 3, 3)]], 5, "center");
    expect(new Set(cells).size).toBe(cells.length);
    expect([...cells].sort()).toEqual(cells);
  });

  it("a hole removes the cells whose centres fall in it", () => {
    const outer = rectangle(0, 0, 2, 2);
    const hole: Ring = [
      [0.5, 0.5],
      [0.5, 1.5],
      [1.5, 1.5],
      [1.5, 0.5],
      [0.5, 0.5],
    ];
    const withHole = polyfill([[outer, hole]], 6, "center");
    const holeCells = new Set(polyfill([[hole]], 6, "center"));
    expect(withHole.some((c) => holeCells.has(c))).toBe(false);
    expect(withHole.length + holeCells.size).toBe(polyfill([[outer]], 6, "center").length);
  });
});

describe("polyfill: the two ways of filling a multi-part polygon fully agree", () => {
  it("merged parts (one H3 call) give the same cells as per-part cells plus the seam test", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.array(fc.double({ min: 0.2, max: 1.5, noNaN: true }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 4, max: 5 }),
        (atSeam, lat, widths, res) => {
          // Adjacent lon/lat strips sharing edges; at the seam they run east from 178°, with
          // the part beyond 180° written west of −180° as RFC 7946 asks.
          let lon = atSeam ? 178 : 20;
          const parts: PolygonRings[] = [];
          for (const w of widths) {
            const east = lon + w;
            if (lon < 180 && east > 180) {
              parts.push([rectangle(lon, lat, 180, lat + 1)], [rectangle(-180, lat, east - 360, lat + 1)]);
            } else if (lon >= 180) parts.push([rectangle(lon - 360, lat, east - 360, lat + 1)]);
            else parts.push([rectangle(lon, lat, east, lat + 1)]);
            lon = east;
          }
          const perPart = new Set(parts.flatMap((p) => polyfill([p], res, "full")));
          for (const c of cellsCoveredByUnion(parts, res, perPart)) perPart.add(c);
          expect(polyfill(parts, res, "full")).toEqual([...perPart].sort());
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("polyfill: merging parts in a frame cut between them", () => {
  it("parts cut at ±180 merge into one polygon H3 reads across the antimeridian", () => {
    const merged = mergePartsForH3([
      [rectangle(170, 0, 180, 5)],
      [rectangle(-180, 0, -175, 5)],
      [rectangle(-175, 0, -170, 5)],
    ]);
    expect(merged).toHaveLength(1);
  });

  it("a merged polygon spanning 240° across ±180 is not handed to H3; the seam test gives the union's cells", () => {
    const parts: PolygonRings[] = [
      [rectangle(150, -20, 180, 20)],
      [rectangle(-180, -20, -120, 20)],
      [rectangle(-120, -20, 30, 20)],
    ];
    expect(mergePartsForH3(parts)).toBeNull();
    const perPart = new Set(parts.flatMap((p) => polyfill([p], 2, "full")));
    for (const c of cellsCoveredByUnion(parts, 2, perPart)) perPart.add(c);
    const united = polyfill(parts, 2, "full");
    expect(united).toEqual([...perPart].sort());
    expect(united.length).toBeGreaterThan(parts.flatMap((p) => polyfill([p], 2, "full")).length);
  });
});

describe("polyfill: property tests against an exact point-in-polygon", () => {
  it("center mode returns exactly the cells whose centres are inside, and full ⊆ center ⊆ overlapping", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.array(fc.double({ min: 0.3, max: 1, noNaN: true }), { minLength: 5, maxLength: 30 }),
        fc.boolean(),
        (lat, lon, radii, withHole) => {
          const star = (scale: number): Ring => {
            const ring: Ring = radii.map((r, i) => {
              const a = (2 * Math.PI * i) / radii.length;
              return [lon + scale * r * Math.cos(a), lat + scale * r * Math.sin(a)];
            });
            ring.push([...(ring[0] as Position)]);
            return ring;
          };
          const rings = withHole ? [star(1), star(0.25)] : [star(1)];
          const res = 5;
          const center = polyfill([rings], res, "center");
          const inside = (cell: string): boolean => {
            const [cLat, cLon] = cellToLatLng(cell);
            return locateInPolygon(preparePolygon([rings]), cLon, cLat) === INSIDE;
          };
          expect(center.every(inside)).toBe(true);
          const chosen = new Set(center);
          const around = new Set(center.flatMap((c) => gridDisk(c, 1)));
          for (const c of polyfill([rings], res, "overlapping")) around.add(c);
          for (const c of around) if (!chosen.has(c)) expect(inside(c)).toBe(false);
          const overlapping = new Set(polyfill([rings], res, "overlapping"));
          expect(center.every((c) => overlapping.has(c))).toBe(true);
          expect(polyfill([rings], res, "full").every((c) => chosen.has(c))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
