// A NADCON5 horizontal shift grid as the transform reads it: node lattice geometry plus
// random access to the node values, tile by tile. Offsets are arc-seconds, longitude positive east.

export interface ShiftGridHeader {
  /** PROJ-data file name, e.g. `us_noaa_nadcon5_nad27_nad83_1986_alaska.tif`. */
  name: string;
  /** Longitude / latitude of the south-west node, degrees (longitudes may exceed 180: Alaska runs 172..232). */
  west: number;
  south: number;
  /** Node spacing, degrees. */
  resX: number;
  resY: number;
  /** Node counts. */
  width: number;
  height: number;
  /** Tiles are tileSize × tileSize nodes; tile (tx, ty) holds columns tx·T.. and rows ty·T.. (rows from the south). */
  tileSize: number;
}

/** Nodes of one tile: row-major from its south-west node, interleaved [latOffset, lonOffset] in arc-seconds. */
export type Tile = Float32Array;

export const tilesAcross = (h: ShiftGridHeader): number => Math.ceil(h.width / h.tileSize);
export const tileId = (h: ShiftGridHeader, tx: number, ty: number): number => ty * tilesAcross(h) + tx;

/** Node-extent rectangle (closed), degrees: west, south, east, north. */
export function nodeExtent(h: ShiftGridHeader): [number, number, number, number] {
  return [h.west, h.south, h.west + (h.width - 1) * h.resX, h.south + (h.height - 1) * h.resY];
}
