// EPSG:4326 position checks shared by every route: longitude −180..180, latitude −90..90,
// refused (never normalised) with the field and the path of the offending value.
import { ApiError } from "../errors.ts";

export type Position = [number, number] | [number, number, number];

/** Throws coordinate_out_of_range (or invalid_field for non-finite values). `(lon, lat)` order. */
export function assertLonLat(lon: number, lat: number, where: { field: string; path: string }): void {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) {
    throw new ApiError("invalid_field", {
      ...where,
      reason: "longitude and latitude must be finite numbers",
    });
  }
  if (lon < -180 || lon > 180)
    throw new ApiError("coordinate_out_of_range", { ...where, axis: "longitude", value: lon });
  if (lat < -90 || lat > 90)
    throw new ApiError("coordinate_out_of_range", { ...where, axis: "latitude", value: lat });
}
