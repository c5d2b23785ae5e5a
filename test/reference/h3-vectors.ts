// Readers for the uber/h3 test vectors in ../shared/testsuites/h3/inputfiles (test support):
// `*centers.txt` lines `<index> <lat> <lng>`, `*cells.txt` blocks `<index> { <lat> <lng> … }`.
import fs from "node:fs";
import path from "node:path";

export const H3_VECTORS_DIR = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "testsuites/h3/inputfiles",
);

export interface CenterVector {
  cell: string;
  lat: number;
  lng: number;
}

export function readCenterVectors(file: string): CenterVector[] {
  return fs
    .readFileSync(path.join(H3_VECTORS_DIR, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => {
      const [cell, lat, lng] = l.trim().split(/\s+/);
      return { cell: cell as string, lat: Number(lat), lng: Number(lng) };
    });
}

export interface BoundaryVector {
  cell: string;
  /** [lat, lng] vertices, not closed. */
  vertices: [number, number][];
}

export function readBoundaryVectors(file: string): BoundaryVector[] {
  const text = fs.readFileSync(path.join(H3_VECTORS_DIR, file), "utf8");
  const out: BoundaryVector[] = [];
  for (const m of text.matchAll(/([0-9a-f]{15})\s*\{([^}]*)\}/g)) {
    const nums = (m[2] as string).trim().split(/\s+/).map(Number);
    const vertices: [number, number][] = [];
    for (let i = 0; i + 1 < nums.length; i += 2) vertices.push([nums[i] as number, nums[i + 1] as number]);
    out.push({ cell: m[1] as string, vertices });
  }
  return out;
}

/** Longitude in −180..180 (the vectors carry some as 180..360, which our API refuses). */
export const normalizeLongitude = (lng: number): number =>
  lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng;
