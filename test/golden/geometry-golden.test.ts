// Golden answers of the geometry kernels (turf's habit): each test/fixtures/<kernel>/in/<case>.geojson
// goes through the kernel and the answer is compared with test/fixtures/<kernel>/out/<case>.json.
// `GOLDEN_UPDATE=1 npx vitest run test/golden` rewrites the outputs from the kernels (never typed by
// hand; review the diff before committing). An input's root `options` member holds the kernel's
// other request members (distance, tolerance, edges, …).
// Where the kernel tests already check against a reference, so do the goldens: areas against
// GeographicLib's PolygonArea, point-buffer vertices against GeographicLib's inverse.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import geographiclib from "geographiclib-geodesic";
import { describe, expect, it } from "vitest";
import { area } from "../../service/geo/geometry/area.ts";
import { bbox } from "../../service/geo/geometry/bbox.ts";
import { buffer } from "../../service/geo/geometry/buffer.ts";
import { centroid } from "../../service/geo/geometry/centroid.ts";
import type { Position } from "../../service/geo/geometry/geojson-input.ts";
import { overlay } from "../../service/geo/geometry/overlay.ts";
import { simplify } from "../../service/geo/geometry/simplify.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");
const UPDATE = process.env.GOLDEN_UPDATE === "1";
const { Geodesic } = geographiclib;

type Body = { geojson: unknown } & Record<string, unknown>;
const KERNELS: Record<string, (body: Body) => object> = {
  area: (b) => area(b),
  bbox: (b) => bbox(b),
  buffer: (b) => buffer(b as Body & { distance: number }),
  centroid: (b) => centroid(b),
  simplify: (b) => simplify(b),
  union: (b) => overlay("union", b),
  intersect: (b) => overlay("intersect", b),
  difference: (b) => overlay("difference", b),
};

interface Case {
  name: string;
  body: Body;
  answer: Record<string, unknown>;
}

function casesOf(kernel: string): Case[] {
  const dir = path.join(FIXTURES, kernel);
  return readdirSync(path.join(dir, "in"))
    .filter((f) => f.endsWith(".geojson"))
    .sort()
    .map((file) => {
      const { options, ...geojson } = JSON.parse(readFileSync(path.join(dir, "in", file), "utf8"));
      const body = { geojson, ...options };
      const answer = JSON.parse(JSON.stringify(KERNELS[kernel]?.(body)));
      return { name: file.replace(/\.geojson$/, ""), body, answer };
    });
}

const geodesicRingArea = (ring: Position[]): number => {
  const p = Geodesic.WGS84.Polygon(false);
  for (const q of ring.slice(0, -1)) p.AddPoint(q[1], q[0]);
  return Math.abs(p.Compute(false, true).area ?? Number.NaN);
};

/** Exterior minus holes of the fixture's one polygon, geodesic edges (GeographicLib). */
function referenceArea(geojson: unknown): number {
  const g = geojson as { geometry?: { coordinates: Position[][] }; coordinates?: Position[][] };
  const [outer, ...holes] = (g.geometry ?? g).coordinates as Position[][];
  return geodesicRingArea(outer as Position[]) - holes.reduce((s, h) => s + geodesicRingArea(h), 0);
}

describe("geometry kernels: golden answers", () => {
  for (const kernel of Object.keys(KERNELS)) {
    describe(kernel, () => {
      const cases = casesOf(kernel);
      it("has fixtures", () => expect(cases.length).toBeGreaterThan(0));
      for (const c of cases) {
        it(`${c.name}: answers as recorded in out/${c.name}.json`, () => {
          const file = path.join(FIXTURES, kernel, "out", `${c.name}.json`);
          if (UPDATE || !existsSync(file)) {
            if (!UPDATE) throw new Error(`${file} is missing: run with GOLDEN_UPDATE=1 to record it`);
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, `${JSON.stringify(c.answer, null, 2)}\n`);
          }
          expect(c.answer).toEqual(JSON.parse(readFileSync(file, "utf8")));
        });
      }
    });
  }

  it("area answers agree with GeographicLib: exactly for geodesic edges, within the spec's 5e-3 % for straight ones", () => {
    for (const c of casesOf("area")) {
      const ours = c.answer.areaSquareMeters as number;
      const reference = referenceArea(c.body.geojson);
      const bound = c.answer.edges === "geodesic" ? 1e-12 : 5e-5;
      expect(Math.abs(ours - reference) / reference, c.name).toBeLessThan(bound);
    }
  });

  it("point buffers: every vertex lies at the distance from the point by GeographicLib, within the spec's 0.08 % at 60°", () => {
    for (const c of casesOf("buffer")) {
      const input = c.body.geojson as { type: string; coordinates: Position };
      if (input.type !== "Point") continue;
      const [lon, lat] = input.coordinates as [number, number];
      const geojson = c.answer.geojson as { geometry: { coordinates: Position[][] } };
      const distance = c.body.distance as number;
      const ring = geojson.geometry.coordinates[0] as Position[];
      expect(ring.length).toBeGreaterThan(4);
      for (const v of ring) {
        const s = Geodesic.WGS84.Inverse(lat, lon, v[1] as number, v[0] as number).s12 as number;
        expect(Math.abs(s - distance) / distance, c.name).toBeLessThan(0.0008);
      }
    }
  });
});
