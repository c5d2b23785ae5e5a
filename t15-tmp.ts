import { crossingCandidates } from "./service/geo/geometry/crossing-budget.ts";
import { doubledPath } from "./service/geo/geometry/offset-curves.ts";
import { planarBuffer } from "./service/geo/geometry/planar-buffer.ts";
import { localPlane } from "./service/geo/geometry/local-plane.ts";
import * as shapefile from "shapefile";
const P = localPlane(0, 0);
for (const n of [10, 20]) {
  const line = Array.from({ length: n }, (_, i) => P.forward((i % 2 ? 20 : -20) + i * 1e-4, i % 4 < 2 ? -60 : 60));
  // follow roughly: insert 50 points per edge
  const dense: [number, number][] = [];
  for (let i = 0; i + 1 < line.length; i++) for (let k = 0; k < 50; k++) dense.push([line[i]![0] + (line[i + 1]![0] - line[i]![0]) * k / 50, line[i]![1] + (line[i + 1]![1] - line[i]![1]) * k / 50]);
  const curve = doubledPath(dense, 1, 24);
  const c = crossingCandidates([curve], 1e9);
  const t0 = performance.now(); planarBuffer({ points: [], paths: [dense], polygons: [] }, 1, 24); console.log(n, curve.length, c, (performance.now() - t0).toFixed(0), "ms");
}
const src = await shapefile.open("/work/shared/data/census/county-5m-2024/cb_2024_us_county_5m.shp");
for (let r = await src.read(); !r.done; r = await src.read()) if (r.value.properties?.GEOID === "02185") {
  const ring = (r.value.geometry as any).coordinates[0].map(([x, y]: number[]) => P.forward(x!, y!));
  const Q = localPlane(-155, 70); const ring2 = (r.value.geometry as any).coordinates[0].map(([x, y]: number[]) => Q.forward(x!, y!));
  const c = crossingCandidates([doubledPath(ring2, 1000, 24)], 1e9); console.log("county 02185 doubled", c);
}
