// Hazards charted twice at a seam between two cells of the same band and scale: a point charted
// by both cells at the same place (within 1 m), or an area split along the cell border (the two
// parts share a border edge). Each group becomes one hazard: a point keeps the first cell's
// record; an area takes the centroid of all its parts and the cell holding the largest part, and
// keeps every part's outline (a search returns it when any part reaches into its circle).
import { type AreaCentroid, areaCentroid } from "./area-centroid.ts";
import type { Hazard } from "./enc-cell.ts";

/** A hazard that applies at its position, ready for the seam check. */
export interface PlacedHazard {
  hazard: Hazard;
  /** Rank index of its cell, and the band and scale of that cell. */
  cell: number;
  band: number;
  scale: number;
  /** Position (point) or centroid (area) in E7. */
  x: number;
  y: number;
  /** Areas only: E7 rings and area/centroid. */
  rings?: Int32Array[];
  shape?: AreaCentroid;
}

export interface MergedHazard extends PlacedHazard {
  /** Other cells (rank indexes) that chart the same object. */
  alsoIn: number[];
  /** Areas: the rings of each charted part (one part unless split at a seam); points: empty. */
  parts: Int32Array[][];
}

/** 1e-5 degree of latitude ≈ 1.1 m; points closer than this in both axes are one object. */
const POINT_TOLERANCE_E7 = 100;

const signature = (h: Hazard): string =>
  JSON.stringify([h.objectClass, h.valsou, h.watlev, h.category, h.objnam]);

function find(parent: number[], i: number): number {
  let r = i;
  while (parent[r] !== r) r = parent[r] as number;
  parent[i] = r;
  return r;
}

function exteriorEdges(ring: Int32Array): string[] {
  const out: string[] = [];
  const n = ring.length;
  for (let i = 0; i < n; i += 2) {
    const j = (i + 2) % n;
    const a = `${ring[i]},${ring[i + 1]}`;
    const b = `${ring[j]},${ring[j + 1]}`;
    out.push(a < b ? `${a};${b}` : `${b};${a}`);
  }
  return out;
}

/** Groups seam duplicates and returns one hazard per object, in input order of the group leaders. */
export function mergeSeamDuplicates(hazards: readonly PlacedHazard[]): MergedHazard[] {
  const parent = hazards.map((_, i) => i);
  const union = (i: number, j: number) => {
    const a = find(parent, i);
    const b = find(parent, j);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  };
  const byEdge = new Map<string, number[]>();
  const byPlace = new Map<string, number[]>();
  hazards.forEach((h, i) => {
    const key = `${signature(h.hazard)}|${h.band}|${h.scale}`;
    if (h.rings) {
      for (const e of exteriorEdges(h.rings[0] as Int32Array)) {
        const k = `${key}|${e}`;
        for (const j of byEdge.get(k) ?? []) if ((hazards[j] as PlacedHazard).cell !== h.cell) union(i, j);
        byEdge.set(k, [...(byEdge.get(k) ?? []), i]);
      }
      return;
    }
    const cx = Math.round(h.x / POINT_TOLERANCE_E7);
    const cy = Math.round(h.y / POINT_TOLERANCE_E7);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of byPlace.get(`${key}|${cx + dx},${cy + dy}`) ?? []) {
          const o = hazards[j] as PlacedHazard;
          if (
            o.cell !== h.cell &&
            Math.abs(o.x - h.x) <= POINT_TOLERANCE_E7 &&
            Math.abs(o.y - h.y) <= POINT_TOLERANCE_E7
          )
            union(i, j);
        }
      }
    }
    const k = `${key}|${cx},${cy}`;
    byPlace.set(k, [...(byPlace.get(k) ?? []), i]);
  });

  const groups = new Map<number, number[]>();
  hazards.forEach((_, i) => {
    const r = find(parent, i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  return [...groups.values()].map((members) => mergeGroup(members.map((i) => hazards[i] as PlacedHazard)));
}

function mergeGroup(parts: PlacedHazard[]): MergedHazard {
  const first = parts[0] as PlacedHazard;
  const outlines = parts.flatMap((p) => (p.rings ? [p.rings] : []));
  if (parts.length === 1) return { ...first, alsoIn: [], parts: outlines };
  if (!first.shape) {
    return {
      ...first,
      parts: [],
      alsoIn: [...new Set(parts.slice(1).map((p) => p.cell))].filter((c) => c !== first.cell),
    };
  }
  const largest = parts.reduce((a, b) => ((b.shape?.area ?? 0) > (a.shape?.area ?? 0) ? b : a));
  const total = parts.reduce((s, p) => s + (p.shape?.area ?? 0), 0);
  const x =
    total > 0 ? parts.reduce((s, p) => s + (p.shape?.area ?? 0) * (p.shape?.x ?? 0), 0) / total : largest.x;
  const y =
    total > 0 ? parts.reduce((s, p) => s + (p.shape?.area ?? 0) * (p.shape?.y ?? 0), 0) / total : largest.y;
  return {
    ...largest,
    x: Math.round(x),
    y: Math.round(y),
    parts: outlines,
    alsoIn: [...new Set(parts.map((p) => p.cell))].filter((c) => c !== largest.cell),
  };
}

/** A placed hazard from a cell hazard: its E7 position, or its rings and centroid. */
export function placeHazard(
  hazard: Hazard,
  cell: number,
  band: number,
  scale: number,
  rings?: Int32Array[],
): PlacedHazard {
  if (hazard.geometry.type === "point") {
    const [lon, lat] = hazard.geometry.position as [number, number];
    return { hazard, cell, band, scale, x: Math.round(lon * 1e7), y: Math.round(lat * 1e7) };
  }
  if (!rings) throw new RangeError("an area hazard needs its rings");
  const shape = areaCentroid(rings);
  return { hazard, cell, band, scale, x: Math.round(shape.x), y: Math.round(shape.y), rings, shape };
}
