// Reads a geo-tz data product (e.g. timezones): `<product>.index.json` is a quadtree over
// [-179.9999, 179.9999] × [-89.9999, 89.9999] whose children a (NE), b (NW), c (SW), d (SE) are
// either an array of zone indexes (the whole quad lies in those zones), an object {pos, len}
// (a geobuf FeatureCollection at that byte range of `<product>.geo.dat`, the zones' pieces
// clipped to the quad), another quad, or absent (open water).
import { readFileSync } from "node:fs";
import { decode } from "geobuf";
import { PbfReader } from "pbf";
import { polygonsOf, type ZoneLeaf, type ZonePiece, type ZoneSource } from "./zone-piece.ts";

type QuadNode = number[] | { pos: number; len: number } | { [quad: string]: QuadNode };

interface Bounds {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const EDGE_LAT = 89.9999;
const EDGE_LON = 179.9999;

interface Leaf {
  node: number[] | { pos: number; len: number };
  bounds: Bounds;
}

/** Opens a geo-tz product from its index JSON and geo.dat files. */
export function readGeoTzProduct(indexFile: string, dataFile: string): ZoneSource {
  const index = JSON.parse(readFileSync(indexFile, "utf8")) as { timezones?: unknown; lookup?: unknown };
  if (!Array.isArray(index.timezones) || typeof index.lookup !== "object" || index.lookup === null) {
    throw new Error(`${indexFile} is not a geo-tz index (needs "timezones" and "lookup")`);
  }
  const zones = index.timezones as string[];
  const data = readFileSync(dataFile);
  const leaves: Leaf[] = [];
  walk(
    index.lookup as QuadNode,
    { top: EDGE_LAT, bottom: -EDGE_LAT, left: -EDGE_LON, right: EDGE_LON },
    0,
    0,
    leaves,
  );
  return {
    zones,
    leafCount: leaves.length,
    *leaves(): Iterable<ZoneLeaf> {
      for (const leaf of leaves) {
        if (Array.isArray(leaf.node)) {
          const zone = zones[leaf.node[0]!];
          if (zone === undefined)
            throw new Error(`geo-tz index names zone ${leaf.node[0]} of ${zones.length}`);
          yield { kind: "area", tzid: zone, polygon: [rectangle(leaf.bounds)] };
          continue;
        }
        const { pos, len } = leaf.node;
        if (pos + len > data.length)
          throw new Error(`geo-tz index points past the end of ${dataFile} (${pos}+${len})`);
        const collection = decode(new PbfReader(data.subarray(pos, pos + len))) as {
          features?: { properties?: { tzid?: unknown }; geometry?: unknown }[];
        };
        const pieces: ZonePiece[] = [];
        for (const feature of collection.features ?? []) {
          const tzid = feature.properties?.tzid;
          const polygons = polygonsOf(feature.geometry);
          if (typeof tzid !== "string" || !polygons)
            throw new Error(`geo-tz piece at ${pos} has a feature without tzid or polygon geometry`);
          for (const polygon of polygons) pieces.push({ tzid, polygon });
        }
        yield { kind: "clipped", bounds: [rectangle(leaf.bounds)], pieces };
      }
    },
  };
}

/** Depth-first in the order a, b, c, d with geo-tz's own quad arithmetic. */
function walk(node: QuadNode, bounds: Bounds, midLat: number, midLon: number, out: Leaf[]): void {
  const quads: [string, Bounds][] = [
    ["a", { ...bounds, bottom: midLat, left: midLon }],
    ["b", { ...bounds, bottom: midLat, right: midLon }],
    ["c", { ...bounds, top: midLat, right: midLon }],
    ["d", { ...bounds, top: midLat, left: midLon }],
  ];
  for (const [key, b] of quads) {
    const child = (node as Record<string, QuadNode | undefined>)[key];
    if (child === undefined) continue;
    if (
      Array.isArray(child) ||
      (typeof (child as { pos?: unknown }).pos === "number" &&
        typeof (child as { len?: unknown }).len === "number")
    ) {
      out.push({ node: child as Leaf["node"], bounds: b });
    } else {
      walk(child, b, (b.top + b.bottom) / 2, (b.left + b.right) / 2, out);
    }
  }
}

/** The quad as a closed ring; quads on the outer edge reach the poles and ±180 (geo-tz clamps points there). */
function rectangle(b: Bounds): number[][] {
  const top = b.top === EDGE_LAT ? 90 : b.top;
  const bottom = b.bottom === -EDGE_LAT ? -90 : b.bottom;
  const left = b.left === -EDGE_LON ? -180 : b.left;
  const right = b.right === EDGE_LON ? 180 : b.right;
  return [
    [left, bottom],
    [right, bottom],
    [right, top],
    [left, top],
    [left, bottom],
  ];
}
