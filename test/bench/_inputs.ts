// Inputs the CPU benches share: a simple ring of any size, and revision B transform dependencies
// opened from the built artifacts (crs and datum-grids).
import path from "node:path";
import { openFamilies } from "../../service/data/families.ts";
import { DataRegistry } from "../../service/data/registry.ts";
import { crsOpener, datumGridsOpener } from "../../service/data/transform-families.ts";
import type { TransformDeps } from "../../service/geo/transform/transform-deps.ts";
import { random } from "./_random.ts";

/** A closed, simple ring of n positions (n − 1 distinct) about (lon, lat), radius in degrees. */
export function ring(n: number, lon: number, lat: number, radius: number, seed: number): number[][] {
  const rnd = random(seed);
  const out: number[][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    const r = radius * (0.8 + 0.15 * Math.sin(7 * a) + 0.05 * rnd());
    out.push([lon + r * Math.cos(a), lat + r * Math.sin(a)]);
  }
  out.push([...(out[0] as number[])]);
  return out;
}

/** Revision B transform dependencies from the built artifacts (throws when they are not built). */
export async function transformDeps(): Promise<TransformDeps> {
  const data = new DataRegistry();
  const states = await openFamilies(path.resolve(import.meta.dirname, "../../artifacts"), data, [
    crsOpener,
    datumGridsOpener,
  ]);
  for (const s of states)
    if (s.state !== "ready") throw new Error(`${s.family}: ${s.reason} (run make artifacts)`);
  return {
    registry: data.require("crs").value,
    grids: data.require("datum-grids").value,
    revision: "B",
    versions: {},
  };
}

/** n NAD27 positions over Alaska, where NAD27 → NAD83(2011) runs the 4-grid NADCON5 chain. */
export function alaskaPositions(n: number): number[][] {
  const rnd = random(7);
  return Array.from({ length: n }, () => [-165 + 23 * rnd(), 56 + 14 * rnd()]);
}
