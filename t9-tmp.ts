import * as pc from "polyclip-ts";
import * as shapefile from "shapefile";
import { buffer } from "./service/geo/geometry/buffer.ts";

const src = await shapefile.open("/work/shared/data/census/county-5m-2024/cb_2024_us_county_5m.shp");
const all: any[] = [];
for (let r = await src.read(); !r.done; r = await src.read())
  if (r.value.geometry.type === "Polygon") all.push(r.value);
const big = all.find((c) => c.properties.GEOID === "02185");
const a = all.find((c) => c.properties.GEOID === "23031"),
  b = all.find((c) => c.properties.GEOID === "23017");
let t0 = performance.now();
try {
  pc.union(a.geometry.coordinates, b.geometry.coordinates);
  console.log("exact union ok", performance.now() - t0);
} catch (e) {
  console.log("exact union threw", performance.now() - t0);
}
t0 = performance.now();
const r = buffer({ geojson: big.geometry, distance: 1000 });
console.log("buffer", performance.now() - t0, r.notes);
