import * as h3 from "h3-js";
import { cellAreaKm2, angleToNearestFace, toVec3, RESOLUTION_SIZES } from "./service/geo/h3/cell-size-bounds.ts";
let worst = 2;
for (const res of [12, 13, 14, 15]) for (const s of [1, -1]) for (let k = 3; k <= 12; k++) for (let lon = -180; lon <= 180; lon += 7.5) {
  const c = h3.latLngToCell(s * (90 - 10 ** -k), lon, res);
  for (const x of h3.gridDisk(c, 3)) { const [la, lo] = h3.cellToLatLng(x);
    const r = cellAreaKm2(x) / Math.cos(angleToNearestFace(toVec3(lo, la))) ** 3 / RESOLUTION_SIZES[res]!.faceCellAreaKm2; if (r < worst) { worst = r; console.log(res, s, k, lon, r.toFixed(5)); } }
}
// antimeridian at equator res 15
for (let lat = -80; lat <= 80; lat += 0.5) for (const lon of [180, -180, 179.99999999]) { const c = h3.latLngToCell(lat, lon, 15); const [la, lo] = h3.cellToLatLng(c);
  const r = cellAreaKm2(c) / Math.cos(angleToNearestFace(toVec3(lo, la))) ** 3 / RESOLUTION_SIZES[15]!.faceCellAreaKm2; if (r < worst) { worst = r; console.log("am", lat, lon, r.toFixed(5)); } }
console.log("worst", worst);
