// The GeoJSON tools the benchmark compares, each taking the document text (parsing included, as a
// caller would) and saying valid or not. geo402's verdict is the route's (schema refusals count
// as "not valid"); check-geojson's is "did not throw"; @turf/boolean-valid judges geometries, so
// a FeatureCollection is valid when every feature's geometry is, and a throw counts as "not valid".
import rewind from "@mapbox/geojson-rewind";
import { check } from "@placemarkio/check-geojson";
import { booleanValid } from "@turf/boolean-valid";
import { repairGeoJSON } from "../../service/geo/geojson/repair.ts";
import { routeVerdict, saysValid } from "../conformance/route-verdict.ts";

export type Tool =
  | "geo402 validate"
  | "check-geojson"
  | "@turf/boolean-valid"
  | "geo402 repair"
  | "geojson-rewind";

export const TOOLS: Record<Tool, (text: string) => boolean> = {
  "geo402 validate": (text) => saysValid(routeVerdict(text)),
  "check-geojson": (text) => {
    try {
      check(text);
      return true;
    } catch {
      return false;
    }
  },
  "@turf/boolean-valid": (text) => {
    try {
      const doc = JSON.parse(text);
      if (doc?.type === "FeatureCollection") {
        return Array.isArray(doc.features) && doc.features.every((f: unknown) => booleanValid(f as never));
      }
      return booleanValid(doc);
    } catch {
      return false;
    }
  },
  "geo402 repair": (text) => repairGeoJSON(JSON.parse(text)).unrepaired.every((i) => i.severity !== "error"),
  "geojson-rewind": (text) => {
    rewind(JSON.parse(text));
    return true;
  },
};
