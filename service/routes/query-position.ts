// The `lat` and `lon` query parameters of the point routes (timezone, census, elevation, marine),
// checked once: the parameter at fault is named, and the path of a query parameter is its name.
import { assertLonLat } from "../geo/position.ts";

export function queryLonLat(query: { lon: number; lat: number }): { lon: number; lat: number } {
  const { lon, lat } = query;
  assertLonLat(lon, 0, { field: "lon", path: "lon" });
  assertLonLat(0, lat, { field: "lat", path: "lat" });
  return { lon, lat };
}
