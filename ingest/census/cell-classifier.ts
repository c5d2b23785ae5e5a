// What one H3 cell answers: the state, county and district at its centre; near boundaries, the
// units holding most of its corners; as a last resort, the nearest unit of the state.
import { cellToBoundary, cellToLatLng } from "h3-js";
import { NEAR_COUNTY, NEAR_DISTRICT } from "./boundary-proximity.ts";
import type { CensusUnit, DistrictUnit, StateUnit } from "./census-units.ts";
import type { UnitLayer } from "./unit-layer.ts";

export interface CensusLayers {
  states: UnitLayer<StateUnit>;
  counties: UnitLayer<CensusUnit>;
  districts: UnitLayer<DistrictUnit>;
}

/** Unit indices (into each layer) that one cell answers. */
export interface CellUnits {
  state: number;
  county: number;
  district: number;
  /**
   * NEAR_COUNTY | NEAR_DISTRICT of the answers not found at the cell's centre (corner vote,
   * nearest unit, outline state): the outlines do not put the centre there, so never certain.
   */
  inferred: number;
}

/** How many cells needed each fallback (reported in the build log and the manifest). */
export interface FallbackCounts {
  stateByCorners: number;
  stateByOutline: number;
  countyByCorners: number;
  countyNearest: number;
  districtByCorners: number;
  districtNearest: number;
}

type Corners = [number, number][];

/** Index of the unit most corners fall in (ties: lowest index), or -1. */
function majority(corners: Corners, at: (lat: number, lon: number) => number): number {
  const votes = new Map<number, number>();
  for (const [lat, lon] of corners) {
    const u = at(lat, lon);
    if (u >= 0) votes.set(u, (votes.get(u) ?? 0) + 1);
  }
  let best = -1;
  let bestVotes = 0;
  for (const [u, v] of votes) {
    if (v > bestVotes || (v === bestVotes && u < best)) {
      best = u;
      bestVotes = v;
    }
  }
  return best;
}

export class CellClassifier {
  readonly layers: CensusLayers;
  readonly fallbacks: FallbackCounts = {
    stateByCorners: 0,
    stateByOutline: 0,
    countyByCorners: 0,
    countyNearest: 0,
    districtByCorners: 0,
    districtNearest: 0,
  };

  constructor(layers: CensusLayers) {
    this.layers = layers;
  }

  /**
   * The units of `cell`. `nearBoundary` allows the corner vote (the cell is crossed by an
   * outline); `outlineState` is a state whose outline enters the cell (or -1).
   */
  classify(cell: string, nearBoundary: boolean, outlineState = -1): CellUnits | null {
    const [lat, lon] = cellToLatLng(cell);
    const { states, counties, districts } = this.layers;
    let corners: Corners | undefined;
    const cornersOf = (): Corners => {
      corners ??= cellToBoundary(cell) as Corners;
      return corners;
    };
    let inferred = 0;
    let state = states.unitAt(lon, lat);
    if (state < 0 && nearBoundary) {
      inferred = NEAR_COUNTY | NEAR_DISTRICT;
      state = majority(cornersOf(), (a, o) => states.unitAt(o, a));
      if (state >= 0) this.fallbacks.stateByCorners++;
      else if (outlineState >= 0) {
        state = outlineState;
        this.fallbacks.stateByOutline++;
      }
    }
    if (state < 0) return null;
    const code = states.units[state]!.stateCode;
    const pick = (
      layer: UnitLayer,
      corner: keyof FallbackCounts,
      nearest: keyof FallbackCounts,
      bit: number,
    ): number => {
      const u = layer.unitAt(lon, lat, code);
      if (u >= 0) return u;
      inferred |= bit;
      const voted = majority(cornersOf(), (a, o) => layer.unitAt(o, a, code));
      if (voted >= 0) {
        this.fallbacks[corner]++;
        return voted;
      }
      this.fallbacks[nearest]++;
      return layer.nearestUnit(lon, lat, code);
    };
    const county = pick(counties, "countyByCorners", "countyNearest", NEAR_COUNTY);
    const district = pick(districts, "districtByCorners", "districtNearest", NEAR_DISTRICT);
    return { state, county, district, inferred };
  }
}
