// Legal worst-case inputs from issue 16, inside every published limit: the compute-pool tests
// and the execution benchmark load the service with them.
import fs from "node:fs";
import path from "node:path";
import { SHARED } from "../conformance/shared-data.ts";

type Ring = [number, number][];

/** A comb of `teeth` teeth along one axis (2·teeth + 3 positions), closed; `across` swaps the axes. */
function comb(teeth: number, across: boolean): Ring {
  const ring: Ring = [];
  const at = (u: number, v: number): [number, number] => (across ? [-100 + v, 40 + u] : [-100 + u, 40 + v]);
  const step = 1 / teeth;
  ring.push(at(0, -0.05));
  for (let i = 0; i < teeth; i++) {
    ring.push(at(i * step, 1));
    ring.push(at((i + 0.5) * step, 0.02));
  }
  ring.push(at(1, 1));
  ring.push(at(1, -0.05));
  ring.push(at(0, -0.05));
  return ring;
}

/** Union of two crossing 990-vertex sawtooth polygons (about 25 KB): 85 s of CPU in issue 16. */
export function sawtoothUnion(): { geojson: unknown } {
  const feature = (ring: Ring) => ({
    type: "Feature",
    properties: {},
    geometry: { type: "Polygon", coordinates: [ring] },
  });
  return {
    geojson: {
      type: "FeatureCollection",
      features: [feature(comb(494, false)), feature(comb(494, true))],
    },
  };
}

/** A 200-point MultiPoint grid buffered with steps 128 and distance 100 m (hung 9 minutes in issue 16). */
export function multipointGridBuffer(): { geojson: unknown; distance: number; steps: number } {
  const coordinates: [number, number][] = [];
  for (let i = 0; i < 200; i++) coordinates.push([-150 + (i % 20) * 0.001, 61 + Math.floor(i / 20) * 0.001]);
  return { geojson: { type: "MultiPoint", coordinates }, distance: 100, steps: 128 };
}

/**
 * The slowest legal buffer measured once the geometry kernels moved to GEOS (issue 16.5): the
 * 1,776-position South Dakota outline (its largest ring) (Census 2024, real data) buffered 1,000 km with steps 128,
 * about 0.8 s of CPU on the 2-core machine. The MultiPoint repro above now finishes in about
 * 130 ms, too short to hold a worker while a test disconnects or saturates the pool.
 */
export function stateOutlineBuffer(): { geojson: unknown; distance: number; steps: number } {
  const file = path.join(
    SHARED,
    "data/census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson",
  );
  const states = JSON.parse(fs.readFileSync(file, "utf8")) as {
    features: { properties: { name: string }; geometry: { type: string; coordinates: unknown } }[];
  };
  const sd = states.features.find((f) => f.properties.name === "South Dakota");
  if (!sd) throw new Error(`South Dakota not found in ${file}`);
  const polygons = (sd.geometry.type === "Polygon" ? [sd.geometry.coordinates] : sd.geometry.coordinates) as [
    number,
    number,
  ][][][];
  const rings = polygons.map((p) => p[0] ?? []);
  const outer = rings.reduce((a, b) => (b.length > a.length ? b : a));
  return { geojson: { type: "Polygon", coordinates: [outer] }, distance: 1_000_000, steps: 128 };
}
