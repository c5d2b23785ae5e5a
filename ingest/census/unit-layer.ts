// One layer of units (states, counties or districts) with a coarse grid over the bounding boxes
// of their polygons, answering "which unit contains this point" and "which unit is nearest".
import type { CensusUnit } from "./census-units.ts";
import { PartIndex } from "./part-index.ts";

const GRID_DEGREES = 0.5;
const COLUMNS = 360 / GRID_DEGREES;
const ROWS = 180 / GRID_DEGREES;

interface LayerPart {
  unit: number;
  index: PartIndex;
}

const column = (lon: number): number =>
  Math.min(COLUMNS - 1, Math.max(0, Math.floor((lon + 180) / GRID_DEGREES)));
const row = (lat: number): number => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / GRID_DEGREES)));

export class UnitLayer<U extends CensusUnit = CensusUnit> {
  readonly units: readonly U[];
  readonly #parts: LayerPart[] = [];
  readonly #grid = new Map<number, number[]>();
  readonly #byState = new Map<string, number[]>();
  readonly #unitParts: number[][] = [];

  constructor(units: readonly U[]) {
    this.units = units;
    units.forEach((unit, u) => {
      const list = this.#byState.get(unit.stateCode) ?? [];
      list.push(u);
      this.#byState.set(unit.stateCode, list);
      const own: number[] = [];
      this.#unitParts.push(own);
      for (const rings of unit.polygons) {
        const index = new PartIndex(rings);
        const p = this.#parts.push({ unit: u, index }) - 1;
        own.push(p);
        const b = index.bbox;
        for (let r = row(b.minLat); r <= row(b.maxLat); r++) {
          for (let c = column(b.minLon); c <= column(b.maxLon); c++) {
            const key = r * COLUMNS + c;
            const cell = this.#grid.get(key);
            if (cell) cell.push(p);
            else this.#grid.set(key, [p]);
          }
        }
      }
    });
  }

  /** Units (indices) of one state, in GEOID order. */
  unitsOfState(stateCode: string): readonly number[] {
    return this.#byState.get(stateCode) ?? [];
  }

  /** Every polygon part with its unit, for boundary tracing. */
  parts(): readonly { unit: number; index: PartIndex }[] {
    return this.#parts;
  }

  /** The unit containing (lon, lat), optionally only among one state's units; -1 when none. */
  unitAt(lon: number, lat: number, stateCode?: string): number {
    const list = this.#grid.get(row(lat) * COLUMNS + column(lon));
    if (!list) return -1;
    for (const p of list) {
      const part = this.#parts[p]!;
      if (stateCode !== undefined && this.units[part.unit]!.stateCode !== stateCode) continue;
      if (part.index.contains(lon, lat)) return part.unit;
    }
    return -1;
  }

  /** The unit of `stateCode` whose boundary is nearest to (lon, lat); -1 when the state has none. */
  nearestUnit(lon: number, lat: number, stateCode: string): number {
    let best = -1;
    let bestDistance = Infinity;
    for (const u of this.unitsOfState(stateCode)) {
      for (const p of this.#unitParts[u]!) {
        const d = this.#parts[p]!.index.distanceMetres(lon, lat);
        if (d < bestDistance) {
          bestDistance = d;
          best = u;
        }
      }
    }
    return best;
  }
}
