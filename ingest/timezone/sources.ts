// Upstream inputs of the timezone family: timezone-boundary-builder polygons as packaged by
// geo-tz 8.1.9 (the full `timezones` product: every IANA zone keeps its own polygon; quadtree index +
// geobuf pieces).
import type { SourceEntry } from "../sources.ts";

const GEO_TZ = "https://cdn.jsdelivr.net/npm/geo-tz@8.1.9/data";
const LICENSE = "ODbL-1.0 (boundary data, timezone-boundary-builder); MIT (geo-tz packaging)";
const ATTRIBUTION =
  "Timezone boundaries © timezone-boundary-builder contributors (Evan Siroky), ODbL 1.0, from OpenStreetMap data © OpenStreetMap contributors; packaged by geo-tz 8.1.9";

export const TIMEZONE_SOURCES: readonly SourceEntry[] = [
  {
    id: "geo-tz-index",
    url: `${GEO_TZ}/timezones.geojson.index.json`,
    sha256: "1194d9bb0cb2b665c808c8012e04c88d15d85a75054f4fcf13fe0e880e52af47",
    bytes: 941298,
    vintage: "timezone-boundary-builder 2025b (geo-tz 8.1.9, timezones)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "timezones/geo-tz-8.1.9/timezones.geojson.index.json",
    mirroredAt: "2026-11-24",
  },
  {
    id: "geo-tz-data",
    url: `${GEO_TZ}/timezones.geojson.geo.dat`,
    sha256: "589f6f64e1c62718d791d6a4bf1b9ad6e3ab5c1fc1933bff852cc7d8c223f853",
    bytes: 30084741,
    vintage: "timezone-boundary-builder 2025b (geo-tz 8.1.9, timezones)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "timezones/geo-tz-8.1.9/timezones.geojson.geo.dat",
    mirroredAt: "2026-11-24",
  },
];
