// The arithmetic of one projection method, without domain checks or units: degrees ↔ metres.

export interface PlanarMethod {
  /** Longitude, latitude in degrees → easting, northing in metres (undefined when it cannot). */
  forward(lon: number, lat: number): [number, number] | undefined;
  /** Easting, northing in metres → longitude, latitude in degrees (undefined when it cannot). */
  inverse(x: number, y: number): [number, number] | undefined;
}
