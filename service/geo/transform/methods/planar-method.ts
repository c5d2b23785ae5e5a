// The arithmetic of one projection method, without domain checks or units: degrees ↔ metres.

export interface PlanarMethod {
  /** Longitude, latitude in degrees → easting, northing in metres (undefined when it cannot). */
  forward(lon: number, lat: number): [number, number] | undefined;
  /** Easting, northing in metres → longitude, latitude in degrees (undefined when it cannot). */
  inverse(x: number, y: number): [number, number] | undefined;
  /** forward() writing easting, northing to out[at], out[at + 1] without allocating; false when it cannot. */
  forwardInto?(lon: number, lat: number, out: Float64Array, at: number): boolean;
  /** inverse() writing longitude, latitude to lon[at], lat[at] without allocating; false when it cannot. */
  inverseInto?(x: number, y: number, lon: Float64Array, lat: Float64Array, at: number): boolean;
}
