// POST /v1/transform, framework-free: parse, resolve both CRSs, read the positions, take them to
// the source's geographic CRS, shift datums (revision B), project to the target, rebuild the shape.
import type { CrsRecord } from "../../../artifacts/format/crs-record.ts";
import type { SchemaTypes } from "../../types/schema-types.ts";
import { Refusal } from "../refusal.ts";
import { type DatumShiftResult, shiftDatum } from "./datum-shift.ts";
import { geoJsonPositions } from "./geojson-positions.ts";
import { type PositionSet, readCoordinates } from "./position-walk.ts";
import { currentEpoch, helmertDatumGap } from "./revision-a-datum-gap.ts";
import type { TransformDeps } from "./transform-deps.ts";
import {
  type CrsDescriptor,
  crsDescriptor,
  type DatumShiftReport,
  datumShiftReport,
  transformNotes,
} from "./transform-report.ts";
import { parseTransformRequest } from "./transform-request.ts";

export interface TransformResponse {
  from: CrsDescriptor;
  to: CrsDescriptor;
  count: number;
  datumShiftApplied: boolean;
  notes: string[];
  coordinates?: unknown[];
  geojson?: SchemaTypes["GeoJSON"];
  datumShift?: DatumShiftReport;
}

function wrap180(lon: number): number {
  return lon > 180 || lon < -180 ? lon - 360 * Math.floor((lon + 180) / 360) : lon;
}

/** Positions → lon/lat of the source's geographic CRS (inverse projection for projected sources). */
function toGeographic(
  from: CrsRecord,
  set: PositionSet,
  field: string,
  deps: TransformDeps,
): [Float64Array, Float64Array] {
  const n = set.positions.length;
  const lon = new Float64Array(n);
  const lat = new Float64Array(n);
  const projection = from.kind === "projected" ? deps.registry.projection(from) : undefined;
  for (const [i, [x, y]] of set.positions.entries()) {
    if (projection) {
      if (!projection.inverseInto(x, y, lon, lat, i))
        throw new Refusal("outside_projection_domain", {
          field: "from",
          index: i,
          path: set.pathOf(i),
          crs: `EPSG:${from.code}`,
        });
      continue;
    }
    if (x < -180 || x > 180 || y < -90 || y > 90) {
      const axis = x < -180 || x > 180 ? "longitude" : "latitude";
      throw new Refusal("coordinate_out_of_range", {
        field,
        index: i,
        path: set.pathOf(i),
        axis,
        value: axis === "longitude" ? x : y,
      });
    }
    lon[i] = x;
    lat[i] = y;
  }
  return [lon, lat];
}

/** lon/lat of the target's geographic CRS → the target's coordinates, interleaved. */
function fromGeographic(
  to: CrsRecord,
  set: PositionSet,
  lon: Float64Array,
  lat: Float64Array,
  deps: TransformDeps,
): Float64Array {
  const xy = new Float64Array(lon.length * 2);
  const projection = to.kind === "projected" ? deps.registry.projection(to) : undefined;
  for (let i = 0; i < lon.length; i++) {
    if (!projection) {
      xy[2 * i] = wrap180(lon[i] as number);
      xy[2 * i + 1] = lat[i] as number;
      continue;
    }
    if (!projection.forwardInto(lon[i] as number, lat[i] as number, xy, i))
      throw new Refusal("outside_projection_domain", {
        field: "to",
        index: i,
        path: set.pathOf(i),
        crs: `EPSG:${to.code}`,
      });
  }
  return xy;
}

export async function runTransform(body: unknown, deps: TransformDeps): Promise<TransformResponse> {
  const req = parseTransformRequest(body, deps.revision);
  const from = deps.registry.resolve(req.from, "from", deps.revision);
  const to = deps.registry.resolve(req.to, "to", deps.revision);
  const input =
    req.coordinates !== undefined
      ? ({ field: "coordinates", set: readCoordinates(req.coordinates) } as const)
      : ({ field: "geojson", set: geoJsonPositions(req.geojson) } as const);
  const { field, set } = input;
  const [lon, lat] = toGeographic(from, set, field, deps);
  const gap =
    deps.revision === "A" && from.base.code !== to.base.code
      ? helmertDatumGap(deps.registry, from, to, lon, lat, currentEpoch())
      : undefined;
  let shift: DatumShiftResult | undefined;
  if (deps.revision === "B") {
    shift = await shiftDatum({
      lon,
      lat,
      from,
      to,
      epoch: req.epoch,
      registry: deps.registry,
      grids: deps.grids,
      pathOf: set.pathOf,
    });
  }
  const xy = fromGeographic(to, set, lon, lat, deps);
  const applied = shift !== undefined && shift.operations.length > 0;
  return {
    from: crsDescriptor(from),
    to: crsDescriptor(to),
    count: set.positions.length,
    datumShiftApplied: applied,
    notes: transformNotes({ from, to, set, revision: deps.revision, shift, epoch: req.epoch, gap }),
    ...(input.field === "coordinates"
      ? { coordinates: input.set.rebuild(xy) }
      : { geojson: input.set.rebuild(xy) }),
    ...(shift
      ? {
          datumShift: datumShiftReport({
            from,
            to,
            shift,
            epoch: req.epoch,
            epochGiven: req.epochGiven,
            deps,
          }),
        }
      : {}),
  };
}
